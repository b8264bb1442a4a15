/**
 * Decision 074 (superseding 056): nothing keeps a debtor's pages, so no trigger raises a file
 * version any more. A write to a table of the file leaves the file's row alone (no update, no row
 * lock held by the writer), and no trigger of the kind is left in the schema. PGlite, or
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

describe('writes to a file’s tables after decision 074', () => {
  it('leaves no file-version trigger, function or column in the schema', async () => {
    const triggers = rowsOf(
      await database.db.execute(sql`select tgname from pg_trigger where not tgisinternal and tgname like '%version%'`),
    );
    expect(triggers).toEqual([]);
    const functions = rowsOf(
      await database.db.execute(sql`select proname from pg_proc where proname like '%file_version%'`),
    );
    expect(functions).toEqual([]);
    const columns = rowsOf(
      await database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'files' and column_name = 'version'`,
      ),
    );
    expect(columns).toEqual([]);
  });

  it('does not touch the file’s row when an event of the file is written', async () => {
    const [file] = await database.db.select({ id: t.files.id }).from(t.files).where(eq(t.files.refno, '100000001'));
    // The row's system column xmin changes with every update of the row, whoever makes it.
    const xmin = async () =>
      String(rowsOf(await database.db.execute(sql`select xmin::text as x from files where id = ${file!.id}`))[0]!.x);
    const before = await xmin();
    await database.db.insert(t.events).values({ fileId: file!.id, occurredAt: new Date(), kind: 'portalVisit' });
    expect(await xmin()).toBe(before);
  });
});
