/**
 * Migrations run once at start-up under a PostgreSQL advisory lock (issue 18, production run):
 * three processes that start together on an empty database all come up, and every migration of
 * this build is applied exactly once. On a PostgreSQL server the test starts in a temporary
 * folder; skipped, saying so, where initdb is missing.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/client.ts';
import { skipReason } from '../helpers/skip.ts';
import { startTempPostgres, tempPostgresUnavailable, type TempPostgres } from '../helpers/temp-postgres.ts';

const run = promisify(execFile);
const fixture = path.resolve('tests/db/fixtures/open-database.ts');
let server: TempPostgres | undefined;

describe.skipIf(skipReason('migrations at start-up', tempPostgresUnavailable()))('migrations at start-up', () => {
  beforeAll(async () => {
    server = await startTempPostgres();
  });
  afterAll(async () => server?.dispose());

  it('are applied once when three instances start together', async () => {
    const url = server!.url();
    const starts = await Promise.allSettled(
      [1, 2, 3].map(() => run(process.execPath, ['--import', 'tsx', fixture, url], { cwd: process.cwd() })),
    );
    expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string; n: number }>(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(applied.rows.every((row) => row.n === 1)).toBe(true);
      // The lock is released: nobody holds it once the processes are gone.
      const held = await client.query("select count(*)::int as n from pg_locks where locktype = 'advisory'");
      expect(held.rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  }, 60_000);
});
