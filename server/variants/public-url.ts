/**
 * Absolute links (the password-reset mail, the payment provider's return addresses, the
 * bank-identity callback, letter links) are built from the configured address only: never from
 * the request's Host or X-Forwarded-Host, which anyone can set. PUBLIC_BASE_URL gives scheme and
 * host; a variant that VARIANT_HOSTS maps to a host of its own gets that host (same scheme).
 *
 * The one exception is the demo mode without PUBLIC_BASE_URL (decision 061): a newcomer opens
 * the portal at whatever loopback address they like (http://127.0.0.1:3000, localhost, [::1],
 * any port), and a link back to another name would leave their cookies behind and be refused by
 * the page's `form-action 'self'`. There, and only for a Host that names the loopback interface,
 * the request's own origin is used (`withRequestHost` around each request); otherwise
 * http://localhost:PORT.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { env, isDemo, type Env } from '../env.ts';
import type { Variant } from './config.ts';
import { parseHostMap, withBase } from './resolve.ts';

/**
 * One store per process: the Express edge (server/http/main.ts) sets it, the Remix routes read it;
 * both are one module graph (decision 076), so this module's own state is the process's.
 */
const requestHost = new AsyncLocalStorage<string>();

/**
 * Whether `publicOrigin` can read the request's Host header at all: only in the demo mode without
 * PUBLIC_BASE_URL. Elsewhere (every deployment) the edge does not wrap requests in
 * `withRequestHost`: on Node 20 an AsyncLocalStorage that has run once makes every promise of the
 * process pass through its hooks, 3 to 5 % of a chat turn's CPU (issue 28).
 */
export function requestHostRead(e: Env = env()): boolean {
  return isDemo(e) && !e.PUBLIC_BASE_URL;
}

/**
 * Runs `next` (the rest of one request's handling) with the request's Host header at hand for
 * `publicOrigin`. The header is only ever used as described above.
 */
export function withRequestHost<T>(host: string | undefined, next: () => T): T {
  return requestHost.run(host ?? '', next);
}

/**
 * `http://<host>` when the Host header names the loopback interface exactly (localhost,
 * 127.0.0.0/8 written out in full, [::1]) with an optional port, else null. Anything unusual
 * (user info, a path, another spelling the URL parser would rewrite) counts as not loopback.
 */
export function loopbackOrigin(host: string | undefined): string | null {
  if (!host || host.length > 64) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  if (url.host !== host.toLowerCase() || url.pathname !== '/' || url.username || url.password) return null;
  const name = url.hostname;
  const loopback = name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
  return loopback ? url.origin : null;
}

/** Scheme, host and port the portal is reached at: no path, no trailing slash. */
export function publicOrigin(variant?: Pick<Variant, 'id'>, e: Env = env()): string {
  const base = e.PUBLIC_BASE_URL ? new URL(e.PUBLIC_BASE_URL) : new URL(demoOrigin(e));
  if (variant) {
    // The first host VARIANT_HOSTS names for this variant, e.g. portal.paycare.example=paycare.
    const own = [...parseHostMap(e.VARIANT_HOSTS)].find(([, id]) => id === variant.id)?.[0];
    if (own) return `${base.protocol}//${own}`;
  }
  return base.origin;
}

/** Without PUBLIC_BASE_URL: the loopback address this request came to (demo mode only), else localhost. */
function demoOrigin(e: Env): string {
  const own = requestHostRead(e) ? loopbackOrigin(requestHost.getStore()) : null;
  return own ?? `http://localhost:${e.PORT}`;
}

/** An absolute link to a path inside a variant: publicUrl(variant, '/password/reset/abc'). */
export function publicUrl(variant: Pick<Variant, 'id' | 'basePath'>, path: string, e: Env = env()): string {
  return `${publicOrigin(variant, e)}${withBase(variant, path)}`;
}
