/**
 * Readiness for a load balancer (`/readyz`): the database answers, and every migration this
 * build carries has been applied. A process that is alive (`/healthz`) but not ready gets no
 * traffic: at start-up while another instance migrates, or while the database is away.
 */
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, type Database } from './client.ts';

export type Readiness = { ready: true } | { ready: false; reason: 'databaseUnreachable' | 'migrationsPending' };

let expected: number | undefined;
/** How many migrations this build carries (drizzle's journal). */
function expectedMigrations(): number {
  expected ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  return expected;
}

export async function readiness(db: Database, options: { timeoutMs?: number } = {}): Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? 2000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const applied = await Promise.race([
      db
        .execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
        .then((result) => Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0)),
      timeout,
    ]);
    if (applied === 'timeout') return { ready: false, reason: 'databaseUnreachable' };
    return applied >= expectedMigrations() ? { ready: true } : { ready: false, reason: 'migrationsPending' };
  } catch {
    return { ready: false, reason: 'databaseUnreachable' };
  } finally {
    clearTimeout(timer);
  }
}
