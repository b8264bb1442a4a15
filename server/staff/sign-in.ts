/**
 * Staff sign-in in two steps: e-mail and password, then the TOTP code (at the first sign-in the
 * code from the newly scanned QR code, which completes the enrolment). Both steps count against
 * the same limits as the debtors' sign-in (server/auth/attempts.ts: per client address, and per
 * account as per reference number), so neither passwords nor codes can be guessed in bulk.
 * Every step is audited, failures included.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { beginAttempt, settleAttempt } from '../auth/attempts.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { getDatabase, withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { createStaffSession, type StaffSession } from './sessions.ts';
import { checkTotp, enrolmentOf, openSecret } from './totp.ts';

export const staffPasswordInput = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(256),
});
export const staffCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{3}\s?\d{3}$/),
});

export interface StaffSignInContext {
  /** The database; the desk's pages leave it out and the step opens the process's own (decision 077). */
  db?: Database;
  clientAddress: string;
  now?: Date;
}

/** A step's audit entry: a `visitor` until the step succeeds, then `staff`; the client's address, the step's time. */
async function auditSignIn(
  db: Database,
  ctx: StaffSignInContext,
  at: Date,
  actor: 'visitor' | 'staff',
  action: string,
  detail?: Record<string, number | null>,
): Promise<void> {
  await audit(db, { actor, action, clientAddress: ctx.clientAddress, ...(detail && { detail }), at });
}

export type StaffStepResult =
  | { ok: true; cookie: string }
  | { ok: false; error: 'wrongCredentials' | 'wrongCode' | 'expired' }
  | { ok: false; error: 'locked'; retryAfterSeconds: number };

// A real argon2id hash of a random string: unknown addresses cost the same time as wrong passwords.
const timingDummyHash =
  '$argon2id$v=19$m=65536,p=4,t=3$iscBNeL48YXlzgIiNBnDWw$zLjrnYK9XxJ4WPKyYLCTe7MlmW4K9w3CHwEiOYHy9Ec';

export async function staffPasswordStep(
  raw: z.input<typeof staffPasswordInput>,
  ctx: StaffSignInContext,
): Promise<StaffStepResult> {
  const input = staffPasswordInput.parse(raw);
  const db = ctx.db ?? (await getDatabase());
  const now = ctx.now ?? new Date();
  const lock = await beginAttempt(db, { client: ctx.clientAddress, staff: input.email }, now);
  if (lock.locked) {
    await auditSignIn(db, ctx, now, 'visitor', 'staff.signin.locked');
    return { ok: false, error: 'locked', retryAfterSeconds: lock.retryAfterSeconds };
  }
  const [account] = await db.select().from(t.staffAccounts).where(eq(t.staffAccounts.email, input.email));
  const passwordOk = await verifyPassword(account?.passwordHash ?? timingDummyHash, input.password);
  if (!account || !passwordOk || account.disabledAt) {
    await auditSignIn(db, ctx, now, 'visitor', 'staff.signin.failed.password', { accountId: account?.id ?? null });
    return { ok: false, error: 'wrongCredentials' };
  }
  await settleAttempt(db, lock.ticket, true);
  const { cookie } = await createStaffSession(db, account.id, 'password', { now });
  await auditSignIn(db, ctx, now, 'staff', 'staff.signin.password', { staffId: account.id });
  return { ok: true, cookie };
}

/** The second step, on a session at stage `password`; a right code gives a new, full session. */
export async function staffCodeStep(
  session: StaffSession,
  raw: z.input<typeof staffCodeInput>,
  ctx: StaffSignInContext,
): Promise<StaffStepResult> {
  const now = ctx.now ?? new Date();
  const db = ctx.db ?? (await getDatabase());
  if (session.stage !== 'password') return { ok: false, error: 'expired' };
  const parsed = staffCodeInput.safeParse(raw);
  const lock = await beginAttempt(db, { client: ctx.clientAddress, staff: session.email }, now);
  if (lock.locked) {
    await auditSignIn(db, ctx, now, 'visitor', 'staff.signin.locked');
    return { ok: false, error: 'locked', retryAfterSeconds: lock.retryAfterSeconds };
  }
  const [account] = await db.select().from(t.staffAccounts).where(eq(t.staffAccounts.id, session.staffId));
  if (!account || account.disabledAt) return { ok: false, error: 'expired' };
  const check = parsed.success
    ? checkTotp(openSecret(account.totpSecret), parsed.data.code, account.totpLastStep, now)
    : ({ ok: false } as const);
  // The step is taken only if no parallel request took it (or a later one) first: no replay.
  const taken = check.ok
    ? await db
        .update(t.staffAccounts)
        .set({
          totpLastStep: check.step,
          totpConfirmedAt: account.totpConfirmedAt ?? now,
          lastSignInAt: now,
        })
        .where(
          and(
            eq(t.staffAccounts.id, account.id),
            or(isNull(t.staffAccounts.totpLastStep), lt(t.staffAccounts.totpLastStep, check.step)),
          ),
        )
        .returning({ id: t.staffAccounts.id })
    : [];
  if (taken.length === 0) {
    await auditSignIn(db, ctx, now, 'visitor', 'staff.signin.failed.code', { accountId: account.id });
    return { ok: false, error: 'wrongCode' };
  }
  await settleAttempt(db, lock.ticket, true);
  const { cookie } = await createStaffSession(db, account.id, 'full', { replacing: session.idHash, now });
  const action = account.totpConfirmedAt ? 'staff.signin.full' : 'staff.signin.enrolled';
  await auditSignIn(db, ctx, now, 'staff', action, { staffId: account.id });
  return { ok: true, cookie };
}

/** The QR code and secret of an account that has not confirmed its authenticator yet. */
export async function pendingEnrolment(db: Database, session: StaffSession, issuer: string) {
  if (session.stage !== 'password' || session.enrolled) return null;
  const [account] = await db
    .select({ totpSecret: t.staffAccounts.totpSecret })
    .from(t.staffAccounts)
    .where(eq(t.staffAccounts.id, session.staffId));
  if (!account) return null;
  const secret = openSecret(account.totpSecret);
  return { secret, ...(await enrolmentOf(secret, session.email, issuer)) };
}

/** pendingEnrolment as a page calls it: it opens the database itself (decision 077). */
export const pendingEnrolmentForPage = withDatabase(pendingEnrolment);
