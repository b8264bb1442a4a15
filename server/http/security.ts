import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { randomBytes } from 'node:crypto';
import { defaultVariantId, variants } from '../variants/config.ts';
import { variantFromPath } from '../variants/resolve.ts';
import { bodyLimitFor, declaredLengthExceeds } from './request-body.ts';

/** A fresh nonce per request for the Content-Security-Policy and every inline script. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

/**
 * Security headers (OWASP ASVS level 2 as the yardstick): an enforced CSP with a per-request
 * nonce, no plugins, no base tag, no framing; nosniff; a strict referrer policy; HSTS only
 * behind HTTPS. Paths listed in `frameablePaths` (the card provider's iframe page, later) may be
 * framed by the portal itself.
 */
export function securityHeaders(options: {
  secure: boolean;
  dev: boolean;
  frameablePaths?: string[];
  connectOrigins?: string[];
}) {
  const frameable = options.frameablePaths ?? [];
  // Built once for each of the two framing rules; the nonce is read from the response per request.
  const headersFor = (framingAllowed: boolean) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`,
            "'strict-dynamic'",
            ...(options.dev ? ["'unsafe-eval'"] : []),
          ],
          styleSrc: ["'self'", ...(options.dev ? ["'unsafe-inline'"] : [])],
          // Inline style attributes (brand colours as custom properties) are allowed, style tags are not.
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...(options.connectOrigins ?? []), ...(options.dev ? ['ws:'] : [])],
          mediaSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameSrc: ["'self'"],
          frameAncestors: framingAllowed ? ["'self'"] : ["'none'"],
          upgradeInsecureRequests: options.secure ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.secure ? { maxAge: 63072000, includeSubDomains: true } : false,
      xFrameOptions: framingAllowed ? { action: 'sameorigin' } : { action: 'deny' },
    });
  const framed = headersFor(true);
  const unframed = headersFor(false);
  return (req: Request, res: Response, next: NextFunction) =>
    (frameable.some((p) => req.path.startsWith(p)) ? framed : unframed)(req, res, next);
}

/**
 * Before a route's answer is written after the edge's headers: a header the route sets to the very
 * value the edge already set (a download's `X-Content-Type-Options: nosniff`) is left to the route,
 * so it goes out once, not as "nosniff, nosniff" (issue 31, finding 9). A different value is still
 * added beside the edge's (two CSPs are both enforced, so a route can only narrow the edge's).
 */
export function dropEdgeDuplicates(res: Response, headers: Headers): void {
  for (const [name, value] of headers) {
    if (name === 'set-cookie') continue;
    if (String(res.getHeader(name) ?? '').toLowerCase() === value.toLowerCase()) res.removeHeader(name);
  }
}

/** Why the edge refused a request before the portal read it; the page says it in the debtor's language. */
export type EdgeRefusal = { status: 403; reason: 'crossSite' } | { status: 413; reason: 'tooLarge' };

/** Above this declared length the connection is closed after the answer instead of draining the body. */
const drainAtMostBytes = 64 * 1024 * 1024;

/**
 * Answers a refused request with the portal's own page for the refusal (app/routes/$portal.refused.tsx,
 * decision 023) instead of a bare text: the request goes on into Remix as a GET of that page in
 * the variant of its path, and the refusal travels in `res.locals.refusal` (the load context).
 * The body is never parsed: Node discards it after the answer (so the browser, still sending,
 * gets to see the page), and a body declared absurdly large ends the connection instead.
 */
export function refuseWithPage(req: Request, res: Response, next: NextFunction, refusal: EdgeRefusal): void {
  res.locals.refusal = refusal;
  if (declaredLengthExceeds(req.get('content-length'), drainAtMostBytes)) res.set('Connection', 'close');
  // The JSON API answers its own refusals as problem details (app/routes/api.$.ts reads the refusal first).
  const refusedPath = normalizedPath(req.originalUrl);
  if (refusedPath?.startsWith('/api/') || refusedPath?.startsWith('/agency/')) return next();
  const base = variantFromPath(normalizedPath(req.originalUrl) ?? '/')?.basePath ?? variants[defaultVariantId].basePath;
  req.method = 'GET';
  req.url = `${base}/refused`;
  req.originalUrl = req.url;
  next();
}

/**
 * The path as the router sees it: dot segments resolved, as WHATWG URL parsing (and so Remix)
 * does. `/payments/webhook/../../serviceportal/consent` is the consent page, not a webhook.
 */
export function normalizedPath(url: string): string | null {
  try {
    // An origin-form target is a path even when it starts with `//`: the router reads
    // `//evil.example/api/x` as that path, so it must not be read as a host and the path `/api/x`
    // (which would borrow an exemption the router never applies). An absolute-form target
    // (`http://host/path`) is parsed as the address it is.
    return (url.startsWith('/') ? new URL(`http://portal.invalid${url}`) : new URL(url)).pathname;
  } catch {
    return null;
  }
}

/**
 * Cross-site form posts are refused: a state-changing request must come from this origin.
 * Browsers send Origin on every POST; where it is missing (old browsers), Sec-Fetch-Site or the
 * Referer decides. Webhook paths (providers post from their servers) are exempt and verified by
 * signature instead; they are matched on the normalised path, so dot segments cannot borrow
 * the exemption. An Origin whose host is not the one the request was sent to (X-Forwarded-Host
 * when a proxy set it, else Host) is refused too: Remix would abort such an action anyway.
 */
