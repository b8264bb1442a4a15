/**
 * Self-hosted, privacy-friendly captcha: an ALTCHA proof of work. The browser solves a small
 * hash puzzle (no tracking, no third party); the server checks the signed solution and accepts
 * each challenge only once.
 */
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { lt } from 'drizzle-orm';
import { securityConfig } from '../config/security.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { keyedHash, sha256Hex } from '../security/crypto.ts';
import { sessionSecret } from '../env.ts';

const hmacKey = () => keyedHash('captcha', sessionSecret());

export async function newCaptchaChallenge(now = new Date()): Promise<Challenge> {
  const { maxNumber, expiresMinutes } = securityConfig().captcha;
  return createChallenge({ hmacKey: hmacKey(), maxNumber, expires: new Date(now.getTime() + expiresMinutes * 60_000) });
}

/** True once per challenge, for a valid, unexpired solution of it. */
export async function redeemCaptcha(
  db: Database,
  payload: string | null | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!payload || payload.length > 2000) return false;
  let solution: unknown;
  let valid = false;
  try {
    solution = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    valid = await verifySolution(payload, hmacKey(), true);
  } catch {
    return false;
  }
  if (!valid || !solution || typeof solution !== 'object') return false;
  // Redeemed by the challenge, never by the payload's text: the same solution re-encoded (another
  // `took`, whitespace, the number as text, another field order) is the same challenge. The
  // server's signature names the challenge (it is the HMAC of its hash, which the salt fixes),
  // and verifySolution has just compared it with the one it computes.
  const { signature: challengeSignature } = solution as { signature?: unknown };
  if (typeof challengeSignature !== 'string') return false;
  const signature = sha256Hex(`captcha-challenge:${challengeSignature}`);
  const { expiresMinutes } = securityConfig().captcha;
  await db.delete(t.captchaRedemptions).where(lt(t.captchaRedemptions.expiresAt, now));
  const inserted = await db
    .insert(t.captchaRedemptions)
    .values({ signature, expiresAt: new Date(now.getTime() + expiresMinutes * 60_000) })
    .onConflictDoNothing()
    .returning({ signature: t.captchaRedemptions.signature });
  return inserted.length === 1;
}
