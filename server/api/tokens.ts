/**
 * The JSON API's bearer tokens (decision 044). A token is the key of a server-side session like the
 * browser's cookie, in the same table with the same idle and absolute deadlines, levels and step-up
 * rules, marked `channel = 'api'`: a bearer token never opens a web session and a cookie never an API
 * session. The table keeps only the token's SHA-256.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { recordActivity } from '../auth/sessions.ts';
import { sha256Hex } from '../security/crypto.ts';

export interface ApiTokenSession {
  idHash: string;
  debtorId: number;
  fileId: number;
  level: 'limited' | 'full';
  loginType: (typeof t.sessions.$inferSelect)['loginType'];
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  mustChangePassword: boolean;
  /** The variant of the session's file: the action layer's `variant` for this call. */
  variant: string;
}

/** The token of an `Authorization: Bearer <token>` header; null when there is none, '' when it is malformed. */
export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  if (header === null) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9_-]{20,100})\s*$/i.exec(header);
  return match ? match[1]! : '';
}

/** The API session behind a token, if it is still valid; a call counts as activity (written once a minute). */
export async function findApiSession(db: Database, token: string, now = new Date()): Promise<ApiTokenSession | null> {
  if (!token) return null;
  const [row] = await db
    .select({
      idHash: t.sessions.idHash,
      debtorId: t.sessions.debtorId,
      fileId: t.sessions.fileId,
      level: t.sessions.level,
      loginType: t.sessions.loginType,
      idleExpiresAt: t.sessions.idleExpiresAt,
      absoluteExpiresAt: t.sessions.absoluteExpiresAt,
      mustChangePassword: t.debtors.mustChangePassword,
      variant: t.files.variant,
    })
    .from(t.sessions)
    .innerJoin(t.debtors, eq(t.debtors.id, t.sessions.debtorId))
    .innerJoin(t.files, eq(t.files.id, t.sessions.fileId))
    .where(
      and(
        eq(t.sessions.idHash, sha256Hex(token)),
        eq(t.sessions.channel, 'api'),
        gt(t.sessions.idleExpiresAt, now),
        gt(t.sessions.absoluteExpiresAt, now),
      ),
    );
  if (!row) return null;
  const idleExpiresAt = await recordActivity(db, row, now);
  return { ...row, idleExpiresAt };
}

/** The API session of a call by its key (the handler's `ctx.session.idHash`), with what the auth functions need. */
export async function apiSessionByHash(db: Database, idHash: string): Promise<ApiTokenSession | null> {
  const [row] = await db
    .select({
      idHash: t.sessions.idHash,
      debtorId: t.sessions.debtorId,
      fileId: t.sessions.fileId,
      level: t.sessions.level,
      loginType: t.sessions.loginType,
      idleExpiresAt: t.sessions.idleExpiresAt,
      absoluteExpiresAt: t.sessions.absoluteExpiresAt,
      mustChangePassword: t.debtors.mustChangePassword,
      variant: t.files.variant,
    })
    .from(t.sessions)
    .innerJoin(t.debtors, eq(t.debtors.id, t.sessions.debtorId))
    .innerJoin(t.files, eq(t.files.id, t.sessions.fileId))
    .where(and(eq(t.sessions.idHash, idHash), eq(t.sessions.channel, 'api')));
  return row ?? null;
}
