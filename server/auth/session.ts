import { and, eq, gt, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../db/prepared.ts';
import { getDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { readCookie } from '../i18n/negotiate.ts';
import { sha256Hex } from '../security/crypto.ts';
import { cookieName } from './cookies.ts';

export const sessionCookieBase = 'portal_session';

export type AuthLevel = 'none' | 'limited' | 'full';

export interface ActiveSession {
  idHash: string;
  debtorId: number;
  fileId: number;
  level: 'limited' | 'full';
  loginType: (typeof t.sessions.$inferSelect)['loginType'];
  idleExpiresAt: Date;
  mustChangePassword: boolean;
}

/** A session row as the doors read it: the web's cookie (`findSession`) or the API's bearer token. */
export interface SessionRecord extends ActiveSession {
  absoluteExpiresAt: Date;
  /** The variant of the session's file. */
  variant: string;
}

/**
 * The one query behind every door's session: the session with this id hash on this channel (a
 * bearer token of the JSON API is no cookie and a cookie no bearer token, decision 044), with the
 * debtor's forced password change and the file's variant; only while both deadlines lie ahead of
 * `now`, unless `now` is null (a handler that re-reads the session its call was authorised with).
 */
function prepareSessionRead(db: Database, current: boolean) {
  const { idleExpiresAt, absoluteExpiresAt } = t.sessions;
  return db
    .select({
      idHash: t.sessions.idHash,
      debtorId: t.sessions.debtorId,
      fileId: t.sessions.fileId,
      level: t.sessions.level,
      loginType: t.sessions.loginType,
      idleExpiresAt,
      absoluteExpiresAt,
      mustChangePassword: t.debtors.mustChangePassword,
      variant: t.files.variant,
    })
    .from(t.sessions)
    .innerJoin(t.debtors, eq(t.debtors.id, t.sessions.debtorId))
    .innerJoin(t.files, eq(t.files.id, t.sessions.fileId))
    .where(
      and(
        eq(t.sessions.idHash, sql.placeholder('idHash')),
        eq(t.sessions.channel, sql.placeholder('channel')),
        current ? gt(idleExpiresAt, sql`${sql.placeholder('now')}::timestamptz`) : undefined,
        current ? gt(absoluteExpiresAt, sql`${sql.placeholder('now')}::timestamptz`) : undefined,
      ),
    )
    .prepare(current ? 'session_current' : 'session_any');
}

/** Prepared once per database handle (server/db/prepared.ts): every signed-in request reads its session. */
const sessionRead = preparedPerDatabase(prepareSessionRead);

export async function sessionByHash(
  db: Database,
  idHash: string,
  channel: 'web' | 'api',
  now: Date | null,
): Promise<SessionRecord | null> {
  const [row] = await sessionRead(db, now !== null).execute({ idHash, channel, now: now?.toISOString() });
  return row ?? null;
}

export type EndedSession = 'idle' | 'expired' | 'ended';

/**
 * Why a request's session cookie no longer opens a session (issue 25, finding 10), so that the
 * sign-in page can say it: `idle` past the idle deadline, `expired` past the absolute one, `ended`
 * when the session is gone (signed out elsewhere, removed). Null without a session cookie, or
 * when the session is still valid.
 */
export async function endedSession(request: Request, db?: Database, now = new Date()): Promise<EndedSession | null> {
  const token = readCookie(request.headers.get('Cookie'), cookieName(sessionCookieBase));
  if (!token) return null;
  const row = await sessionByHash(db ?? (await getDatabase()), sha256Hex(token), 'web', null);
  if (!row) return 'ended';
  if (row.absoluteExpiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.idleExpiresAt.getTime() <= now.getTime()) return 'idle';
  return null;
}

/** The server-side session behind the request's cookie, if it is still valid. */
export async function findSession(request: Request, db?: Database, now = new Date()): Promise<ActiveSession | null> {
  return sessionFromCookies(request.headers.get('Cookie'), db, now);
}

/**
 * The same from a Cookie header as it arrived, with the file's variant. Without a session cookie
 * no database work.
 */
export async function sessionFromCookies(
  cookieHeader: string | null,
  db?: Database,
  now = new Date(),
): Promise<SessionRecord | null> {
  const token = readCookie(cookieHeader, cookieName(sessionCookieBase));
  if (!token) return null;
  return sessionByHash(db ?? (await getDatabase()), sha256Hex(token), 'web', now);
}

export function authLevel(session: ActiveSession | null): AuthLevel {
  return session ? session.level : 'none';
}
