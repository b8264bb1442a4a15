/**
 * What the queries over the files share: which files a debtor may reach, and the files read with
 * their debtors (the sign-ins, the password reset, the list of a debtor's claims).
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

/** A file a debtor may sign in to and see: not legally blocked, not deleted (a condition for `where`). */
export function openFile(): SQL {
  return and(eq(t.files.legalBlocking, false), isNull(t.files.deletedAt))!;
}

/** `columns` of the files joined with their debtors; the caller adds the `where`. */
export function filesWithDebtors<S extends SelectedFields>(db: Database, columns: S) {
  return db.select(columns).from(t.files).innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId));
}

/** One row of `table` by its id, only when it belongs to the file: another file's or a malformed id finds nothing. */
export async function rowOfFile<T extends PgTable & { id: AnyPgColumn; fileId: AnyPgColumn }>(
  db: Database,
  table: T,
  where: { fileId: number; id: number },
): Promise<T['$inferSelect'] | null> {
  if (!Number.isSafeInteger(where.id) || where.id <= 0) return null;
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.fileId, where.fileId), eq(table.id, where.id)));
  return (row as T['$inferSelect'] | undefined) ?? null;
}
