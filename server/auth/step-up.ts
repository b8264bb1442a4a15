/**
 * The step-up from a reference-only (limited) session to a full one without leaving the page: the
 * chat pane's and /chatbot's password field. It is the sign-in itself (`signIn` with the session's
 * own reference number and the password typed), so the checks are the sign-in's: the attempt
 * counter per client address and per reference number with its lock, the password hash, the
 * measure running, the audit. A correct password replaces the limited session by a full one (a
 * new session id, as every sign-in issues) and moves the session's chat conversation to it.
 */
import { and, eq } from 'drizzle-orm';
import { rebindConversation } from '../assistant/conversations.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { formatReference } from './reference.ts';
import type { ActiveSession } from './session.ts';
import { signIn } from './sign-in.ts';

export type StepUpResult =
  | { ok: true; cookie: string; sessionIdHash: string }
  | { ok: false; error: 'notLimited' | 'passwordRequired' | 'wrongPassword' | 'measureRunning' | 'noFile' }
  | { ok: false; error: 'locked'; retryAfterSeconds: number };

export async function stepUpSession(
  db: Database,
  session: Pick<ActiveSession, 'idHash' | 'fileId' | 'debtorId' | 'level'>,
  password: string,
  ctx: { clientAddress: string; conversationId?: string | null; now?: Date },
): Promise<StepUpResult> {
  if (session.level !== 'limited') return { ok: false, error: 'notLimited' };
  if (!password) return { ok: false, error: 'passwordRequired' };
  const [file] = await db
    .select({ refno: t.files.refno, subcase: t.files.subcase })
    .from(t.files)
    .where(and(eq(t.files.id, session.fileId), eq(t.files.debtorId, session.debtorId)));
  if (!file) return { ok: false, error: 'noFile' };
  const result = await signIn(
    { mode: 'password', reference: formatReference(file.refno, file.subcase), password },
    { db, clientAddress: ctx.clientAddress, currentSession: session.idHash, now: ctx.now },
  );
  if (!result.ok) {
    if (result.error === 'locked') return result;
    if (result.error === 'measureRunning') return { ok: false, error: 'measureRunning' };
    return { ok: false, error: 'wrongPassword' };
  }
  if (ctx.conversationId) await rebindConversation(db, ctx.conversationId, session.idHash, result.sessionIdHash);
  return { ok: true, cookie: result.cookie, sessionIdHash: result.sessionIdHash };
}
