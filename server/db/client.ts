/**
 * One database handle per process: the embedded PGlite database by default, PostgreSQL when
 * DATABASE_URL is set. The same schema, migrations and queries run on both.
 */
import { StatementCachingPGlite } from './pglite-statements.ts';
import { PGliteThread } from './pglite-thread.ts';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { env } from '../env.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string;
      /** Start from a tarball of a data folder (the tests' migrated and seeded template, decision 054). */
      loadDataDir?: Blob;
      /**
       * Run PGlite in a worker thread started from this script (decision 122): the compiled
       * server's build/server/pglite-worker.js. Without it PGlite runs in the caller's thread, as
       * for the tests and the scripts run from source.
       */
      thread?: URL;
    }
  | { kind: 'postgres'; url: string };

export const migrationsFolder = path.resolve(process.cwd(), 'server/db/migrations');

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server closes (restart, failover, an administrator) is reported
    // here; without a listener it would end the process. The pool opens a new one when needed.
    // One warning per connection, whether the pool (idle) or the connection itself reports it.
    const reported = new WeakSet<pg.PoolClient>();
    const warn = (error: Error, client: pg.PoolClient) => {
      if (reported.has(client)) return;
      reported.add(client);
      process.emitWarning(`database connection closed by the server: ${error.message}`, {
        code: 'PORTAL_DB_CONNECTION',
      });
    };
    pool.on('error', warn);
    // The same for a connection in use (a transaction waiting when the database stops): its
    // query fails and the request answers 503; the unheard 'error' event would end the process.
    pool.on('connect', (client) => client.on('error', (error) => warn(error, client)));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    try {
      await migrateUnderLock(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (target.dataDir !== 'memory://') mkdirSync(target.dataDir, { recursive: true });
  if (target.thread) {
    const thread = await PGliteThread.open(target.thread, {
      dataDir: target.dataDir,
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
    const db = drizzlePglite(thread as never, { schema }) as unknown as Database;
    try {
      await migratePglite(db as never, { migrationsFolder });
    } catch (error) {
      await thread.close();
      throw error;
    }
    return { db, kind: 'pglite', close: () => thread.close() };
  }
  // Its statements kept prepared, as the pool's page statements are on PostgreSQL (decision 111).
  const client = await StatementCachingPGlite.open(
    target.dataDir,
    target.loadDataDir ? { loadDataDir: target.loadDataDir } : {},
  );
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * The session-level advisory lock every instance takes before it migrates (issue 18): instances
 * starting together apply the migrations one after the other, so each migration runs once and
 * the later ones find nothing left to do. The key is fixed; the lock ends with the connection,
 * also when the process dies while migrating.
 */
export const migrationLockKey = sql`hashtextextended('debtor-portal:migrations', 0)`;

async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    const locked = drizzlePg(client, { schema });
    await locked.execute(sql`select pg_advisory_lock(${migrationLockKey})`);
    try {
      await migratePg(locked, { migrationsFolder });
    } finally {
      await locked.execute(sql`select pg_advisory_unlock(${migrationLockKey})`).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection whose unlock failed is thrown away, so the lock cannot outlive it in the pool.
    client.release(broken);
  }
}

export function targetFromEnv(environment: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseTarget {
  return environment.DATABASE_URL
    ? { kind: 'postgres', url: environment.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(environment.DATA_DIR, 'pglite') };
}

// The process's one database (PGlite allows one opener per data folder). The HTTP server and the
// Remix routes are one module graph (decision 076), so they share this module and its handle.
let current: Promise<DatabaseHandle> | undefined;
/** Whether `current` was opened here (getDatabase) rather than handed in (setDatabase). */
let openedHere = false;

export function setDatabase(handle: Promise<DatabaseHandle>): void {
  current = handle;
  openedHere = false;
}

export async function getDatabase(): Promise<Database> {
  if (!current) {
    current = openDatabase(targetFromEnv(env()));
    openedHere = true;
  }
  return (await current).db;
}

/**
 * For tests that share a process (tests/setup-shared.ts): forget the process database, so that
 * the next getDatabase opens the one the environment names then. With `close`, a database opened
 * here is closed first; one a test handed in is the test's to close.
 */
export async function forgetDatabase(options: { close?: boolean } = {}): Promise<void> {
  const handle = current;
  const close = options.close === true && openedHere;
  current = undefined;
  openedHere = false;
  if (handle && close) await (await handle).close();
}

/**
 * A server function that takes the database first, as a page calls it: it opens the process's
 * database itself (getDatabase), so that app/ holds no database handle (decision 077). The API and
 * the assistant's tools, which carry `ctx.db`, call the function itself.
 */
export function withDatabase<A extends unknown[], R>(fn: (db: Database, ...args: A) => R) {
  return async (...args: A): Promise<Awaited<R>> => await fn(await getDatabase(), ...args);
}

export async function closeDatabase(): Promise<void> {
  const handle = current;
  current = undefined;
  openedHere = false;
  if (handle) await (await handle).close();
}
