/**
 * The assistant's intent log: one row per turn, for support staff's review (issue 15).
 *
 * The one door through which a turn is recorded. The text is anonymised here (intents/anonymiser),
 * whatever the caller passes, so no caller can store a debtor's words in clear by mistake. No
 * debtor, file, reference or session id is stored: only a conversation id that cannot be linked
 * back (see `unlinkable`).
 *
 * The chat pane calls recordTurn() for every answer and recordOutcome() when the debtor follows
 * the link, completes the form, or is handed to a person.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { anonymise, type KnownValues } from '../../intents/anonymiser/index.ts';
import { withDatabase, type Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { chatTranscripts, intentLog } from '../db/schema.ts';
import { countAssistantTurn } from '../http/metrics.ts';
import { conversationParams, conversationUpsert, type ConversationOwner } from './conversations.ts';
import { turnOutcomes, type TurnOutcome } from './outcomes.ts';

export { turnOutcomes, type TurnOutcome };

/**
 * The conversation id as stored: a keyed hash of the caller's id under a key that lives only in
 * this process's memory and is never written anywhere. The pane's own id (its transcript's, bound
 * to a session for 24 hours) therefore cannot be matched to a log row, by anyone with the
 * database or the secret; the turns of one conversation still share one stored id. After a
 * restart, or on another instance, a continuing conversation gets a new one.
 */
const conversationKey = randomBytes(32);
function unlinkable(conversationId: string): string {
  return createHmac('sha256', conversationKey).update(conversationId).digest('base64url').slice(0, 22);
}

/** A fresh conversation id for the pane: random, so it leads back to no session, debtor or file. */
export function newConversationId(): string {
  return randomUUID();
}

export interface IntentLogTurn {
  /** Random per conversation; never derived from the session or the file. */
  conversationId: string;
  variant: string;
  language: string;
  /** What the debtor wrote, in clear: anonymised before it is stored. */
  text: string;
  /** What the portal knows of the signed-in debtor, removed first (names, IBAN, address, references). */
  known?: KnownValues;
  intent: string;
  /** 0..1 */
  confidence: number;
  /** The assistant asked back instead of acting (confidence too low). */
  clarified?: boolean;
  engine: 'embedded' | 'model';
  slots?: Record<string, string>;
  actionOffered?: string | null;
  outcome?: TurnOutcome;
  /** With outcome 'refused': the spec's reason code. */
  refusalReason?: string;
  latencyMs?: number;
}

/** A turn's row with placeholders for its values (`turnParams`). */
const turnRow = {
  variant: sql.placeholder('variant'),
  conversationId: sql.placeholder('conversationId'),
  language: sql.placeholder('language'),
  anonymisedText: sql.placeholder('anonymisedText'),
  intentId: sql.placeholder('intentId'),
  confidence: sql.placeholder('confidence'),
  clarified: sql.placeholder('clarified'),
  engine: sql.placeholder('engine'),
  slots: sql.placeholder('slots'),
  actionOffered: sql.placeholder('actionOffered'),
  outcome: sql.placeholder('outcome'),
  refusalReason: sql.placeholder('refusalReason'),
  latencyMs: sql.placeholder('latencyMs'),
};

/**
 * A turn's row, the statement prepared once per database handle (server/db/prepared.ts): it is
 * written on every turn, and drizzle built its SQL of thirteen columns each time (issue 28).
 */
const turnInsert = preparedPerDatabase((db: Database, _statement: 'turn') =>
  db.insert(intentLog).values(turnRow).returning({ id: intentLog.id }).prepare('intent_log_turn'),
);

/**
 * A chat turn's conversation saved and its row written in one statement (issue 28: one round trip
 * to the database less per turn): the conversation's upsert as a data-modifying WITH, which
 * PostgreSQL runs to its end whether or not the insert reads it. Both or neither are written.
 * One for a visitor's conversation and one for a session's.
 */
const turnWithConversation = preparedPerDatabase((db: Database, signedIn: boolean) => {
  const saved = db.$with('saved').as(conversationUpsert(db, signedIn).returning({ id: chatTranscripts.id }));
  return db
    .with(saved)
    .insert(intentLog)
    .values(turnRow)
    .returning({ id: intentLog.id })
    .prepare(signedIn ? 'intent_log_turn_saved_session' : 'intent_log_turn_saved_visitor');
});

/** The values of a turn's row: the text anonymised here, whatever the caller passes. */
function turnParams(turn: IntentLogTurn) {
  return {
    variant: turn.variant,
    conversationId: unlinkable(turn.conversationId),
    language: turn.language.slice(0, 2),
    anonymisedText: anonymise(turn.text, turn.known),
    intentId: turn.intent,
    confidence: Math.round(Math.min(1, Math.max(0, turn.confidence)) * 1000),
    clarified: turn.clarified ?? turn.outcome === 'clarified',
    engine: turn.engine,
    slots: turn.slots ?? null,
    actionOffered: turn.actionOffered ?? null,
    outcome: turn.outcome ?? null,
    refusalReason: turn.outcome === 'refused' ? (turn.refusalReason ?? null) : null,
    latencyMs: turn.latencyMs === undefined ? null : Math.max(0, Math.round(turn.latencyMs)),
  };
}

