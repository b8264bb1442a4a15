/**
 * Reading the outbox in order (decision 087): the pull feed (`GET /agency/v1/events?after=`) and
 * the delivery worker's fan-out both read events after a cursor (`seq`). A sequence number is taken
 * when a row is inserted, not when its transaction commits, so a reader could see event 12 before a
 * slower transaction commits event 11 and pass it for good. Every event row carries its
 * transaction's id; a reader only takes events whose transactions are older than the oldest one
 * still running (`pg_snapshot_xmin`), so everything before them has committed or never will.
 */
import { and, asc, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { EventEnvelope } from './events.ts';

export const maxFeedLimit = 1000;

/** No transaction that could still add an event below this position is running. */
export const settled = sql`${t.agencyEvents.txid} < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

export interface FeedPage {
  events: Array<EventEnvelope & { cursor: string }>;
  /** The cursor to ask with next (the last event's, or the one asked with when nothing is new). */
  next: string;
}

export function parseCursor(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 0;
  if (!/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

export async function readFeed(db: Database, after: number, limit: number): Promise<FeedPage> {
  const rows = await db
    .select({ seq: t.agencyEvents.seq, payload: t.agencyEvents.payload })
    .from(t.agencyEvents)
    .where(and(gt(t.agencyEvents.seq, after), settled))
    .orderBy(asc(t.agencyEvents.seq))
    .limit(Math.min(Math.max(limit, 1), maxFeedLimit));
  return {
    events: rows.map((row) => ({ ...(row.payload as unknown as EventEnvelope), cursor: String(row.seq) })),
    next: String(rows.at(-1)?.seq ?? after),
  };
}
