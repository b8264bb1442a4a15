import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordTurn } from '#server/assistant/intent-log.ts';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { skipReason } from '../../tests/helpers/skip.ts';
import { postgresServerForTest, postgresUnavailable } from '../../tests/helpers/temp-postgres.ts';
import {
  importRejectsRule,
  intentLogRule,
  olderThanMonths,
  purgeExpired,
  purgeRules,
  transcriptRule,
} from './purge.ts';

// The chat pane keeps raw transcripts in a table of its own; this stands in for it here.
const transcripts = pgTable('test_chat_transcripts', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const now = new Date('2026-11-23T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await database.db.execute(
    sql`create table test_chat_transcripts (id serial primary key, body text not null, created_at timestamptz not null)`,
  );
});
afterAll(async () => database.dispose());
beforeEach(async () => {
  await database.db.delete(transcripts);
  await database.db.delete(t.intentLog);
  await database.db.delete(t.rateLimits);
  await database.db.delete(t.agencyImportRejects);
  await database.db.delete(t.agencyImports);
});

async function logRowAt(at: Date, text: string) {
  const { turnId } = await recordTurn(database.db, {
    conversationId: 'c',
    variant: 'serviceportal',
    language: 'de',
    text,
    intent: 'pay_now',
    confidence: 0.9,
    engine: 'embedded',
  });
  await database.db
    .update(t.intentLog)
    .set({ at })
    .where(sql`${t.intentLog.id} = ${turnId}`);
}

/** Runs the server's own rules now and expects these deletions (none for every other rule). */
async function expectServerPurge(deleted: Record<string, number>) {
  const report = await purgeExpired(database.db, purgeRules(), now);
  expect(report).toEqual({
    ran: true,
    deleted: { 'intent-log': 0, 'chat-transcripts': 0, 'rate-limits': 0, 'import-rejects': 0, ...deleted },
    abandoned: 0,
  });
}

