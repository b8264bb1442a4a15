/**
 * Staff accounts (decision 041): separate from debtors, each with an argon2id password, a sealed
 * TOTP secret and a role. `reviewer` works on the review desk; `admin` also manages accounts.
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { hashPassword } from '../auth/passwords.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { randomToken } from '../security/crypto.ts';
import { newTotpSecret, sealSecret } from './totp.ts';

import { staffRoles, type StaffRole } from './constants.ts';

export { staffRoles, type StaffRole };

/** Staff passwords: at least 12 characters (a generated one has 24). */
export const staffPasswordSchema = z.string().min(12).max(256);
export const staffEmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const newStaffAccountInput = z.object({
  email: staffEmailSchema,
  role: z.enum(staffRoles),
  password: staffPasswordSchema.optional(),
});

export interface NewStaffAccount {
  id: number;
  email: string;
  role: StaffRole;
  /** Shown once: the given password or a generated one. */
  password: string;
  /** Shown once (base32), for an authenticator app that cannot scan the QR code at enrolment. */
  totpSecret: string;
}

export type CreateStaffResult = { ok: true; account: NewStaffAccount } | { ok: false; error: 'exists' };

export async function createStaffAccount(
  db: Database,
  raw: z.input<typeof newStaffAccountInput>,
  options: { actorId?: number | null; fastHash?: boolean; now?: Date } = {},
): Promise<CreateStaffResult> {
  const input = newStaffAccountInput.parse(raw);
  const password = input.password ?? randomToken(18);
  const totpSecret = newTotpSecret();
  const rows = await db
    .insert(t.staffAccounts)
    .values({
      email: input.email,
      role: input.role,
      passwordHash: await hashPassword(password, { fast: options.fastHash }),
      totpSecret: sealSecret(totpSecret),
      createdAt: options.now ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: t.staffAccounts.id });
  const id = rows[0]?.id;
  if (id === undefined) return { ok: false, error: 'exists' };
  await audit(db, {
    actor: 'staff',
    action: 'staff.account.created',
    detail: { staffId: options.actorId ?? null, accountId: id, role: input.role },
    at: options.now,
  });
  return { ok: true, account: { id, email: input.email, role: input.role, password, totpSecret } };
}

export interface StaffAccountRow {
  id: number;
  email: string;
  role: StaffRole;
  enrolled: boolean;
  disabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export async function listStaffAccounts(db: Database): Promise<StaffAccountRow[]> {
  const rows = await db.select().from(t.staffAccounts).orderBy(asc(t.staffAccounts.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    enrolled: r.totpConfirmedAt !== null,
    disabled: r.disabledAt !== null,
    lastSignInAt: r.lastSignInAt,
    createdAt: r.createdAt,
  }));
}

export type AccountChange =
  | { kind: 'role'; role: StaffRole }
  | { kind: 'disable' }
  | { kind: 'enable' }
  /** A new TOTP secret: the next sign-in enrols again (a lost phone). */
  | { kind: 'resetTotp' };

export type ChangeResult = { ok: true } | { ok: false; error: 'notFound' | 'self' };

/** An admin's change to another account; an admin never demotes or disables themself. */
export async function changeStaffAccount(
  db: Database,
  actorId: number,
  accountId: number,
  change: AccountChange,
  now = new Date(),
): Promise<ChangeResult> {
  if (accountId === actorId && change.kind !== 'resetTotp') return { ok: false, error: 'self' };
  const values: Partial<typeof t.staffAccounts.$inferInsert> =
    change.kind === 'role'
      ? { role: change.role }
      : change.kind === 'disable'
        ? { disabledAt: now }
        : change.kind === 'enable'
          ? { disabledAt: null }
          : { totpSecret: sealSecret(newTotpSecret()), totpConfirmedAt: null, totpLastStep: null };
  const rows = await db
    .update(t.staffAccounts)
    .set(values)
    .where(eq(t.staffAccounts.id, accountId))
    .returning({ id: t.staffAccounts.id });
  if (rows.length === 0) return { ok: false, error: 'notFound' };
  // A disabled account, a changed role or a new second factor ends the account's sessions.
  await db.delete(t.staffSessions).where(eq(t.staffSessions.staffId, accountId));
  await audit(db, {
    actor: 'staff',
    action: `staff.account.${change.kind}`,
    detail: { staffId: actorId, accountId, ...(change.kind === 'role' ? { role: change.role } : {}) },
    at: now,
  });
  return { ok: true };
}

/** listStaffAccounts as a page calls it: it opens the database itself (decision 077). */
export const listStaffAccountsForPage = withDatabase(listStaffAccounts);

/** createStaffAccount as a page calls it: it opens the database itself (decision 077). */
export const createStaffAccountForPage = withDatabase(createStaffAccount);

/** changeStaffAccount as a page calls it: it opens the database itself (decision 077). */
export const changeStaffAccountForPage = withDatabase(changeStaffAccount);
