/**
 * Server-side sessions. The browser holds only a random token in an HttpOnly cookie; the table
 * holds its SHA-256. Sessions expire after 15 idle minutes and after an absolute lifetime; a new
 * token is issued on every sign-in and on step-up from reference-only to full.
 */
import { eq } from 'drizzle-orm';
import { audit } from '../audit/log.ts';
import { securityConfig } from '../config/security.ts';
import { getDatabase, withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { randomToken, sha256Hex } from '../security/crypto.ts';
import { clearCookie, cookieName, serializeCookie } from './cookies.ts';
import { findSession, sessionCookieBase, sessionFromCookies, type SessionRecord } from './session.ts';

export interface NewSession {
  debtorId: number;
  fileId: number;
  loginType: (typeof t.sessions.$inferInsert)['loginType'];
  level: 'limited' | 'full';
}

export async function createSession(
  db: Database,
  session: NewSession,
  options: { replacing?: string | null; now?: Date; channel?: 'web' | 'api' } = {},
) {
  const now = options.now ?? new Date();
  const { idleTimeoutMinutes, absoluteHours } = securityConfig().session;
  const token = randomToken();
  if (options.replacing) await db.delete(t.sessions).where(eq(t.sessions.idHash, options.replacing));
  await db.insert(t.sessions).values({
    idHash: sha256Hex(token),
    ...session,
    channel: options.channel ?? 'web',
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + idleTimeoutMinutes * 60_000),
    absoluteExpiresAt: new Date(now.getTime() + absoluteHours * 3_600_000),
  });
  return { token, cookie: sessionCookie(token) };
}

export function sessionCookie(token: string): string {
  // No Max-Age: the cookie ends with the browser; the server enforces the real lifetime.
  return serializeCookie(cookieName(sessionCookieBase), token);
}

export function clearSessionCookie(): string {
  return clearCookie(cookieName(sessionCookieBase));
}

/**
 * Activity is written at most this often. A page view within a minute of the last write changes
 * nothing in the database; the deadline then lies between 14 and 15 idle minutes after the last
 * activity, never later (decision 043).
 */
export const touchIntervalMs = 60_000;

/**
 * A page view or a form counts as activity: the idle deadline moves on, written at most once a
 * minute (see touchIntervalMs). Returns the deadline as stored afterwards.
 */
export async function recordActivity(
  db: Database,
  session: { idHash: string; idleExpiresAt: Date },
  now = new Date(),
): Promise<Date> {
  const { idleTimeoutMinutes } = securityConfig().session;
  const lastWritten = session.idleExpiresAt.getTime() - idleTimeoutMinutes * 60_000;
  if (now.getTime() - lastWritten < touchIntervalMs) return session.idleExpiresAt;
  return touchSession(db, session.idHash, now);
}

/**
 * The valid session behind a Cookie header with this page view counted as activity (its idle
 * deadline as stored afterwards): what every signed-in page view reads, once (the root's loader,
 * or the edge for a page it may keep). Without a session cookie no database work.
 */
export async function sessionWithActivity(
  cookieHeader: string | null,
  now = new Date(),
): Promise<SessionRecord | null> {
  const session = await sessionFromCookies(cookieHeader, undefined, now);
  if (session) session.idleExpiresAt = await recordActivity(await getDatabase(), session, now);
  return session;
}

/**
 * The layout's read of the session (app/root.tsx): when the database is away it counts as no
 * session, so that the layout still renders in the debtor's language; the page's own loader
 * answers 503 with the notice (server/db/unavailable.ts). Any other error is thrown on.
 */
export async function sessionUnlessDatabaseAway<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return null;
  }
}

/** recordActivity as a page's guard calls it: it opens the database itself (decision 077). */
export const recordActivityForPage = withDatabase(recordActivity);

/** Extends the idle deadline now (the idle dialog's "stay signed in"); findSession enforces the absolute lifetime. */
export async function touchSession(db: Database, idHash: string, now = new Date()): Promise<Date> {
  const { idleTimeoutMinutes } = securityConfig().session;
  const idleExpiresAt = new Date(now.getTime() + idleTimeoutMinutes * 60_000);
  await db.update(t.sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(t.sessions.idHash, idHash));
  return idleExpiresAt;
}

export async function destroySession(db: Database, idHash: string): Promise<void> {
  await db.delete(t.sessions).where(eq(t.sessions.idHash, idHash));
}

/** A page's sign-out (the debtor's and the desk's): the request's session, if any, deleted and `entry` audited. */
export async function signOutWith<S extends { idHash: string }>(
  request: Request,
  find: (db: Database, request: Request) => Promise<S | null>,
  destroy: (db: Database, idHash: string) => Promise<void>,
  entry: (session: S) => Parameters<typeof audit>[1],
): Promise<void> {
  const db = await getDatabase();
  const session = await find(db, request);
  if (!session) return;
  await destroy(db, session.idHash);
  await audit(db, entry(session));
}

/** Sign-out (the page's): the request's session, if any, is deleted and the sign-out audited. */
export async function signOut(request: Request, clientAddress: string): Promise<void> {
  await signOutWith(
    request,
    (db, req) => findSession(req, db),
    destroySession,
    (session) => ({
      actor: 'debtor',
      action: 'signout',
      debtorId: session.debtorId,
      fileId: session.fileId,
      clientAddress,
    }),
  );
}

/** touchSession as a page calls it: it opens the database itself (decision 077). */
export const touchSessionForPage = withDatabase(touchSession);
