/**
 * PostgreSQL only: when the server closes the portal's idle connections (a restart, a failover,
 * an administrator), the process keeps running and the next query gets a new connection.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { skipReason } from '../helpers/skip.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
let database: TestDatabase | undefined;
afterAll(async () => database?.dispose());

const notHere = skipReason(
  'connections closed by the database server',
  !serverUrl && 'PostgreSQL only: set TEST_DATABASE_URL (as .ci/run does) to run it',
);

describe.skipIf(notHere)('connections closed by the database server', () => {
  it('are reported as a warning, and the next query works', async () => {
    database = await createTestDatabase({ seed: false });
    const db = database.db;
    // Two queries at once leave two idle connections in the pool.
    await Promise.all([db.execute(sql`select pg_sleep(0.05)`), db.execute(sql`select pg_sleep(0.05)`)]);
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const [current] = await rows<{ name: string }>(sql`select current_database() as name`);
    const name = current!.name;

    // One warning for each closed connection; the pool drops each one as its warning comes.
    const messages: string[] = [];
    let expected = Infinity;
    let allWarned: () => void = () => {};
    const warned = new Promise<void>((resolve) => (allWarned = resolve));
    const onWarning = (warning: Error & { code?: string }) => {
      if (warning.code !== 'PORTAL_DB_CONNECTION') return;
      messages.push(warning.message);
      if (messages.length >= expected) allWarned();
    };
    process.on('warning', onWarning);
    try {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const terminated = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      await admin.end();
      expect(terminated.rowCount).toBeGreaterThan(0);
      expected = terminated.rowCount!;
      if (messages.length >= expected) allWarned();
      await warned;
    } finally {
      process.off('warning', onWarning);
    }

    expect(messages.every((message) => /closed by the server/.test(message))).toBe(true);
    const [again] = await rows<{ answer: number }>(sql`select 41 + 1 as answer`);
    expect(again?.answer).toBe(42);
  }, 15_000);
});
