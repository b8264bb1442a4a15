/**
 * The Remix request handler behind the Express edge, with the page caches in front of it: the
 * same piece serves the running portal (server/http/main.ts) and the tests' in-process app
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
import { idleMark, ownPages } from './own-pages.ts';
import {
  createPageCache,
  visitorPages,
  withMarks,
  type PageCache,
  type PageLookup,
  type PageMarks,
} from './page-cache.ts';
import { dropEdgeDuplicates, type EdgeRefusal } from './security.ts';

/**
 * The portal's page caches, each ten seconds, at most 32 MB of pages and none over 512 kB: a
 * visitor's public pages (500 at most, decision 050) and a debtor's own dashboard and claim
 * information (2,000 at most, decision 056).
 */
export function portalPageCaches(): PageCache[] {
  const { pageCacheResults } = metrics();
  const maintenanceStamp = () => runtime().maintenanceStamp();
  const common = { ttlMs: 10_000, maxTotalBytes: 32 * 1024 * 1024, maxBytes: 512 * 1024 };
  return [
    createPageCache({
      ...common,
      maxEntries: 2_000,
      lookup: ownPages({ maintenanceStamp }),
      onResult: (result) => pageCacheResults.inc({ cache: 'debtor', result }),
    }),
    createPageCache({
      ...common,
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
    const session = found?.lookup.session;
    // The values this request's answer carries, taken when it is sent.
    const marksNow = (): PageMarks => ({
      nonce,
      idleMsLeft: session ? String(session.idleExpiresAt.getTime() - Date.now()) : undefined,
    });
    const kept = found?.cache.get(found.lookup);
    if (found && kept) return found.cache.send(res, kept, marksNow());

    const rendered: PageMarks = { nonce, idleMsLeft: session ? String(idleMark()) : undefined };
    const response = await handleRequest(createRemixRequest(req, res), {
      cspNonce: nonce,
      clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
      requestId: options.requestId(req),
      refusal: res.locals.refusal as EdgeRefusal | undefined,
      ...(session ? { pageSession: session, idleMsLeftMark: Number(rendered.idleMsLeft) } : {}),
    });
    dropEdgeDuplicates(res, response.headers);
    const page = found ? await found.cache.keep(found.lookup, response, rendered) : null;
    if (found && page) return found.cache.send(res, page, marksNow());
    // A debtor's page that is not kept (an error page, one that sets a cookie) still had the mark
    // rendered into its data: it is put right before the page leaves.
    if (session && /^text\/html\b/i.test(response.headers.get('content-type') ?? '')) {
      const body = withMarks(await response.text(), rendered, marksNow());
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return sendRemixResponse(
        res,
        new Response(body, { status: response.status, statusText: response.statusText, headers }),
      );
    }
    await sendRemixResponse(res, response);
  });
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
