import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sessionSecret } from '../env.ts';

/** A random token for cookies and links: 32 bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Keyed hash for values that must be matched but never stored in clear (reference numbers in
 * the attempt counter, client addresses, personal identity numbers). Domain-separated by purpose.
 */
export function keyedHash(purpose: string, value: string, secret: string = sessionSecret()): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
