/**
 * Retention (spec section 9, issue 15, decision 040): personal data the portal keeps only for a
 * while is deleted on time by one scheduled job, whatever table it is in.
 *
 * The job takes a list of purge rules (a table, its time column, or a condition where a row's age
 * is another's, and the longest age a row may reach), so a new kind of data is one more line in `purgeRules`, as the chat pane's raw
 * transcripts are: `transcriptRule(t.chatTranscripts, t.chatTranscripts.createdAt)`.
 *
 * Several instances may run the job: each run takes a transaction-scoped PostgreSQL advisory lock
 * with pg_try_advisory_xact_lock (PGlite is PostgreSQL, so it has the same function); an instance
 * that does not get it skips this run, and the lock ends with the transaction, also when the
 * connection dies. A run holds one connection of the pool for its whole transaction.
 *
 * The same run settles the intent log's open offers: a turn whose link was not followed and whose
 * form was not completed within the follow-up window is recorded as abandoned.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { abandonStaleTurns } from '../assistant/intent-log.ts';
import { env } from '../env.ts';

/** Raw chat transcripts: at most 24 hours (spec section 9, "AI chat logs 24 hours"). */
export const rawTranscriptMaxHours = 24;

export type PurgeRule = {
  /** For the report and the logs. */
  name: string;
  table: PgTable;
  cutoff(now: Date): Date;
} & (
  | {
      /** A timestamp column: rows older than `cutoff(now)` by it are deleted. */
      column: PgColumn;
    }
  | {
      /** Rows whose age is another row's (a refused line's is its import's): they are older than `cutoff`. */
      olderThan(cutoff: string): SQL;
    }
);

/** Rows older than `hours`. */
export function olderThanHours(hours: number): (now: Date) => Date {
  return (now) => new Date(now.getTime() - hours * 3_600_000);
}

/** Rows older than `months` calendar months (31 March minus one month is 3 March: never fewer days). */
export function olderThanMonths(months: number): (now: Date) => Date {
  return (now) => {
    const cutoff = new Date(now.getTime());
    cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
    return cutoff;
  };
}

/** The rule for raw chat transcripts (24 hours) on the pane's table and its creation time. */
export function transcriptRule(table: PgTable, createdAt: PgColumn): PurgeRule {
  return { name: 'chat-transcripts', table, column: createdAt, cutoff: olderThanHours(rawTranscriptMaxHours) };
}

/** The rule for the anonymised intent log: INTENT_LOG_RETENTION_MONTHS (6 by default). */
export function intentLogRule(months: number = env().INTENT_LOG_RETENTION_MONTHS): PurgeRule {
  return { name: 'intent-log', table: t.intentLog, column: t.intentLog.at, cutoff: olderThanMonths(months) };
}

/**
 * Rate-limit windows that ended more than an hour ago (server/limits/rate-limits.ts): their rows
 * count nothing any more. The limiters keep no timer of their own for this.
 */
export const rateLimitRule: PurgeRule = {
  name: 'rate-limits',
  table: t.rateLimits,
  column: t.rateLimits.expire,
  cutoff: olderThanHours(1),
};

/**
 * The refused lines of a letter batch keep their first 1,000 characters (names, addresses) for the
 * agency to correct them: IMPORT_REJECTS_RETENTION_DAYS (30 by default) after their import ended,
 * done or failed, they are deleted. The import's counts stay; a running import's lines are kept.
 */
export function importRejectsRule(days: number = env().IMPORT_REJECTS_RETENTION_DAYS): PurgeRule {
  return {
    name: 'import-rejects',
    table: t.agencyImportRejects,
    cutoff: olderThanHours(days * 24),
    olderThan: (cutoff) =>
      sql`${t.agencyImportRejects.importId} in (select ${t.agencyImports.id} from ${t.agencyImports} where ${t.agencyImports.status} <> 'running' and ${t.agencyImports.updatedAt} < ${cutoff})`,
  };
}

/** Everything the job deletes. */
export function purgeRules(): PurgeRule[] {
  return [
    intentLogRule(),
    transcriptRule(t.chatTranscripts, t.chatTranscripts.createdAt),
    rateLimitRule,
    importRejectsRule(),
  ];
}

/** `abandoned`: intent-log turns whose offer was left open past the follow-up window, marked in the same run. */
export type PurgeReport = { ran: false } | { ran: true; deleted: Record<string, number>; abandoned: number };

const lockKey = sql`hashtextextended('debtor-portal:retention', 0)`;

function countOf(result: unknown): number {
  const rows = (result as { rows?: Array<Record<string, unknown>> }).rows ?? [];
  return Number(rows[0]?.n ?? 0);
}

function deleteOlder(rule: PurgeRule, cutoff: Date): SQL {
  const at = cutoff.toISOString();
  const older = 'column' in rule ? sql`${rule.column} < ${at}` : rule.olderThan(at);
  return sql`with gone as (delete from ${rule.table} where ${older} returning 1) select count(*)::int as n from gone`;
}

/** One run: every rule, under the lock; `{ ran: false }` when another instance is running it. */
export async function purgeExpired(
  db: Database,
  rules: readonly PurgeRule[] = purgeRules(),
  now = new Date(),
): Promise<PurgeReport> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey}) as ok`);
    const ok = (locked as unknown as { rows: Array<{ ok: boolean }> }).rows[0]?.ok;
    if (!ok) return { ran: false } as const;
    const deleted: Record<string, number> = {};
    for (const rule of rules) {
      deleted[rule.name] = countOf(await tx.execute(deleteOlder(rule, rule.cutoff(now))));
    }
    // Turns still only offered when the conversation went idle are abandoned (issue 15, decision 049).
    const abandoned = await abandonStaleTurns(tx as unknown as Database, now);
    return { ran: true, deleted, abandoned } as const;
  });
}

/**
 * Runs the job now and then every `intervalMs` (RETENTION_INTERVAL_MINUTES, hourly by default),
 * so nothing outlives its period by more than one interval. The timer does not keep the process.
 * `stop()` ends the timer and resolves once a run in progress has finished (graceful shutdown).
 */
export function startRetentionJob(
  db: Database,
  options: {
    intervalMs?: number;
    rules?: () => readonly PurgeRule[];
    onReport?: (report: PurgeReport) => void;
    onError?: (error: unknown) => void;
  } = {},
): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? env().RETENTION_INTERVAL_MINUTES * 60_000;
  let current: Promise<void> | null = null;
  const run = () => {
    if (current) return;
    current = purgeExpired(db, (options.rules ?? purgeRules)())
      .then(
        (report) => options.onReport?.(report),
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        current = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
