import { isSecureDeployment } from '../env.ts';

/**
 * Cookie names and attributes. Behind HTTPS every cookie is __Host- prefixed and Secure;
 * plain-HTTP development uses the same names without the prefix (browsers refuse __Host-
 * cookies that are not Secure).
 */
export function cookieName(base: string): string {
  return isSecureDeployment() ? `__Host-${base}` : base;
}

export function serializeCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds?: number; httpOnly?: boolean } = {},
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (isSecureDeployment()) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join('; ');
}

export function clearCookie(name: string): string {
  return serializeCookie(name, '', { maxAgeSeconds: 0 });
}
