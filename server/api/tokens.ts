/**
 * The JSON API's bearer tokens (decision 044). A token is the key of a server-side session like the
 * browser's cookie, in the same table with the same idle and absolute deadlines, levels and step-up
 * rules, marked `channel = 'api'`: a bearer token never opens a web session and a cookie never an API
 * session. The table keeps only the token's SHA-256.
 */
import type { Database } from '../db/client.ts';
import { sessionByHash, type SessionRecord } from '../auth/session.ts';
import { recordActivity } from '../auth/sessions.ts';
import { sha256Hex } from '../security/crypto.ts';

/** The session behind a bearer token (the same row and query as the browser's, decision 044). */
export type ApiTokenSession = SessionRecord;

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
  const row = await sessionByHash(db, sha256Hex(token), 'api', now);
  if (!row) return null;
  const idleExpiresAt = await recordActivity(db, row, now);
  return { ...row, idleExpiresAt };
}

/** The API session of a call by its key (the handler's `ctx.session.idHash`), with what the auth functions need. */
export function apiSessionByHash(db: Database, idHash: string): Promise<ApiTokenSession | null> {
  return sessionByHash(db, idHash, 'api', null);
}