describe('retention job', () => {
  it('deletes a raw transcript of 25 hours and keeps one of 23', async () => {
    await database.db.insert(transcripts).values([
      { body: 'old', createdAt: hoursAgo(25) },
      { body: 'young', createdAt: hoursAgo(23) },
    ]);
    const report = await purgeExpired(database.db, [transcriptRule(transcripts, transcripts.createdAt)], now);
    expect(report).toEqual({ ran: true, deleted: { 'chat-transcripts': 1 }, abandoned: 0 });
    const left = await database.db.select({ body: transcripts.body }).from(transcripts);
    expect(left).toEqual([{ body: 'young' }]);
  });

  it("purges the chat pane's transcripts after 24 hours with the server's own rules", async () => {
    await database.db.insert(t.chatTranscripts).values([
      { id: 'a'.repeat(32), variant: 'serviceportal', createdAt: hoursAgo(25) },
      { id: 'b'.repeat(32), variant: 'serviceportal', createdAt: hoursAgo(23) },
    ]);
    await expectServerPurge({ 'chat-transcripts': 1 });
    const left = await database.db.select({ id: t.chatTranscripts.id }).from(t.chatTranscripts);
    expect(left).toEqual([{ id: 'b'.repeat(32) }]);
  });

  it("deletes rate-limit windows that ended over an hour ago, with the server's own rules", async () => {
    await database.db.insert(t.rateLimits).values([
      { key: 'ended-long-ago', points: 3, expire: hoursAgo(2) },
      { key: 'ended-just-now', points: 3, expire: hoursAgo(0.5) },
      { key: 'running', points: 1, expire: new Date(now.getTime() + 600_000) },
    ]);
    await expectServerPurge({ 'rate-limits': 1 });
    const left = await database.db.select({ key: t.rateLimits.key }).from(t.rateLimits);
    expect(left.map((r) => r.key).sort()).toEqual(['ended-just-now', 'running']);
  });

  it('deletes anonymised log rows after the configured months, not before', async () => {
    await logRowAt(new Date('2026-05-23T11:59:00Z'), 'older than six months');
    await logRowAt(new Date('2026-05-23T12:01:00Z'), 'just under six months');
    await logRowAt(new Date('2026-08-20T12:00:00Z'), 'over three months old');
    const six = await purgeExpired(database.db, [intentLogRule(6)], now);
    expect(six).toEqual({ ran: true, deleted: { 'intent-log': 1 }, abandoned: 0 });
    const afterSix = await database.db.select({ text: t.intentLog.anonymisedText }).from(t.intentLog);
    expect(afterSix.map((r) => r.text).sort()).toEqual(['just under six months', 'over three months old']);

    // A shorter period (INTENT_LOG_RETENTION_MONTHS=3) deletes the rows older than three months.
    const three = await purgeExpired(database.db, [intentLogRule(3)], now);
    expect(three).toEqual({ ran: true, deleted: { 'intent-log': 2 }, abandoned: 0 });
    expect(await database.db.select().from(t.intentLog)).toEqual([]);
  });

  it("deletes a batch's refused lines 30 days after its import ended, done or failed, and keeps the import's counts", async () => {
    const importAt = async (status: 'running' | 'done' | 'failed', endedHoursAgo: number) => {
      const [job] = await database.db
        .insert(t.agencyImports)
        .values({
          source: `test ${status} ${endedHoursAgo}`,
          status,
          chunkLines: 10,
          rejected: 2,
          updatedAt: hoursAgo(endedHoursAgo),
        })
        .returning({ id: t.agencyImports.id });
      await database.db.insert(t.agencyImportRejects).values(
        [1, 2].map((line) => ({
          importId: job!.id,
          line,
          issues: [{ path: 'debtor.lastName', message: 'Required' }],
          text: '{"debtor":{"firstName":"Erika"}}',
        })),
      );
      return job!.id;
    };
    const doneLongAgo = await importAt('done', 31 * 24);
    const failedLongAgo = await importAt('failed', 31 * 24);
    const doneRecently = await importAt('done', 29 * 24);
    // A job that stopped moving a month ago but is still running (its process died) is resumed, not purged.
    const running = await importAt('running', 31 * 24);
    await expectServerPurge({ 'import-rejects': 4 });
    const left = await database.db.select({ importId: t.agencyImportRejects.importId }).from(t.agencyImportRejects);
    expect([...new Set(left.map((r) => r.importId))].sort()).toEqual([doneRecently, running].sort());
    const jobs = await database.db
      .select({ id: t.agencyImports.id, rejected: t.agencyImports.rejected })
      .from(t.agencyImports);
    expect(jobs.find((j) => j.id === doneLongAgo)).toEqual({ id: doneLongAgo, rejected: 2 });
    expect(jobs.find((j) => j.id === failedLongAgo)).toEqual({ id: failedLongAgo, rejected: 2 });
    // IMPORT_REJECTS_RETENTION_DAYS=7 takes the recent one too.
    const week = await purgeExpired(database.db, [importRejectsRule(7)], now);
    expect(week).toEqual({ ran: true, deleted: { 'import-rejects': 2 }, abandoned: 0 });
  });

  it('reads the period from the environment by default', async () => {
    const { resetEnvCache } = await import('#server/env.ts');
    process.env.INTENT_LOG_RETENTION_MONTHS = '2';
    resetEnvCache();
    try {
      expect(intentLogRule().cutoff(now)).toEqual(olderThanMonths(2)(now));
    } finally {
      delete process.env.INTENT_LOG_RETENTION_MONTHS;
      resetEnvCache();
    }
    expect(intentLogRule().cutoff(now)).toEqual(new Date('2026-05-23T12:00:00Z'));
  });
});

// Two instances are two connections: PGlite is one connection in one process, where a second
// transaction waits for the first and never meets its lock. So on a real PostgreSQL server
// (TEST_DATABASE_URL, or one the test starts with initdb) whatever database the suite runs on.
describe.skipIf(skipReason('the retention lock on PostgreSQL', postgresUnavailable()))(
  'the retention job on two instances',
  () => {
    let server: Awaited<ReturnType<typeof postgresServerForTest>>;
    let shared: TestDatabase;
    beforeAll(async () => {
      server = await postgresServerForTest();
      shared = await createTestDatabase({ seed: false, serverUrl: server.url });
      await shared.db.execute(
        sql`create table test_chat_transcripts (id serial primary key, body text not null, created_at timestamptz not null)`,
      );
    });
    afterAll(async () => {
      await shared?.dispose();
      await server?.dispose();
    });

    it('skips the run while another instance holds the lock', async () => {
      expect(shared.kind).toBe('postgres');
      await shared.db.insert(transcripts).values({ body: 'old', createdAt: hoursAgo(30) });
      const rules = [transcriptRule(transcripts, transcripts.createdAt)];
      // The other instance: a transaction on another connection that holds the job's lock.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const other = shared.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('debtor-portal:retention', 0))`);
        locked();
        await held;
      });
      try {
        await isLocked;
        expect(await purgeExpired(shared.db, rules, now)).toEqual({ ran: false });
        expect(await shared.db.select().from(transcripts)).toHaveLength(1);
      } finally {
        release();
        await other;
      }
      // The lock ends with the other's transaction: the next run purges.
      expect(await purgeExpired(shared.db, rules, now)).toEqual({
        ran: true,
        deleted: { 'chat-transcripts': 1 },
        abandoned: 0,
      });
    });
  },
);
