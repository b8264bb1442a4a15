/**
 * Webhook subscriptions and their delivery (issue 29, decision 087).
 *
 * A subscription is an endpoint URL with its Standard Webhooks secret (`whsec_…`, sealed at rest)
 * and, optionally, the event types it wants. The worker
 *   1. fans out: for each subscription, a delivery row per event after its cursor (only events
 *      whose transactions have settled, server/agency/feed.ts), cursor moved in the same statement's
 *      transaction;
 *   2. claims due deliveries: pending, due, not claimed by a live worker, and the first of their
 *      file for that endpoint (no earlier delivery of the same file still pending or dead), so a
 *      file's events arrive in the order they happened;
 *   3. posts each, signed with the `standardwebhooks` library (`webhook-id` is the event id, the
 *      same on every attempt; a fresh `webhook-timestamp` per attempt), and marks it delivered on a
 *      2xx. Anything else is retried with exponential backoff and jitter; after the last attempt
 *      the delivery is dead, and it holds back the later events of its file for that endpoint
 *      until it is replayed (`npm run agency:replay`).
 * A worker that dies between the claim and the answer leaves the claim to expire: the event is
 * delivered again, with the same id (at least once; consumers drop ids they have seen).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { openToken, sealToken } from '../security/sealed-token.ts';
import { eventTypes, type EventType } from './events.ts';
import { settled } from './feed.ts';
import { startIntervalJob } from '../jobs/interval.ts';

const sealPurpose = 'agency-webhook-secret';

export const maxAttempts = 15;
export const backoffBaseSeconds = 10;
export const backoffCapSeconds = 6 * 3600;
/** How long a claimed delivery is left to its worker: longer than the request timeout. */
export const claimLeaseMs = 60_000;
export const requestTimeoutMs = 15_000;

/**
 * Seconds before the attempt after `attempts` failed ones: 10 s doubled each time, at most six hours,
 * and a random part of up to a fifth taken off so that endpoints coming back are not hit all at once.
 * With 15 attempts the last one is about 26 hours after the first.
 */
