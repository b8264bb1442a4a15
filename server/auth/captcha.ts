/**
 * Self-hosted, privacy-friendly captcha: an ALTCHA proof of work. The browser solves a small
 * hash puzzle (no tracking, no third party); the server checks the signed solution and accepts
 * each one only once.
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

/** True once per valid, unexpired solution. */
export async function redeemCaptcha(db: Database, payload: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!payload || payload.length > 2000) return false;
  let valid = false;
  try {
    valid = await verifySolution(payload, hmacKey(), true);
  } catch {
    return false;
  }
  if (!valid) return false;
  const signature = sha256Hex(payload);
  const { expiresMinutes } = securityConfig().captcha;
  await db.delete(t.captchaRedemptions).where(lt(t.captchaRedemptions.expiresAt, now));
  const inserted = await db
    .insert(t.captchaRedemptions)
    .values({ signature, expiresAt: new Date(now.getTime() + expiresMinutes * 60_000) })
    .onConflictDoNothing()
    .returning({ signature: t.captchaRedemptions.signature });
  return inserted.length === 1;
}
