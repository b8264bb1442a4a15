/**
 * /readyz: ready only when the database answers and this build's migrations are all applied
 * (issue 18, production run). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readiness } from '#server/db/readiness.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => database.dispose());

describe('readiness', () => {
  it('is ready on a migrated database', async () => {
    expect(await readiness(database.db)).toEqual({ ready: true });
  });

  it('is not ready while a migration of this build is missing', async () => {
    const last = sql`(select max(id) from drizzle.__drizzle_migrations)`;
    const [row] = (
      (await database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations where id = ${last}`,
      )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }
    ).rows;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row!.id}`);
    try {
      expect(await readiness(database.db)).toEqual({ ready: false, reason: 'migrationsPending' });
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row!.id}, ${row!.hash}, ${row!.created_at})`,
      );
    }
    expect(await readiness(database.db)).toEqual({ ready: true });
  });

  it('is not ready when the database does not answer', async () => {
    const other = await createTestDatabase({ seed: false });
    await other.close();
    expect(await readiness(other.db, { timeoutMs: 500 })).toEqual({ ready: false, reason: 'databaseUnreachable' });
    await other.dispose().catch(() => undefined);
  });
});
