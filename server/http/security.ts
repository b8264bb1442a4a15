import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { randomBytes } from 'node:crypto';

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
export function securityHeaders(options: { secure: boolean; dev: boolean; frameablePaths?: string[]; connectOrigins?: string[] }) {
  const frameable = options.frameablePaths ?? [];
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = `'nonce-${res.locals.cspNonce as string}'`;
    const framingAllowed = frameable.some((p) => req.path.startsWith(p));
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonce, "'strict-dynamic'", ...(options.dev ? ["'unsafe-eval'"] : [])],
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
    })(req, res, next);
  };
}

/**
 * Cross-site form posts are refused: a state-changing request must come from this origin.
 * Browsers send Origin on every POST; where it is missing (old browsers), Sec-Fetch-Site or the
 * Referer decides. Webhook paths (providers post from their servers) are exempt and verified by
 * signature instead.
 */
export function sameOriginWrites(options: { allowedOrigins: () => string[]; exemptPaths?: string[] }) {
  const exempt = options.exemptPaths ?? [];
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    if (exempt.some((p) => req.path.startsWith(p))) return next();
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    const allowed = new Set([own, ...options.allowedOrigins()]);
    const origin = req.get('origin');
    // "null" is sent by pages with a no-referrer policy and by sandboxed frames: decide by Sec-Fetch-Site.
    if (origin && origin !== 'null') return allowed.has(origin) ? next() : refuse(res);
    const site = req.get('sec-fetch-site');
    if (site) return site === 'same-origin' || site === 'none' ? next() : refuse(res);
    const referer = req.get('referer');
    if (referer) {
      try {
        return allowed.has(new URL(referer).origin) ? next() : refuse(res);
      } catch {
        return refuse(res);
      }
    }
    // Neither header: not a browser form post (curl, server-to-server). Cookies are SameSite=Lax,
    // so a cross-site browser post could not carry the session anyway.
    return next();
  };
}

function refuse(res: Response) {
  res.status(403).type('text/plain').send('Cross-site request refused');
}
