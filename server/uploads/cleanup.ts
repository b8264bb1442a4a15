/**
 * Pending uploads that were never attached (the debtor left the form) are removed after a
 * while, with their stored objects. Attached uploads are never touched here. What a write cut
 * short by a crash left in the storage (a folder's hidden temporary file, a bucket's unfinished
 * multipart upload) is removed after the same while.
 */
import { and, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { objectStore, type ObjectStore } from './storage.ts';

export const pendingUploadLifetimeMs = 24 * 60 * 60 * 1000;

export async function purgeStalePendingUploads(
  db: Database,
  options: { now?: Date; store?: ObjectStore } = {},
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - pendingUploadLifetimeMs);
  const removed = await db
    .delete(t.uploads)
    .where(and(isNull(t.uploads.ownerId), lt(t.uploads.createdAt, cutoff)))
    .returning({ storageKey: t.uploads.storageKey });
  const store = options.store ?? objectStore();
  for (const row of removed) await store.delete(row.storageKey);
  await store.removeAbandoned(cutoff);
  return removed.length;
}
