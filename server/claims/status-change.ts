/**
 * A change of a file's status as every writer records it: the file's row and a line of its status
 * history, in the caller's transaction.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

type FileRow = typeof t.files.$inferSelect;

/** Sets the file's status (code, sub-state, status date) and writes the change with its reason to the history. */
export async function changeFileStatus(
  tx: Database,
  fileId: number,
  status: Pick<FileRow, 'statusCode' | 'subState' | 'statusDate'>,
  history: { reason: string; changedAt: Date },
): Promise<void> {
  const { statusCode, subState } = status;
  await tx.update(t.files).set(status).where(eq(t.files.id, fileId));
  await tx.insert(t.fileStatusHistory).values({ fileId, statusCode, subState, ...history });
}