export function backoffSeconds(attempts: number, random: () => number = Math.random): number {
  const exact = Math.min(backoffBaseSeconds * 2 ** Math.max(0, attempts - 1), backoffCapSeconds);
  return Math.round(exact * (1 - 0.2 * random()));
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

export interface Subscription {
  id: string;
  url: string;
  eventTypes: EventType[] | null;
  createdAt: string;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function secretOf(sealed: string): string {
  const opened = openToken(sealPurpose, sealed, z.object({ s: z.string() }));
  if (!opened) throw new Error('webhook secret cannot be opened (SESSION_SECRET changed?)');
  return opened.s;
}

export async function subscribe(
  db: Database,
  clientId: string,
  input: { url: string; secret?: string; eventTypes?: EventType[] | null },
): Promise<Subscription & { secret: string }> {
  const id = `wh_${randomBytes(12).toString('base64url')}`;
  const secret = input.secret ?? newWebhookSecret();
  // New subscriptions start with the events from now on (the pull feed has the earlier ones).
  const [last] = await db.select({ seq: sql<number>`coalesce(max(${t.agencyEvents.seq}), 0)` }).from(t.agencyEvents);
  const [row] = await db
    .insert(t.agencyWebhooks)
    .values({
      id,
      clientId,
      url: input.url,
      secretSealed: sealToken(sealPurpose, { s: secret }),
      eventTypes: input.eventTypes ?? null,
      cursor: Number(last?.seq ?? 0),
    })
    .returning();
  return { ...toSubscription(row!), secret };
}

function toSubscription(row: typeof t.agencyWebhooks.$inferSelect): Subscription {
  return {
    id: row.id,
    url: row.url,
    eventTypes: (row.eventTypes as EventType[] | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSubscriptions(db: Database, clientId: string): Promise<Subscription[]> {
  const rows = await db
    .select()
    .from(t.agencyWebhooks)
    .where(and(eq(t.agencyWebhooks.clientId, clientId), isNull(t.agencyWebhooks.deletedAt)))
    .orderBy(asc(t.agencyWebhooks.createdAt));
  return rows.map(toSubscription);
}

export async function unsubscribe(db: Database, clientId: string, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(t.agencyWebhooks)
    .set({ deletedAt: now })
    .where(
      and(eq(t.agencyWebhooks.id, id), eq(t.agencyWebhooks.clientId, clientId), isNull(t.agencyWebhooks.deletedAt)),
    )
    .returning({ id: t.agencyWebhooks.id });
  return rows.length > 0;
}

export const subscriptionTypesSchema = z.array(z.enum(eventTypes as [EventType, ...EventType[]])).min(1);

// ---------------------------------------------------------------------------------------------
// Fan-out, claim, delivery

/** Makes the delivery rows of events that settled since each live subscription's cursor; returns how many. */
export async function fanOut(db: Database, now = new Date(), batch = 1000): Promise<number> {
  const hooks = await db.select().from(t.agencyWebhooks).where(isNull(t.agencyWebhooks.deletedAt));
  let made = 0;
  for (const hook of hooks) {
    made += await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const [locked] = await tx
        .select({ cursor: t.agencyWebhooks.cursor })
        .from(t.agencyWebhooks)
        .where(eq(t.agencyWebhooks.id, hook.id))
        .for('update');
      if (!locked) return 0;
      const events = await tx
        .select({ seq: t.agencyEvents.seq, type: t.agencyEvents.type, fileId: t.agencyEvents.fileId })
        .from(t.agencyEvents)
        .where(and(sql`${t.agencyEvents.seq} > ${locked.cursor}`, settled))
        .orderBy(asc(t.agencyEvents.seq))
        .limit(batch);
      if (events.length === 0) return 0;
      const wanted = events.filter((e) => !hook.eventTypes || hook.eventTypes.includes(e.type));
      if (wanted.length > 0)
        await tx
          .insert(t.agencyDeliveries)
          .values(wanted.map((e) => ({ webhookId: hook.id, eventSeq: e.seq, fileId: e.fileId, nextAttemptAt: now })))
          .onConflictDoNothing();
      await tx
        .update(t.agencyWebhooks)
        .set({ cursor: events.at(-1)!.seq })
        .where(eq(t.agencyWebhooks.id, hook.id));
      return wanted.length;
    });
  }
  return made;
}

interface Claimed {
  id: number;
  attempts: number;
  url: string;
  secretSealed: string;
  eventId: string;
  payload: unknown;
}

/**
 * Claims up to `limit` due deliveries, each the first open one of its file for its endpoint, and
 * counts the attempt. The claim is one statement: two workers never take the same row.
 */
export async function claimDue(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  const leaseEnd = new Date(now.getTime() + claimLeaseMs);
  const result = await db.execute<{ id: string | number; attempts: number }>(sql`
    update agency_deliveries d
       set attempts = d.attempts + 1, claimed_until = ${leaseEnd.toISOString()}::timestamptz
     where d.id in (
       select c.id from agency_deliveries c
        where c.status = 'pending'
          and c.next_attempt_at <= ${now.toISOString()}::timestamptz
          and (c.claimed_until is null or c.claimed_until < ${now.toISOString()}::timestamptz)
          and not exists (
            select 1 from agency_deliveries e
             where e.webhook_id = c.webhook_id
               and e.file_id = c.file_id
               and e.event_seq < c.event_seq
               and e.status <> 'delivered')
        order by c.event_seq
        limit ${limit}
        for update skip locked)
    returning d.id, d.attempts`);
  const claimed = (result as unknown as { rows: Array<{ id: string | number; attempts: number }> }).rows;
  if (claimed.length === 0) return [];
  const ids = claimed.map((row) => Number(row.id));
  const rows = await db
    .select({
      id: t.agencyDeliveries.id,
      attempts: t.agencyDeliveries.attempts,
      url: t.agencyWebhooks.url,
      secretSealed: t.agencyWebhooks.secretSealed,
      eventId: t.agencyEvents.id,
      payload: t.agencyEvents.payload,
    })
    .from(t.agencyDeliveries)
    .innerJoin(t.agencyWebhooks, eq(t.agencyWebhooks.id, t.agencyDeliveries.webhookId))
    .innerJoin(t.agencyEvents, eq(t.agencyEvents.seq, t.agencyDeliveries.eventSeq))
    .where(inArray(t.agencyDeliveries.id, ids))
    .orderBy(asc(t.agencyDeliveries.eventSeq));
  return rows;
}

/** The body and the Standard Webhooks headers of one attempt. */
export function signedRequest(
  secret: string,
  eventId: string,
  payload: unknown,
  now: Date,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(payload);
  const signature = new Webhook(secret).sign(eventId, now, body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
      'user-agent': 'debtor-portal-webhooks/1',
    },
  };
}

export interface DeliveryReport {
  delivered: number;
  retried: number;
  dead: number;
}

export interface DeliveryOptions {
  now?: () => Date;
  limit?: number;
  /** How many endpoints' requests run at once (different files only: a file's next waits for its first). */
  concurrency?: number;
  fetch?: typeof fetch;
  random?: () => number;
}

async function attempt(db: Database, row: Claimed, options: Required<DeliveryOptions>): Promise<keyof DeliveryReport> {
  const started = options.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const { body, headers } = signedRequest(secretOf(row.secretSealed), row.eventId, row.payload, started);
    const response = await options.fetch(row.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    status = response.status;
    await response.body?.cancel().catch(() => undefined);
    if (status >= 200 && status < 300) {
      await db
        .update(t.agencyDeliveries)
        .set({
          status: 'delivered',
          deliveredAt: options.now(),
          lastStatus: status,
          lastError: null,
          claimedUntil: null,
        })
        .where(eq(t.agencyDeliveries.id, row.id));
      return 'delivered';
    }
    error = `HTTP ${status}`;
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const dead = row.attempts >= maxAttempts;
  await db
    .update(t.agencyDeliveries)
    .set({
      status: dead ? 'dead' : 'pending',
      lastStatus: status,
      lastError: error.slice(0, 500),
      claimedUntil: null,
      nextAttemptAt: new Date(options.now().getTime() + backoffSeconds(row.attempts, options.random) * 1000),
    })
    .where(eq(t.agencyDeliveries.id, row.id));
  return dead ? 'dead' : 'retried';
}

/** One run: fan out, then claim and deliver until nothing is due (or `rounds` batches were taken). */
export async function deliverDue(db: Database, options: DeliveryOptions = {}, rounds = 50): Promise<DeliveryReport> {
  const full: Required<DeliveryOptions> = {
    now: options.now ?? (() => new Date()),
    limit: options.limit ?? 200,
    concurrency: options.concurrency ?? 16,
    fetch: options.fetch ?? fetch,
    random: options.random ?? Math.random,
  };
  const report: DeliveryReport = { delivered: 0, retried: 0, dead: 0 };
  await fanOut(db, full.now());
  for (let round = 0; round < rounds; round += 1) {
    const claimed = await claimDue(db, full.now(), full.limit);
    if (claimed.length === 0) break;
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const row = claimed[next++]!;
        report[await attempt(db, row, full)] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(full.concurrency, claimed.length) }, lane));
    if (round % 5 === 4) await fanOut(db, full.now());
  }
  return report;
}

