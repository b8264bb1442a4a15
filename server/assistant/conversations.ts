/**
 * The chat pane's conversations, kept on the server (decision 039). A conversation is reached
 * only by its random id (in an HttpOnly cookie) AND only from the session that started it: the
 * row's `session_key` is the session's id hash (null for a visitor), so a cookie carried into
 * another debtor's session, or a guessed id, finds nothing and a new conversation begins.
 * Raw transcripts are purged 24 hours after they were created (spec 9); the purge job belongs
 * to the staff-review work and uses `created_at`.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { cookieName } from '../auth/cookies.ts';
import { findSession, type ActiveSession } from '../auth/session.ts';
import { getDatabase, type Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { chatTranscripts } from '../db/schema.ts';
import { readCookie } from '../i18n/negotiate.ts';

export const chatCookieBase = 'portal_chat';
/** How many messages a conversation keeps (older ones drop off; the pane shows the latest). */
export const maxStoredMessages = 60;

export interface Conversation {
  id: string;
  messages: unknown[];
  isNew: boolean;
}

const validId = (value: string | null | undefined): value is string => !!value && /^[0-9a-f]{32}$/.test(value);

/** The session's own rows only: a visitor's (no session key) or this session's. */
const ownedBy = (signedIn: boolean) =>
  signedIn ? eq(chatTranscripts.sessionKey, sql.placeholder('sessionKey')) : isNull(chatTranscripts.sessionKey);

/**
 * A turn reads its conversation and writes it back (issue 28): both statements are prepared once
 * per database handle (server/db/prepared.ts), one for a visitor and one for a session.
 */
const conversationRead = preparedPerDatabase((db: Database, signedIn: boolean) =>
  db
    .select({ id: chatTranscripts.id, messages: chatTranscripts.messages })
    .from(chatTranscripts)
    .where(and(eq(chatTranscripts.id, sql.placeholder('id')), ownedBy(signedIn)))
    .prepare(signedIn ? 'chat_transcript_session' : 'chat_transcript_visitor'),
);

/**
 * A conversation written back, with the placeholders `id`, `sessionKey` (signed in), `variant` and
 * `messages` (`conversationParams`). Also the first part of a turn's one write, with its intent
 * log row (server/assistant/intent-log.ts, `recordTurn`).
 */
export function conversationUpsert(db: Database, signedIn: boolean) {
  return db
    .insert(chatTranscripts)
    .values({
      id: sql.placeholder('id'),
      sessionKey: signedIn ? sql.placeholder('sessionKey') : null,
      variant: sql.placeholder('variant'),
      messages: sql.placeholder('messages'),
    })
    .onConflictDoUpdate({
      target: chatTranscripts.id,
      set: { messages: sql`excluded.messages`, updatedAt: sql`now()` },
      // Never take over a row of another session.
      setWhere: ownedBy(signedIn),
    });
}

/** Who a saved conversation belongs to: a session (its key's hash) or a visitor, in a variant. */
export interface ConversationOwner {
  sessionKey: string | null;
  variant: string;
}

/** The values of `conversationUpsert`'s placeholders. */
export function conversationParams(
  conversation: Pick<Conversation, 'id'>,
  owner: ConversationOwner,
  messages: unknown[],
) {
  return {
    id: conversation.id,
    sessionKey: owner.sessionKey,
    variant: owner.variant,
    messages: messages.slice(-maxStoredMessages),
  };
}

const conversationWrite = preparedPerDatabase((db: Database, signedIn: boolean) =>
  conversationUpsert(db, signedIn).prepare(signedIn ? 'chat_transcript_save_session' : 'chat_transcript_save_visitor'),
);

/** The conversation of this cookie and session, or a new (unsaved) one. */
export async function openConversation(
  db: Database,
  cookieId: string | null | undefined,
  sessionKey: string | null,
): Promise<Conversation> {
  if (validId(cookieId)) {
    const [row] = await conversationRead(db, sessionKey !== null).execute({ id: cookieId, sessionKey });
    if (row) return { id: row.id, messages: row.messages, isNew: false };
  }
  return { id: randomBytes(16).toString('hex'), messages: [], isNew: true };
}

export async function saveConversation(
  db: Database,
  conversation: Pick<Conversation, 'id'>,
  owner: ConversationOwner,
  messages: unknown[],
): Promise<void> {
  await conversationWrite(db, owner.sessionKey !== null).execute(conversationParams(conversation, owner, messages));
}

/**
 * After a step-up the session has a new id: its conversation moves with it (only from the session
 * that owned it, so nothing of another session can be taken over).
 */
export async function rebindConversation(
  db: Database,
  conversationId: string,
  fromSessionKey: string,
  toSessionKey: string,
): Promise<void> {
  if (!validId(conversationId)) return;
  await db
    .update(chatTranscripts)
    .set({ sessionKey: toSessionKey })
    .where(and(eq(chatTranscripts.id, conversationId), eq(chatTranscripts.sessionKey, fromSessionKey)));
}

/**
 * Binds a conversation to a session (the JSON API's SetEbbotUserInformation): a visitor's
 * conversation is taken over by the session that signs in; a conversation of this session stays
 * as it is; another session's conversation, or an unknown id, is never touched (false).
 */
export async function attachConversation(db: Database, id: string, sessionKey: string): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await db
    .update(chatTranscripts)
    .set({ sessionKey, updatedAt: new Date() })
    .where(
      and(
        eq(chatTranscripts.id, id),
        or(isNull(chatTranscripts.sessionKey), eq(chatTranscripts.sessionKey, sessionKey)),
      ),
    )
    .returning({ id: chatTranscripts.id });
  return Boolean(row);
}

/**
 * The chat door's start (the pane and /chatbot, app/lib/assistant.server.ts): the process's
 * database, the request's session and the conversation bound to it (decision 039). The door opens
 * no database itself (decision 077); the turn and the tools carry this `db` on, as the API does.
 */
export async function openChat(
  request: Request,
): Promise<{ db: Database; session: ActiveSession | null; conversation: Conversation }> {
  const db = await getDatabase();
  const session = await findSession(request, db);
  const cookie = readCookie(request.headers.get('Cookie'), cookieName(chatCookieBase));
  const conversation = await openConversation(db, cookie, session?.idHash ?? null);
  return { db, session, conversation };
}