export function sameOriginWrites(options: { allowedOrigins: () => string[]; exemptPaths?: string[] }) {
  const exempt = options.exemptPaths ?? [];
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const refuse = () => refuseWithPage(req, res, next, { status: 403, reason: 'crossSite' });
    const path = normalizedPath(req.originalUrl);
    if (path === null) return refuse();
    if (exempt.some((p) => path.startsWith(p))) return next();
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    const allowed = new Set([own, ...options.allowedOrigins()]);
    const origin = req.get('origin');
    // "null" is sent by pages with a no-referrer policy and by sandboxed frames: decide by Sec-Fetch-Site.
    if (origin && origin !== 'null') {
      const forwardedHost = req.get('x-forwarded-host')?.split(',')[0]?.trim();
      const target = forwardedHost || req.get('host');
      return target && hostOf(origin) === target && allowed.has(origin) ? next() : refuse();
    }
    const site = req.get('sec-fetch-site');
    if (site) return site === 'same-origin' || site === 'none' ? next() : refuse();
    const referer = req.get('referer');
    if (referer) {
      try {
        return allowed.has(new URL(referer).origin) ? next() : refuse();
      } catch {
        return refuse();
      }
    }
    // Neither header: not a browser form post (curl, server-to-server). Cookies are SameSite=Lax,
    // so a cross-site browser post could not carry the session anyway.
    return next();
  };
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Every route's body is bounded (spec 5 for uploads; small for everything else): a body that
 * declares more than its kind may have is refused with 413 before a byte of it is read. A body
 * sent without a length is counted by the readers (`server/http/request-body.ts`) as it streams.
 */
export function bodyLimits() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    // An answer given before the body was read to its end (a refusal, a 404 before the form):
    // the rest is pulled off the wire and dropped, as Node does for a body nobody touched, so
    // the browser finishes sending and the connection stays usable. Nothing of it is kept.
    res.on('finish', () => {
      if (req.complete || req.destroyed) return;
      req.removeAllListeners('data');
      req.resume();
    });
    const limit = bodyLimitFor(req.get('content-type'), normalizedPath(req.originalUrl) ?? undefined);
    if (declaredLengthExceeds(req.get('content-length'), limit)) {
      return refuseWithPage(req, res, next, { status: 413, reason: 'tooLarge' });
    }
    return next();
  };
}

/**
 * The request target and the host as a browser sends them, or a 400 (issue 31, finding 4): the
 * Remix adapter builds the request's URL from the Host header (X-Forwarded-Host behind a trusted
 * proxy) and the target, and threw on anything else (a 500). An absolute-form target
 * (`GET http://host/path`, which HTTP/1.1 servers must accept and proxies send) is served as its
 * path when it names the host the request was sent to; one naming another host, the asterisk
 * form (`OPTIONS *`) and a Host that is not a plain host with an optional port are refused.
 */
export function requestTarget() {
  return (req: Request, res: Response, next: NextFunction) => {
    // HTTP/1.0 may omit Host (some load balancers' health checks do): only an origin-form target then.
    const sent = req.get('host');
    const host = sent === undefined ? undefined : plainHost(sent);
    if (host === null) return badTarget(res);
    // Express reads the host from X-Forwarded-Host instead when the proxy in front is trusted.
    const forwarded = req.get('x-forwarded-host');
    const trusted = req.app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
    if (
      forwarded !== undefined &&
      trusted(req.socket.remoteAddress, 0) &&
      plainHost(forwarded.split(',')[0]?.trim()) === null
    )
      return badTarget(res);
    if (req.url.startsWith('/')) return next();
    let target: URL;
    try {
      target = new URL(req.url);
    } catch {
      return badTarget(res);
    }
    if ((target.protocol !== 'http:' && target.protocol !== 'https:') || target.host !== host || target.username)
      return badTarget(res);
    req.url = `${target.pathname}${target.search}`;
    req.originalUrl = req.url;
    next();
  };
}

/** The host (and port) of a Host header, normalised as URLs write it; null when it is anything more or less. */
function plainHost(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(`http://${value}`);
    const plain = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
    return plain && !/[/?#@\\\s]/.test(value) ? url.host : null;
  } catch {
    return null;
  }
}

function badTarget(res: Response): void {
  res.status(400).set({ 'Cache-Control': 'no-store', Connection: 'close' }).type('text/plain').send('bad request');
}

/**
 * The portal's request guards in their order: server/http/main.ts mounts them, and the
 * hostile-input test mounts the same ones in front of every route action.
 */
export function requestGuards(options: { allowedOrigins: () => string[] }) {
  return [
    requestTarget(),
    sameOriginWrites({
      allowedOrigins: options.allowedOrigins,
      // Payment providers post from their servers; these routes check the signature on the raw body.
      // The JSON API takes bearer tokens and never reads a cookie: a cross-site page cannot borrow a session there.
      // So does the agency API (OAuth 2.0 client credentials, decision 086).
      exemptPaths: ['/payments/webhook/', '/serviceportal-ch/twintPostback', '/api/', '/agency/'],
    }),
    bodyLimits(),
  ];
}
