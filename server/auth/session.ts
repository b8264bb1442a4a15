import { and, eq, gt } from 'drizzle-orm';
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

/** The server-side session behind the request's cookie, if it is still valid. */
export async function findSession(request: Request, db?: Database, now = new Date()): Promise<ActiveSession | null> {
  const token = readCookie(request.headers.get('Cookie'), cookieName(sessionCookieBase));
  if (!token) return null;
  const database = db ?? (await getDatabase());
  const [row] = await database
    .select({
      idHash: t.sessions.idHash,
      debtorId: t.sessions.debtorId,
      fileId: t.sessions.fileId,
      level: t.sessions.level,
      loginType: t.sessions.loginType,
      idleExpiresAt: t.sessions.idleExpiresAt,
      mustChangePassword: t.debtors.mustChangePassword,
    })
    .from(t.sessions)
    .innerJoin(t.debtors, eq(t.debtors.id, t.sessions.debtorId))
    .where(
      and(
        eq(t.sessions.idHash, sha256Hex(token)),
        // A bearer token of the JSON API is no cookie (decision 044).
        eq(t.sessions.channel, 'web'),
        gt(t.sessions.idleExpiresAt, now),
        gt(t.sessions.absoluteExpiresAt, now),
      ),
    );
  return row ?? null;
}

export function authLevel(session: ActiveSession | null): AuthLevel {
  return session ? session.level : 'none';
}