/**
 * Records a turn; with `conversation`, the chat's conversation is saved in the same statement
 * (the chat pane's and the no-JavaScript page's turns: server/assistant/turn.ts).
 */
export async function recordTurn(
  db: Database,
  turn: IntentLogTurn,
  conversation?: { id: string; owner: ConversationOwner; messages: unknown[] },
): Promise<{ turnId: number }> {
  const row = turnParams(turn);
  const rows = conversation
    ? await turnWithConversation(db, conversation.owner.sessionKey !== null).execute({
        ...conversationParams(conversation, conversation.owner, conversation.messages),
        // One variant for both rows: the turn's.
        ...row,
      })
    : await turnInsert(db, 'turn').execute(row);
  // Prometheus (/metrics): turns by intent and engine, counted once the turn is recorded.
  countAssistantTurn(turn.intent, turn.engine);
  return { turnId: rows[0]!.id };
}

/**
 * The outcome of a turn, reported later by the pane or by the screen the turn led to (a followed
 * deep link, a completed form). `refusalReason` goes with 'refused'.
 */
export async function recordOutcome(
  db: Database,
  turnId: number,
  outcome: TurnOutcome,
  detail: { refusalReason?: string } = {},
): Promise<void> {
  await db
    .update(intentLog)
    .set({
      outcome,
      refusalReason: outcome === 'refused' ? (detail.refusalReason ?? null) : null,
      ...(outcome === 'clarified' ? { clarified: true } : {}),
    })
    .where(eq(intentLog.id, turnId));
}

/**
 * How long a turn's offer stays open: within it a followed link or a completed form counts for the
 * turn. A turn still only offered after it is abandoned (the retention job marks it, decision 049).
 */
export const followUpWindowMinutes = 60;

/** The path part of an offered link (`/checkout/pay-installments?rate=50` → `/checkout/pay-installments`). */
const pathOf = (href: string) => href.split(/[?#]/)[0]!;

/**
 * The screen a turn offered was reached or its form completed: the latest turn of this
 * conversation (within the hour) that offered a link to `path` and has not got further gets the
 * outcome. Nothing happens without such a turn: a debtor who came another way is not counted.
 */
export async function recordFollowUp(
  db: Database,
  conversationId: string,
  path: string,
  outcome: 'linkFollowed' | 'formCompleted',
  now: Date = new Date(),
): Promise<boolean> {
  // An offer the debtor closed the pane on still counts when the pane is opened again and followed.
  const earlier: TurnOutcome[] =
    outcome === 'linkFollowed' ? ['linkOffered', 'abandoned'] : ['linkOffered', 'linkFollowed', 'abandoned'];
  const rows = await db
    .select({ id: intentLog.id, actionOffered: intentLog.actionOffered })
    .from(intentLog)
    .where(
      and(
        eq(intentLog.conversationId, unlinkable(conversationId)),
        inArray(intentLog.outcome, earlier),
        gt(intentLog.at, new Date(now.getTime() - followUpWindowMinutes * 60_000)),
      ),
    )
    .orderBy(desc(intentLog.id))
    .limit(10);
  const turn = rows.find((row) => row.actionOffered !== null && pathOf(row.actionOffered) === pathOf(path));
  if (!turn) return false;
  await recordOutcome(db, turn.id, outcome);
  return true;
}

/**
 * The debtor closed the pane: every turn of this conversation whose offer (a link, a form, a
 * proposal) was neither followed nor completed is abandoned. Returns how many turns it marked.
 */
export async function abandonConversation(db: Database, conversationId: string): Promise<number> {
  const rows = await db
    .update(intentLog)
    .set({ outcome: 'abandoned' })
    .where(and(eq(intentLog.conversationId, unlinkable(conversationId)), eq(intentLog.outcome, 'linkOffered')))
    .returning({ id: intentLog.id });
  return rows.length;
}

/**
 * The conversation went idle: a turn still only offered once the follow-up window has passed can no
 * longer be followed or completed for the log, so it is abandoned. Run by the retention job.
 */
export async function abandonStaleTurns(db: Database, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(intentLog)
    .set({ outcome: 'abandoned' })
    .where(
      and(
        eq(intentLog.outcome, 'linkOffered'),
        lt(intentLog.at, new Date(now.getTime() - followUpWindowMinutes * 60_000)),
      ),
    )
    .returning({ id: intentLog.id });
  return rows.length;
}

/** abandonConversation as a page calls it: it opens the database itself (decision 077). */
export const abandonConversationForPage = withDatabase(abandonConversation);

/** recordFollowUp as a page calls it: it opens the database itself (decision 077). */
export const recordFollowUpForPage = withDatabase(recordFollowUp);
