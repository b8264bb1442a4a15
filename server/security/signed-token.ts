/**
 * Signed tokens for links (letter QR codes, password reset, reminder opt-out): a base64url JSON
 * payload and an HMAC over it, separated by a dot. The purpose is part of the key, so a token of
 * one kind is never accepted as another. Tokens with an `e` field (Unix seconds) expire.
 */
import type { z } from 'zod';
import { keyedHash, safeEqual } from './crypto.ts';

const signatureLength = 43;

/** How a token of either kind (signed here, sealed in sealed-token.ts) is read: its payload by `schema`, or null. */
export type TokenReader = <T extends z.ZodType<Record<string, unknown>>>(
  purpose: string,
  token: string | null | undefined,
  schema: T,
  now?: Date,
) => z.infer<T> | null;

export function signToken(purpose: string, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${keyedHash(purpose, body).slice(0, signatureLength)}`;
}

/** The payload of a token signed for `purpose`, or null: forged, changed, of another purpose, malformed or expired. */
export const readToken: TokenReader = (purpose, token, schema, now = new Date()) => {
  if (!token) return null;
  const [body, signature, extra] = token.split('.');
  if (
    !body ||
    !signature ||
    extra !== undefined ||
    !safeEqual(signature, keyedHash(purpose, body).slice(0, signatureLength))
  )
    return null;
  try {
    return tokenPayload(schema, Buffer.from(body, 'base64url').toString('utf8'), now);
  } catch {
    return null;
  }
};

/**
 * A token's JSON text read by `schema` (signed and sealed tokens alike): null when it does not fit
 * or its `e` (Unix seconds) has passed. Throws on text that is not JSON.
 */
export function tokenPayload<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  json: string,
  now: Date,
): z.infer<T> | null {
  const parsed = schema.safeParse(JSON.parse(json));
  if (!parsed.success) return null;
  const expires = (parsed.data as { e?: unknown }).e;
  if (typeof expires === 'number' && expires * 1000 < now.getTime()) return null;
  return parsed.data;
}
