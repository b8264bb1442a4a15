/**
 * Feedback (spec 2.4 "Feedback", 3 "Feedback", 7 CreateFeedback and
 * CreateSchuldnerFeedbackBlacklistItem): a star rating with free text, and after a call the
 * telephone survey. One feedback per file; a debtor may also ask never to be asked again
 * (the opt-out, "blacklist"). Visitors without a file may rate the portal anonymously.
 *
 * A file is known from the session or from a signed survey link (`feedbackLinkToken`), which the
 * agency sends after a call. The same functions serve the page, the JSON API and the assistant.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { consume } from '../limits/rate-limits.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { readToken, signToken } from '../security/signed-token.ts';
import type { FeedbackInput } from './schema.ts';

const tokenPurpose = 'feedback-survey';
const surveyLinkDays = 30;

/** The link in the message after a call: names the file, valid for 30 days. */
export function feedbackLinkToken(fileId: number, now = new Date()): string {
  return signToken(tokenPurpose, { f: fileId, e: Math.floor(now.getTime() / 1000) + surveyLinkDays * 86_400 });
}

export function readFeedbackLinkToken(token: string | null | undefined, now = new Date()): { fileId: number } | null {
  const payload = readToken(tokenPurpose, token, z.object({ f: z.number().int().positive(), e: z.number() }), now);
  return payload ? { fileId: payload.f } : null;
}

export type FeedbackState = { kind: 'open' } | { kind: 'alreadyGiven' } | { kind: 'optedOut' };

/** Whether the file may still give feedback. Anonymous visitors always may. */
export async function feedbackState(db: Database, fileId: number | null): Promise<FeedbackState> {
  if (fileId === null) return { kind: 'open' };
  const [optOut] = await db
    .select({ fileId: t.feedbackOptOuts.fileId })
    .from(t.feedbackOptOuts)
    .where(eq(t.feedbackOptOuts.fileId, fileId));
  if (optOut) return { kind: 'optedOut' };
  const [given] = await db
    .select({ id: t.feedback.id })
    .from(t.feedback)
    .where(and(eq(t.feedback.fileId, fileId), inArray(t.feedback.source, ['portal', 'call'])))
    .limit(1);
  return given ? { kind: 'alreadyGiven' } : { kind: 'open' };
}

export interface FeedbackLanding {
  /** The survey after a call: the link's token names the file. */
  survey: boolean;
  /** A token was given that is expired or not ours: the page offers the plain rating instead. */
  linkInvalid: boolean;
  hasFile: boolean;
  state: FeedbackState;
}

/**
 * What the feedback page shows first (section 7 GetLandingpageFeedback): the file is the survey
 * link's, else the session's, else none (a visitor).
 */
export async function feedbackLanding(
  db: Database,
  input: { token: string | null; sessionFileId: number | null; now?: Date },
): Promise<FeedbackLanding> {
  const link = readFeedbackLinkToken(input.token, input.now);
  const fileId = link ? link.fileId : input.sessionFileId;
  return {
    survey: link !== null,
    linkInvalid: input.token !== null && link === null,
    hasFile: fileId !== null,
    state: await feedbackState(db, fileId),
  };
}

export type SubmitFeedbackResult =
  | { ok: true }
  | { ok: false; error: 'alreadyExists' | 'optedOut' }
  | { ok: false; error: 'rateLimited'; retryAfterSeconds: number };

export async function submitFeedback(
  db: Database,
  input: { fileId: number | null; source: 'portal' | 'call'; feedback: FeedbackInput },
  ctx: { clientAddress?: string; now?: Date } = {},
): Promise<SubmitFeedbackResult> {
  const f = input.feedback;
  const survey = input.source === 'call';
  // Open to everyone: a few an hour from one client address (server/limits/rate-limits.ts).
  if (ctx.clientAddress !== undefined) {
    const limit = await consume(db, 'feedbackClient', ctx.clientAddress);
    if (!limit.ok) return { ok: false, error: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
  }
  return db.transaction(async (tx) => {
    if (input.fileId !== null) {
      // One feedback per file, also when two submits race: lock the file row first.
      await tx.select({ id: t.files.id }).from(t.files).where(eq(t.files.id, input.fileId)).for('update');
      const state = await feedbackState(tx, input.fileId);
      if (state.kind === 'optedOut') return { ok: false as const, error: 'optedOut' as const };
      if (state.kind === 'alreadyGiven') return { ok: false as const, error: 'alreadyExists' as const };
    }
    await tx.insert(t.feedback).values({
      fileId: input.fileId,
      source: input.source,
      stars: f.stars,
      freeText: f.freeText || null,
      questionAnswered: survey && f.questionAnswered ? f.questionAnswered === 'yes' : null,
      friendliness: survey ? (f.friendliness ?? null) : null,
      satisfaction: survey ? (f.satisfaction ?? null) : null,
      solutionShown: survey && f.solutionShown ? f.solutionShown === 'yes' : null,
      callbackPhone: survey && f.wantsCallback === 'yes' ? (f.callbackPhone ?? null) : null,
      callbackReason: survey && f.wantsCallback === 'yes' ? (f.callbackReason ?? null) : null,
      createdAt: ctx.now ?? new Date(),
    });
    await audit(tx, {
      actor: input.fileId ? 'debtor' : 'visitor',
      action: 'feedback.created',
      fileId: input.fileId,
      clientAddress: ctx.clientAddress,
      detail: { source: input.source, stars: f.stars },
    });
    return { ok: true as const };
  });
}

/** No more survey requests for this file (the opt-out list); asking twice changes nothing. */
export async function optOutOfSurveys(
  db: Database,
  fileId: number,
  ctx: { clientAddress?: string } = {},
): Promise<{ ok: true }> {
  const inserted = await db
    .insert(t.feedbackOptOuts)
    .values({ fileId })
    .onConflictDoNothing()
    .returning({ fileId: t.feedbackOptOuts.fileId });
  if (inserted.length > 0)
    await audit(db, { actor: 'debtor', action: 'feedback.optOut', fileId, clientAddress: ctx.clientAddress });
  return { ok: true };
}

/** feedbackLanding as a page calls it: it opens the database itself (decision 077). */
export const feedbackLandingForPage = withDatabase(feedbackLanding);
