/**
 * Webhook signatures: HMAC-SHA256 over "<timestamp>.<raw body>", sent as
 * `Payment-Signature: t=<unix seconds>,v1=<hex>`. The timestamp limits replays to five minutes
 * back; a timestamp from the future is allowed only the clocks' small skew (issue 31, finding 7:
 * five minutes ahead would stretch the replay window to ten). The comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signatureHeader = 'Payment-Signature';
export const toleranceSeconds = 300;
/** How far ahead of this server's clock the sender's may be. */
export const futureSkewSeconds = 30;

export function sign(secret: string, rawBody: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureCheck = 'ok' | 'signature' | 'stale';

export function verifySignature(
  secret: string,
  rawBody: string,
  header: string | null,
  now: Date = new Date(),
): SignatureCheck {
  if (!header) return 'signature';
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const given = parts.v1 ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return 'signature';
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'signature';
  const age = now.getTime() / 1000 - t;
  if (age > toleranceSeconds || age < -futureSkewSeconds) return 'stale';
  return 'ok';
}