/**
 * Puts deliveries back in the queue, due now with their attempts counted from zero: those of one
 * event (by its id), or every dead one. Returns how many.
 */
export async function replay(
  db: Database,
  which: { eventId: string } | { dead: true },
  now = new Date(),
): Promise<number> {
  const reset = { status: 'pending' as const, attempts: 0, nextAttemptAt: now, claimedUntil: null, lastError: null };
  if ('dead' in which) {
    const rows = await db
      .update(t.agencyDeliveries)
      .set(reset)
      .where(eq(t.agencyDeliveries.status, 'dead'))
      .returning({ id: t.agencyDeliveries.id });
    return rows.length;
  }
  const [event] = await db
    .select({ seq: t.agencyEvents.seq })
    .from(t.agencyEvents)
    .where(eq(t.agencyEvents.id, which.eventId));
  if (!event) return 0;
  const rows = await db
    .update(t.agencyDeliveries)
    .set(reset)
    .where(eq(t.agencyDeliveries.eventSeq, event.seq))
    .returning({ id: t.agencyDeliveries.id });
  return rows.length;
}

/** Runs the worker every `intervalMs` (never two runs at once); the stop function waits for a run in progress. */
export function startDeliveryWorker(
  db: Database,
  options: DeliveryOptions & {
    intervalMs: number;
    onError?: (error: unknown) => void;
    onReport?: (report: DeliveryReport) => void;
  },
): () => Promise<void> {
  return startIntervalJob(() => deliverDue(db, options), {
    ...options,
    didWork: (report) => report.delivered + report.retried + report.dead > 0,
  });
}
