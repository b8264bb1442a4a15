/**
 * The Remix request handler behind the Express edge, with the visitor page cache in front of it:
 * the same piece serves the running portal (server/http/main.ts) and the tests' in-process app
 * (tests/helpers/remix-app.ts), so what the tests check is what runs.
 */
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { RequestHandler } from 'express';
import { cookieName } from '../auth/cookies.ts';
import { languageCookieName } from '../i18n/negotiate.ts';
import { consentCookieName } from '../privacy/consent.ts';
import { runtime } from '../runtime.ts';
import { asyncHandler } from './async-handler.ts';
import { metrics } from './metrics.ts';
import { sendDocument, setStatusAndHeaders, type DocumentBody } from './document-body.ts';
import { createPageCache, visitorPages, type PageCache, type PageLookup } from './page-cache.ts';
import { dropEdgeDuplicates, type EdgeRefusal } from './security.ts';

/**
 * The portal's page cache: a visitor's public pages, ten seconds, at most 500 pages and 32 MB,
 * none over 512 kB (decision 050). A debtor's own pages are rendered for every request (decision
 * 074).
 */
export function portalPageCaches(): PageCache[] {
  const { pageCacheResults } = metrics();
  const maintenanceStamp = () => runtime().maintenanceStamp();
  return [
    createPageCache({
      ttlMs: 10_000,
      maxTotalBytes: 32 * 1024 * 1024,
      maxBytes: 512 * 1024,
      maxEntries: 500,
      lookup: visitorPages({
        sharedCookies: [cookieName(consentCookieName), cookieName(languageCookieName)],
        maintenanceStamp,
      }),
      onResult: (result) => pageCacheResults.inc({ cache: 'visitor', result }),
    }),
  ];
}

export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  /** Tried in order; the first that has a key for the request serves it. None: every page is rendered for its request (development). */
  pageCaches: PageCache[];
  requestId: (req: Parameters<RequestHandler>[0]) => string;
}): RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  return asyncHandler(async (req, res) => {
    const nonce = res.locals.cspNonce as string;
    const found = await lookUp(options.pageCaches, req, res);
    const kept = found?.cache.get(found.lookup);
    if (found && kept) return found.cache.send(res, kept, { nonce });

    // A document rendered for this request alone is sent from its Node stream (decision 129); one
    // the cache may keep, and the answer to HEAD (Remix makes a new `Response` for it), come as
    // web streams.
    const documentBody: DocumentBody | undefined = found || req.method === 'HEAD' ? undefined : {};
    const response = await handleRequest(createRemixRequest(req, res), {
      cspNonce: nonce,
      clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
      requestId: options.requestId(req),
      refusal: res.locals.refusal as EdgeRefusal | undefined,
      documentBody,
    });
    dropEdgeDuplicates(res, response.headers);
    if (documentBody?.body) {
      if (documentBody.response === response) return sendDocument(res, response, documentBody.body);
      // Remix answered with a `Response` of its own instead of the render's: the render's body is
      // read and dropped, and Remix's answer is sent as it is.
      documentBody.body.resume();
    }
    const page = found ? await found.cache.keep(found.lookup, response, { nonce }) : null;
    if (found && page) return found.cache.send(res, page, { nonce });
    if (response.body && /text\/event-stream/i.test(response.headers.get('Content-Type') ?? ''))
      await sendEventStream(res, response, response.body);
    else await sendRemixResponse(res, response);
  });
}

type ExpressResponse = Parameters<RequestHandler>[1];

/**
 * An event stream (the assistant's answer) sent with what arrives within one turn of the event
 * loop written as one piece (issue 28). The answer's events come through a chain of streams one
 * by one, and Remix's adapter wrote each as a write to the socket of its own: seven or eight per
 * chat turn, each a system call that cost more than the event. A language model's text still
 * streams: what arrives in a later turn goes out in a later write. Backpressure and a client that
 * goes away are handled as the adapter handles them.
 */
export async function sendEventStream(res: ExpressResponse, response: Response, body: ReadableStream<Uint8Array>) {
  setStatusAndHeaders(res, response);
  const reader = body.getReader();
  let closed = false;
  res.once('close', () => {
    closed = true;
    reader.cancel().catch(() => {});
  });
  let pending: Uint8Array[] = [];
  let scheduled: Promise<void> | null = null;
  const flush = async () => {
    scheduled = null;
    if (pending.length === 0 || closed) return;
    const piece = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    const more = res.write(piece);
    // compression's flush: an event must reach the client now, not when the compressor's buffer is full.
    (res as ExpressResponse & { flush?: () => void }).flush?.();
    if (!more && !closed) await new Promise((resolve) => res.once('drain', resolve));
  };
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      pending.push(next.value);
      scheduled ??= new Promise((resolve) => setImmediate(resolve)).then(flush);
    }
    await scheduled;
    await flush();
  } finally {
    if (!closed) res.end();
  }
}

/** The first cache that has a key for the request, with that key; null when none keeps its answer. */
async function lookUp(
  caches: PageCache[],
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
): Promise<{ cache: PageCache; lookup: PageLookup } | null> {
  for (const cache of caches) {
    const lookup = await cache.keyFor(req, res);
    if (lookup) return { cache, lookup };
  }
  return null;
}
