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

    const response = await handleRequest(createRemixRequest(req, res), {
      cspNonce: nonce,
      clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
      requestId: options.requestId(req),
      refusal: res.locals.refusal as EdgeRefusal | undefined,
    });
    dropEdgeDuplicates(res, response.headers);
    const page = found ? await found.cache.keep(found.lookup, response, { nonce }) : null;
    if (found && page) return found.cache.send(res, page, { nonce });
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
