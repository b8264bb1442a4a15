/**
 * What the parts of a file the agency sets share (decision 102: special offer, down payment,
 * requested documents, modals): the file they belong to, and their GET, each a version of its own.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { FileKey } from './reference.ts';
import { digestOf, lockVersion, versionFor, type VersionedResource } from './versions.ts';

/** The file the agency names, unless deleted, with its open amount; its row locked with `lock`. */
export async function fileForPart(db: Database, ref: FileKey, lock: boolean) {
  const query = db
    .select({ id: t.files.id, currency: t.files.currency, totalMinor: t.files.totalMinor })
    .from(t.files)
    .where(and(eq(t.files.refno, ref.refno), eq(t.files.subcase, ref.subcase), isNull(t.files.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? { ...row, totalMinor: row.totalMinor ?? 0 } : null;
}

export type PartFile = NonNullable<Awaited<ReturnType<typeof fileForPart>>>;

/**
 * A part as the GET answers it, in one transaction: its version row locked first (as a PUT locks
 * it), the file (not deleted), the part as it is now (`partOf`, null when there is none) and its
 * version, counted up when the part is no longer what that version named.
 */
export async function readPart<P>(
  db: Database,
  ref: FileKey,
  version: { resource: VersionedResource; key: string },
  now: Date,
  partOf: (tx: Database, file: PartFile) => Promise<P | null>,
): Promise<{ ok: true; part: P; version: number } | { ok: false; missing: 'file' | 'part' }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, version.resource, version.key);
    const file = await fileForPart(tx, ref, false);
    if (!file) return { ok: false as const, missing: 'file' as const };
    const part = await partOf(tx, file);
    if (part === null) return { ok: false as const, missing: 'part' as const };
    const recorded = await versionFor(tx, version.resource, version.key, digestOf(part), now, known);
    return { ok: true as const, part, version: recorded.version };
  });
}
