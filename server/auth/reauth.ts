/**
 * Asking for the password again before sensitive changes (a SEPA mandate, a profile change):
 * a correct password marks the session as freshly re-authenticated for a few minutes. Wrong
 * attempts count against the reference-number limit like sign-in attempts.
 */
import { eq } from 'drizzle-orm';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { beginAttempt, settleAttempt } from './attempts.ts';
import { verifyPassword } from './passwords.ts';
import type { ActiveSession } from './session.ts';

export const reauthValidMinutes = 5;

export type ReauthResult =
  { ok: true } | { ok: false; error: 'wrongPassword' } | { ok: false; error: 'locked'; retryAfterSeconds: number };

export async function confirmPassword(
  db: Database,
  session: Pick<ActiveSession, 'idHash' | 'fileId' | 'debtorId'>,
  password: string,
  ctx: { clientAddress: string; now?: Date },
): Promise<ReauthResult> {
  const now = ctx.now ?? new Date();
  const [row] = await db
    .select({ hash: t.debtors.passwordHash, refno: t.files.refno })
    .from(t.debtors)
    .innerJoin(t.files, eq(t.files.id, session.fileId))
    .where(eq(t.debtors.id, session.debtorId));
  const keys = { client: ctx.clientAddress, reference: row?.refno };
  const lock = await beginAttempt(db, keys, now);
  if (lock.locked) return { ok: false, error: 'locked', retryAfterSeconds: lock.retryAfterSeconds };
  const ok = await verifyPassword(row?.hash, password);
  await settleAttempt(db, lock.ticket, ok);
  await audit(db, {
    actor: 'debtor',
    action: ok ? 'reauth.ok' : 'reauth.failed',
    debtorId: session.debtorId,
    fileId: session.fileId,
    clientAddress: ctx.clientAddress,
    at: now,
  });
  if (!ok) return { ok: false, error: 'wrongPassword' };
  await db.update(t.sessions).set({ reauthenticatedAt: now }).where(eq(t.sessions.idHash, session.idHash));
  return { ok: true };
}

export async function hasRecentReauth(
  db: Database,
  session: Pick<ActiveSession, 'idHash'>,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ at: t.sessions.reauthenticatedAt })
    .from(t.sessions)
    .where(eq(t.sessions.idHash, session.idHash));
  return !!row?.at && now.getTime() - row.at.getTime() <= reauthValidMinutes * 60_000;
}
