/**
 * Setting a new portal password: after a forced change (no old password asked, the session is
 * proof enough) or from the profile (the old password must match). The session is rotated.
 *
 * Only a full session may do either. Without the old password, only a full session of a debtor
 * whose change is forced: a reference-only session proves no more than knowing a reference
 * number, which must never be enough to take the account over (issue 10, finding 1).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { checkPassword, type PasswordProblem } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import type { ActiveSession } from './session.ts';

export const changePasswordInput = z.object({
  oldPassword: z.string().max(256).optional(),
  newPassword: z.string().max(256),
});

/** Full login always; without the old password, only while a change is forced. */
export function mayChangePassword(
  session: Pick<ActiveSession, 'level' | 'mustChangePassword'>,
  options: { requireOld: boolean },
): boolean {
  if (session.level !== 'full') return false;
  return options.requireOld || session.mustChangePassword;
}

export type ChangePasswordResult =
  | { ok: true; cookie: string; token: string }
  | { ok: false; error: 'wrongOld' | PasswordProblem | 'sameAsOld' | 'notAllowed' };

export async function changePassword(
  db: Database,
  session: ActiveSession,
  raw: z.infer<typeof changePasswordInput>,
  options: { requireOld: boolean; clientAddress?: string; now?: Date; channel?: 'web' | 'api' },
): Promise<ChangePasswordResult> {
  const input = changePasswordInput.parse(raw);
  if (!mayChangePassword(session, options)) {
    await audit(db, {
      actor: 'debtor',
      action: 'password.change.refused',
      debtorId: session.debtorId,
      fileId: session.fileId,
      clientAddress: options.clientAddress,
      detail: { level: session.level, forced: session.mustChangePassword },
    });
    return { ok: false, error: 'notAllowed' };
  }
  const [debtor] = await db
    .select({
      id: t.debtors.id,
      hash: t.debtors.passwordHash,
      firstName: t.debtors.firstName,
      lastName: t.debtors.lastName,
      email: t.debtors.email,
      refno: t.files.refno,
    })
    .from(t.debtors)
    .innerJoin(t.files, eq(t.files.id, session.fileId))
    .where(eq(t.debtors.id, session.debtorId));
  if (!debtor) return { ok: false, error: 'wrongOld' };
  if (options.requireOld && !(await verifyPassword(debtor.hash, input.oldPassword ?? ''))) {
    await audit(db, {
      actor: 'debtor',
      action: 'password.change.wrongOld',
      debtorId: debtor.id,
      clientAddress: options.clientAddress,
    });
    return { ok: false, error: 'wrongOld' };
  }
  const userInputs = [debtor.refno, debtor.firstName, debtor.lastName, debtor.email?.split('@')[0]].filter(
    (v): v is string => !!v,
  );
  const verdict = await checkPassword(input.newPassword, userInputs);
  if (!verdict.ok) return { ok: false, error: verdict.problem };
  if (await verifyPassword(debtor.hash, input.newPassword)) return { ok: false, error: 'sameAsOld' };

  const now = options.now ?? new Date();
  await db
    .update(t.debtors)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      mustChangePassword: false,
      passwordChangedAt: now,
      updatedAt: now,
    })
    .where(eq(t.debtors.id, debtor.id));
  // Every other session of this debtor ends; this one is replaced by a fresh token.
  await db.delete(t.sessions).where(eq(t.sessions.debtorId, debtor.id));
  const { cookie, token } = await createSession(
    db,
    { debtorId: debtor.id, fileId: session.fileId, loginType: session.loginType, level: 'full' },
    { now, channel: options.channel },
  );
  await audit(db, {
    actor: 'debtor',
    action: 'password.changed',
    debtorId: debtor.id,
    clientAddress: options.clientAddress,
    at: now,
  });
  return { ok: true, cookie, token };
}

/** changePassword as a page calls it: it opens the database itself (decision 077). */
export const changePasswordForPage = withDatabase(changePassword);
