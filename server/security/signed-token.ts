/**
 * Signed tokens for links (letter QR codes, password reset, reminder opt-out): a base64url JSON
 * payload and an HMAC over it, separated by a dot. The purpose is part of the key, so a token of
 * one kind is never accepted as another. Tokens with an `e` field (Unix seconds) expire.
 */
import type { z } from 'zod';
import { keyedHash, safeEqual } from './crypto.ts';

const signatureLength = 43;

export function signToken(purpose: string, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${keyedHash(purpose, body).slice(0, signatureLength)}`;
}

export function readToken<T extends z.ZodType<Record<string, unknown>>>(
  purpose: string,
  token: string | null | undefined,
  schema: T,
  now = new Date(),
): z.infer<T> | null {
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
    const parsed = schema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    const expires = (parsed.data as { e?: unknown }).e;
    if (typeof expires === 'number' && expires * 1000 < now.getTime()) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
