/**
 * Staff sessions: their own cookie (`staff_session`, __Host- behind HTTPS), their own table and
 * deadlines (30 idle minutes, 10 hours at most; STAFF_SESSION_* override). After the password a
 * session is at stage `password` for 5 minutes, only good for entering the TOTP code; the code
 * replaces it with a new token at stage `full`.
 */
import { and, eq, gt } from 'drizzle-orm';
import { clearCookie, cookieName, serializeCookie } from '../auth/cookies.ts';
import { signOutWith } from '../auth/sessions.ts';
import { securityConfig } from '../config/security.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { readCookie } from '../i18n/negotiate.ts';
import { randomToken, sha256Hex } from '../security/crypto.ts';
import type { StaffRole } from './accounts.ts';

export const staffCookieBase = 'staff_session';

export interface StaffSession {
  idHash: string;
  staffId: number;
  email: string;
  role: StaffRole;
  stage: 'password' | 'full';
  enrolled: boolean;
  idleExpiresAt: Date;
}

export async function createStaffSession(
  db: Database,
  staffId: number,
  stage: 'password' | 'full',
  options: { replacing?: string | null; now?: Date } = {},
): Promise<{ cookie: string; idHash: string }> {
  const now = options.now ?? new Date();
  const config = securityConfig().staffSession;
  const token = randomToken();
  const idHash = sha256Hex(token);
  if (options.replacing) await db.delete(t.staffSessions).where(eq(t.staffSessions.idHash, options.replacing));
  const idleMinutes = stage === 'password' ? config.secondFactorMinutes : config.idleTimeoutMinutes;
  await db.insert(t.staffSessions).values({
    idHash,
    staffId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + idleMinutes * 60_000),
    absoluteExpiresAt: new Date(now.getTime() + config.absoluteHours * 3_600_000),
  });
  return { cookie: serializeCookie(cookieName(staffCookieBase), token), idHash };
}

export function clearStaffCookie(): string {
  return clearCookie(cookieName(staffCookieBase));
}

/** The staff session behind the request's staff cookie, if valid and the account is not disabled. */
export async function findStaffSession(db: Database, request: Request, now = new Date()): Promise<StaffSession | null> {
  const token = readCookie(request.headers.get('Cookie'), cookieName(staffCookieBase));
  if (!token) return null;
  const [row] = await db
    .select({
      idHash: t.staffSessions.idHash,
      staffId: t.staffSessions.staffId,
      stage: t.staffSessions.stage,
      idleExpiresAt: t.staffSessions.idleExpiresAt,
      email: t.staffAccounts.email,
      role: t.staffAccounts.role,
      disabledAt: t.staffAccounts.disabledAt,
      totpConfirmedAt: t.staffAccounts.totpConfirmedAt,
    })
    .from(t.staffSessions)
    .innerJoin(t.staffAccounts, eq(t.staffAccounts.id, t.staffSessions.staffId))
    .where(
      and(
        eq(t.staffSessions.idHash, sha256Hex(token)),
        gt(t.staffSessions.idleExpiresAt, now),
        gt(t.staffSessions.absoluteExpiresAt, now),
      ),
    );
  if (!row || row.disabledAt) return null;
  return {
    idHash: row.idHash,
    staffId: row.staffId,
    email: row.email,
    role: row.role,
    stage: row.stage,
    enrolled: row.totpConfirmedAt !== null,
    idleExpiresAt: row.idleExpiresAt,
  };
}

/** Activity moves the idle deadline of a full session. */
export async function touchStaffSession(db: Database, idHash: string, now = new Date()): Promise<void> {
  const { idleTimeoutMinutes } = securityConfig().staffSession;
  await db
    .update(t.staffSessions)
    .set({ lastSeenAt: now, idleExpiresAt: new Date(now.getTime() + idleTimeoutMinutes * 60_000) })
    .where(and(eq(t.staffSessions.idHash, idHash), eq(t.staffSessions.stage, 'full')));
}

export async function destroyStaffSession(db: Database, idHash: string): Promise<void> {
  await db.delete(t.staffSessions).where(eq(t.staffSessions.idHash, idHash));
}

/** Staff sign-out (the desk's page): the request's staff session, if any, is deleted and the sign-out audited. */
export async function staffSignOut(request: Request, clientAddress: string): Promise<void> {
  await signOutWith(request, findStaffSession, destroyStaffSession, (session) => ({
    actor: 'staff',
    action: 'staff.signout',
    clientAddress,
    detail: { staffId: session.staffId },
  }));
}

/** findStaffSession as a page calls it: it opens the database itself (decision 077). */
export const findStaffSessionForPage = withDatabase(findStaffSession);

/** touchStaffSession as a page calls it: it opens the database itself (decision 077). */
export const touchStaffSessionForPage = withDatabase(touchStaffSession);
