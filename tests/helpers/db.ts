/**
 * A fresh database for one test file: in-memory PGlite by default; with TEST_DATABASE_URL (or the
 * `serverUrl` option) a new PostgreSQL database created in that server and dropped afterwards.
 */
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { ensureDemoData } from '#server/db/bootstrap.ts';
import { templateFor } from './db-template.ts';

export interface TestDatabase extends DatabaseHandle {
  dispose(): Promise<void>;
}

export async function createTestDatabase(
  options: { seed?: boolean; today?: Date; serverUrl?: string } = {},
): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    drop = async () => {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  } else {
    // From the run's template when there is one (tests/helpers/db-template.ts): the migrations
    // still run and find nothing to do; a seeded template makes the seed below find it seeded.
    const loadDataDir = templateFor({ seed: options.seed !== false, today: options.today });
    handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://', loadDataDir });
  }
  if (options.seed !== false) await ensureDemoData(handle, { fastHashes: true, today: options.today });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await drop?.();
    },
  };
}
