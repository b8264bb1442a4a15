/**
 * The Remix request handler behind the Express edge, with the page cache in front of it: the
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
import { createPageCache, type PageCache } from './page-cache.ts';
import type { EdgeRefusal } from './security.ts';

/** The portal's page cache: ten seconds, at most 500 pages and 32 MB (decision 050). */
export function portalPageCache(): PageCache {
  const { pageCacheResults } = metrics();
  return createPageCache({
    ttlMs: 10_000,
    maxEntries: 500,
    maxTotalBytes: 32 * 1024 * 1024,
    maxBytes: 512 * 1024,
    sharedCookies: [cookieName(consentCookieName), cookieName(languageCookieName)],
    maintenanceStamp: () => runtime().maintenanceStamp(),
    onResult: (result) => pageCacheResults.inc({ result }),
  });
}

export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  /** null: every page is rendered for its request (development). */
  pageCache: PageCache | null;
  requestId: (req: Parameters<RequestHandler>[0]) => string;
}): RequestHandler {
  const { pageCache } = options;
  const handleRequest = createRequestHandler(options.build, options.mode);
  return asyncHandler(async (req, res) => {
    const nonce = res.locals.cspNonce as string;
    const key = pageCache ? await pageCache.keyFor(req, res) : null;
    const kept = key ? pageCache?.get(key) : undefined;
    if (kept) return pageCache?.send(res, kept, nonce);
    const response = await handleRequest(createRemixRequest(req, res), {
      cspNonce: nonce,
      clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
      requestId: options.requestId(req),
      refusal: res.locals.refusal as EdgeRefusal | undefined,
    });
    const page = key ? await pageCache?.keep(key, response, nonce) : null;
    if (page) return pageCache?.send(res, page, nonce);
    await sendRemixResponse(res, response);
  });
}
