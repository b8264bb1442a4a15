/**
 * Changing the password from the profile (spec 2.1 /debtor/profile/password, 5, 7
 * `UpdatePassword`): the old password must be right, the new one must follow the policy
 * (auth/password-policy.ts). The work is done by auth/password-change.ts, which ends every other
 * session and gives this one a fresh token. Wrong old passwords count against the same limit
 * as sign-in attempts, so the form cannot be used to guess a password.
 */
import { eq } from 'drizzle-orm';
import { beginAttempt, settleAttempt } from '../auth/attempts.ts';
import { changePassword, type ChangePasswordResult } from '../auth/password-change.ts';
import type { ActiveSession } from '../auth/session.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

export type ProfilePasswordResult = ChangePasswordResult | { ok: false; error: 'locked'; retryAfterSeconds: number };

export async function changeProfilePassword(
  db: Database,
  session: ActiveSession,
  input: { oldPassword: string; newPassword: string },
  ctx: { clientAddress: string; now?: Date; channel?: 'web' | 'api' },
): Promise<ProfilePasswordResult> {
  const now = ctx.now ?? new Date();
  const [file] = await db.select({ refno: t.files.refno }).from(t.files).where(eq(t.files.id, session.fileId));
  const keys = { client: ctx.clientAddress, reference: file?.refno };
  const lock = await beginAttempt(db, keys, now);
  if (lock.locked) return { ok: false, error: 'locked', retryAfterSeconds: lock.retryAfterSeconds };
  const result = await changePassword(db, session, input, {
    requireOld: true,
    clientAddress: ctx.clientAddress,
    now,
    channel: ctx.channel,
  });
  // Only a wrong old password is a failed guess.
  await settleAttempt(db, lock.ticket, result.ok || result.error !== 'wrongOld');
  return result;
}

/** changeProfilePassword as a page calls it: it opens the database itself (decision 077). */
export const changeProfilePasswordForPage = withDatabase(changeProfilePassword);
