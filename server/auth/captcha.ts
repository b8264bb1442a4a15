/**
 * Self-hosted, privacy-friendly captcha: an ALTCHA proof of work. The browser solves a small
 * hash puzzle (no tracking, no third party); the server checks the signed solution and accepts
 * each challenge only once.
 *
 * The puzzle's size follows the failed sign-ins of the window (issue 25, finding 7): a first
 * attempt gets a small one, each failure doubles it up to a ceiling. The size is written into the
 * challenge's signed salt, so a solution of a smaller puzzle than the attempt needs is refused.
 */
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { lt } from 'drizzle-orm';
import { securityConfig } from '../config/security.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { keyedHash, sha256Hex } from '../security/crypto.ts';
import { sessionSecret } from '../env.ts';

const hmacKey = () => keyedHash('captcha', sessionSecret());

/** The puzzle's bound after this many failed sign-ins: the first bound, doubled per failure, up to the ceiling. */
export function captchaMaxNumber(failures: number): number {
  const { maxNumber, hardestNumber } = securityConfig().captcha;
  const doublings = Math.min(Math.max(0, Math.floor(failures)), 30);
  return Math.max(maxNumber, Math.min(hardestNumber, maxNumber * 2 ** doublings));
}

/** A challenge for an attempt that follows this many failed sign-ins (0: a first attempt). */
export async function newCaptchaChallenge(failures = 0, now = new Date()): Promise<Challenge> {
  const { expiresMinutes } = securityConfig().captcha;
  const maxNumber = captchaMaxNumber(failures);
  return createChallenge({
    hmacKey: hmacKey(),
    maxNumber,
    // In the salt, and so covered by the signature: the size the solution was found in.
    params: { max: String(maxNumber) },
    expires: new Date(now.getTime() + expiresMinutes * 60_000),
  });
}

/** True once per challenge, for a valid, unexpired solution of it. */
export async function redeemCaptcha(
  db: Database,
  payload: string | null | undefined,
  now = new Date(),
): Promise<boolean> {
  return (await redeemCaptchaAfter(db, payload, 0, now)) === 'redeemed';
}

/**
 * Redeems a solution for an attempt after this many failed sign-ins: `redeemed` once per challenge
 * for a valid, unexpired solution of a puzzle at least as large as they call for; `tooSmall` for a
 * valid solution of a smaller one (the form then asks for a larger puzzle); `refused` otherwise.
 */
export async function redeemCaptchaAfter(
  db: Database,
  payload: string | null | undefined,
  failures: number,
  now = new Date(),
): Promise<'redeemed' | 'tooSmall' | 'refused'> {
  if (!payload || payload.length > 2000) return 'refused';
  let solution: unknown;
  let valid = false;
  try {
    solution = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    valid = await verifySolution(payload, hmacKey(), true);
  } catch {
    return 'refused';
  }
  if (!valid || !solution || typeof solution !== 'object') return 'refused';
  const { signature: challengeSignature, salt } = solution as { signature?: unknown; salt?: unknown };
  if (typeof challengeSignature !== 'string' || typeof salt !== 'string') return 'refused';
  const solvedIn = Number(new URLSearchParams(salt.split('?')[1] ?? '').get('max'));
  if (!(solvedIn >= captchaMaxNumber(failures))) return 'tooSmall';
  // Redeemed by the challenge, never by the payload's text: the same solution re-encoded (another
  // `took`, whitespace, the number as text, another field order) is the same challenge. The
  // server's signature names the challenge (it is the HMAC of its hash, which the salt fixes),
  // and verifySolution has just compared it with the one it computes.
  const signature = sha256Hex(`captcha-challenge:${challengeSignature}`);
  const { expiresMinutes } = securityConfig().captcha;
  await db.delete(t.captchaRedemptions).where(lt(t.captchaRedemptions.expiresAt, now));
  const inserted = await db
    .insert(t.captchaRedemptions)
    .values({ signature, expiresAt: new Date(now.getTime() + expiresMinutes * 60_000) })
    .onConflictDoNothing()
    .returning({ signature: t.captchaRedemptions.signature });
  return inserted.length === 1 ? 'redeemed' : 'refused';
}

/** redeemCaptcha as a page calls it: it opens the database itself (decision 077). */
export const redeemCaptchaForPage = withDatabase(redeemCaptcha);

/** redeemCaptchaAfter as a page calls it: it opens the database itself (decision 077). */
export const redeemCaptchaAfterForPage = withDatabase(redeemCaptchaAfter);
