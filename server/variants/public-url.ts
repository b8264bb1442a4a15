/**
 * Absolute links (the password-reset mail, the payment provider's return addresses, the
 * bank-identity callback, letter links) are built from the configured address only: never from
 * the request's Host or X-Forwarded-Host, which anyone can set. PUBLIC_BASE_URL gives scheme and
 * host; a variant that VARIANT_HOSTS maps to a host of its own gets that host (same scheme). In
 * the demo mode without PUBLIC_BASE_URL it is http://localhost:PORT.
 */
import { env, type Env } from '../env.ts';
import type { Variant } from './config.ts';
import { parseHostMap, withBase } from './resolve.ts';

/** Scheme, host and port the portal is reached at: no path, no trailing slash. */
export function publicOrigin(variant?: Pick<Variant, 'id'>, e: Env = env()): string {
  const base = e.PUBLIC_BASE_URL ? new URL(e.PUBLIC_BASE_URL) : new URL(`http://localhost:${e.PORT}`);
  if (variant) {
    // The first host VARIANT_HOSTS names for this variant, e.g. portal.paycare.example=paycare.
    const own = [...parseHostMap(e.VARIANT_HOSTS)].find(([, id]) => id === variant.id)?.[0];
    if (own) return `${base.protocol}//${own}`;
  }
  return base.origin;
}

/** An absolute link to a path inside a variant: publicUrl(variant, '/password/reset/abc'). */
export function publicUrl(variant: Pick<Variant, 'id' | 'basePath'>, path: string, e: Env = env()): string {
  return `${publicOrigin(variant, e)}${withBase(variant, path)}`;
}
