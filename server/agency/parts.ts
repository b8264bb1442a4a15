/**
 * What the parts of a file the agency sets share (decision 102: special offer, down payment,
 * requested documents, modals; decision 103: payment methods, instalment terms): the file they
 * belong to, their GET, each a version of its own, and the PUT of a part every file has.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { FileKey } from './reference.ts';
import {
  digestOf,
  lockVersion,
  upsertVersioned,
  versionFor,
  type Preconditions,
  type UpsertRefusal,
  type VersionedResource,
} from './versions.ts';

/** The file the agency names, unless deleted, with its variant and open amount; its row locked with `lock`. */
export async function fileForPart(db: Database, ref: FileKey, lock: boolean) {
  const query = db
    .select({ id: t.files.id, variant: t.files.variant, currency: t.files.currency, totalMinor: t.files.totalMinor })
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

export interface PartIssue {
  path: string;
  message: string;
}

export type StandingPartWrite<P> =
  | { ok: true; changed: boolean; part: P; version: number }
  | { ok: false; problem: 'notFound' }
  /** The body does not fit the file (422 `notApplicable`): nothing written. */
  | { ok: false; problem: 'unprocessable'; issues: PartIssue[] }
  | UpsertRefusal;

/**
 * The PUT of a part every file has from the start (the requested documents, an empty list; the
 * file's terms, its variant's), in one transaction: the version row locked, then the file's row;
 * `check` may refuse the body for the file (422, nothing written); the part as it is now is
 * versioned before anything changes. While the file has nothing of the agency's or the debtor's in
 * the part (`unset`), nothing can be overwritten and no If-Match is needed; after that a change
 * needs it (`upsertVersioned`: 428, 412, the same body again 200 with the same version).
 */
export async function putStandingPart<P>(
  db: Database,
  ref: FileKey,
  version: { resource: VersionedResource; key: string },
  preconditions: Preconditions,
  now: Date,
  part: {
    read: (tx: Database, file: PartFile) => Promise<P>;
    unset: (part: P) => boolean;
    check?: (file: PartFile) => PartIssue[];
    write: (tx: Database, file: PartFile) => Promise<unknown>;
  },
): Promise<StandingPartWrite<P>> {
  return db.transaction(async (txn): Promise<StandingPartWrite<P>> => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, version.resource, version.key);
    const file = await fileForPart(tx, ref, true);
    if (!file) return { ok: false, problem: 'notFound' };
    const issues = part.check?.(file) ?? [];
    if (issues.length > 0) return { ok: false, problem: 'unprocessable', issues };
    const before = await part.read(tx, file);
    const recorded = await versionFor(tx, version.resource, version.key, digestOf(before), now, known);
    const noneYet = part.unset(before) && preconditions.ifMatch === null;
    const result = await upsertVersioned<P>(tx, {
      ...version,
      known: recorded,
      preconditions: noneYet ? { ...preconditions, ifMatch: '*' } : preconditions,
      now,
      read: (q) => part.read(q, file),
      write: (q) => part.write(q, file),
    });
    if (!result.ok) return result;
    return { ok: true, changed: result.changed, part: result.state, version: result.version };
  });
}
