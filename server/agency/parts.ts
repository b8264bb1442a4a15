/**
 * What the parts of a file the agency sets share (decision 102: special offer, down payment,
 * requested documents, modals; decision 103: payment methods, instalment terms): the file they
 * belong to, their GET, each a version of its own, the PUT of a part every file has, the PUT of
 * a part the debtor answers, and the DELETE that takes a part back (decision 106).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { todayIso } from '../dates.ts';
import type { PaymentRow } from '../payments/booking.ts';
import { paymentsUnderWay } from '../payments/service/under-way.ts';
import type { FileKey } from './reference.ts';
import {
  deletedDigest,
  digestOf,
  lockVersion,
  refusalOf,
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

/**
 * A body in another currency than the file's: well formed, but at odds with the file, so 422 at
 * `currency` (not 400), the same for each part that names a currency.
 */
export const currencyIssues = (file: PartFile, currency: string): PartIssue[] =>
  currency === file.currency ? [] : [{ path: 'currency', message: `the file's currency is ${file.currency}` }];

/**
 * Why an amount the debtor is asked to pay by a day (an offer, a down payment) does not fit the file:
 * more than its open amount, or a day that has passed (`path`: the day's field).
 */
export function amountByDayIssues(file: PartFile, amountMinor: number, path: string, day: string, now: Date) {
  const issues: PartIssue[] = [];
  if (amountMinor > file.totalMinor)
    issues.push({ path: 'amountMinor', message: `more than the open amount (${file.totalMinor})` });
  if (day < todayIso(now)) issues.push({ path, message: 'a day that has passed' });
  return issues;
}

export type AnsweredPartWrite<P> =
  | { ok: true; created: boolean; changed: boolean; part: P; version: number }
  | { ok: false; problem: 'notFound' }
  /** The debtor took the part (409): nothing written; the part as it is, with its version. */
  | { ok: false; problem: 'taken'; part: P; version: number }
  /** The body does not fit the file (422 `notApplicable`): nothing written. */
  | { ok: false; problem: 'unprocessable'; issues: PartIssue[] }
  | UpsertRefusal;

/**
 * The PUT of a part the agency makes and the debtor answers (the special offer, the down payment:
 * a row `R` of the file, none until the first PUT), in one transaction. Locks in the order of a
 * booking, so that a PUT and the debtor's payment meet one after the other: the version row, the
 * file's row, the part's row. A body in another currency than the file's is refused first (422).
 *
 * What the debtor did is never undone: a change of a part the debtor took (`taken`: answered it,
 * or a payment of it under way) is refused with the part as it is and its version, for the 409.
 * The same body again (`same`) is neither checked nor written, so a retry is answered 200 also
 * after the part's day has passed or the debtor took it; any other body meets `check` (422).
 * The write itself is versioned (`upsertVersioned`: 201 the first time, If-Match to change it).
 */
export async function putAnsweredPart<R, P>(
  db: Database,
  ref: FileKey,
  version: { resource: VersionedResource; key: string },
  preconditions: Preconditions,
  now: Date,
  part: {
    /** The body's currency. */
    currency: string;
    /** The part's row as it is now, null before the first PUT; locked for the transaction with `lock`. */
    row: (tx: Database, file: PartFile, lock: boolean) => Promise<R | null>;
    /** The row as the agency reads it. */
    of: (row: R, file: PartFile) => P;
    /** Whether the row already is what the body asks for. */
    same: (row: R) => boolean;
    /** Whether the debtor took the part, given the file's payments under way (the checkout's own notion). */
    taken: (row: R, underWay: PaymentRow[]) => boolean;
    /** Why the body does not fit the file: 422 with these. */
    check: (file: PartFile) => PartIssue[];
    /** Writes the body: changes `existing` (the row found, null for none) or makes a new row. */
    write: (tx: Database, file: PartFile, existing: R | null) => Promise<unknown>;
  },
): Promise<AnsweredPartWrite<P>> {
  return db.transaction(async (txn): Promise<AnsweredPartWrite<P>> => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, version.resource, version.key);
    const file = await fileForPart(tx, ref, true);
    if (!file) return { ok: false, problem: 'notFound' };
    const currency = currencyIssues(file, part.currency);
    if (currency.length > 0) return { ok: false, problem: 'unprocessable', issues: currency };
    const existing = await part.row(tx, file, true);
    const same = existing !== null && part.same(existing);
    if (!same) {
      if (existing && part.taken(existing, (await paymentsUnderWay(tx, file.id)).rows)) {
        const taken = part.of(existing, file);
        const recorded = await versionFor(tx, version.resource, version.key, digestOf(taken), now, known);
        return { ok: false, problem: 'taken', part: taken, version: recorded.version };
      }
      const issues = part.check(file);
      if (issues.length > 0) return { ok: false, problem: 'unprocessable', issues };
    }
    const result = await upsertVersioned<P>(tx, {
      ...version,
      known,
      preconditions,
      now,
      read: async (q) => {
        const row = await part.row(q, file, false);
        return row && part.of(row, file);
      },
      write: async (q) => {
        if (!same) await part.write(q, file, existing);
      },
    });
    if (!result.ok) return result;
    return { ok: true, created: result.created, changed: result.changed, part: result.state, version: result.version };
  });
}

export type PartDeletion<P> =
  /**
   * Taken back (`withdrawn`), or already taken back by an earlier DELETE (nothing written): 204.
   * `version` is the part's version now when it still has a representation (a withdrawn offer, a
   * cancelled down payment), null when it is gone (a modal, an invoice).
   */
  | { ok: true; withdrawn: boolean; version: number | null }
  /** No such file (404 `notFound`). */
  | { ok: false; problem: 'notFound' }
  /** The file has no such part, and never had under this key (404). */
  | { ok: false; problem: 'noPart' }
  /** The debtor took or answered the part (409): nothing written; the part as it is, with its version. */
  | { ok: false; problem: 'taken'; part: P; version: number }
  | UpsertRefusal;

/**
 * The DELETE of a part the agency set (decision 106: the special offer, the down payment, a modal,
 * an invoice), in one transaction, locking as the PUTs do: the version row, the file's row, the
 * part's row. Then, in this order:
 *   - no row: 204 when the version row says the part was deleted (`deletedDigest`), else 404;
 *   - a row already taken back (`withdrawn`): 204 and nothing written, whatever the preconditions
 *     say, as the same PUT again is 200 (RFC 9110 section 13.1.1): a retry whose answer was lost
 *     succeeds;
 *   - a row the debtor took (`taken`: answered it, or a payment of it under way): 409 with the part;
 *   - the preconditions (`refusalOf`): If-Match is needed (428) and must name the version (412);
 *   - `write` takes it back; the part is read again and versioned, `deletedDigest` when it is gone,
 *     so the version counts up and a GET or PUT after it sees the change.
 */
export async function deletePart<R, P>(
  db: Database,
  ref: FileKey,
  version: { resource: VersionedResource; key: string },
  preconditions: Preconditions,
  now: Date,
  part: {
    /** The part's row as it is now, null for none; locked for the transaction with `lock`. */
    row: (tx: Database, file: PartFile, lock: boolean) => Promise<R | null>;
    /** The row as the agency reads it. */
    of: (row: R, file: PartFile) => P;
    /** Whether the row was already taken back. */
    withdrawn: (row: R) => boolean;
    /** Whether the debtor took the part; `underWay` reads the file's payments under way when asked. */
    taken: (row: R, underWay: () => Promise<PaymentRow[]>) => Promise<boolean> | boolean;
    /** Takes the part back: marks its row or deletes it. */
    write: (tx: Database, file: PartFile, row: R) => Promise<unknown>;
  },
): Promise<PartDeletion<P>> {
  return db.transaction(async (txn): Promise<PartDeletion<P>> => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, version.resource, version.key);
    const file = await fileForPart(tx, ref, true);
    if (!file) return { ok: false, problem: 'notFound' };
    const row = await part.row(tx, file, true);
    if (!row)
      return known?.digest === deletedDigest
        ? { ok: true, withdrawn: false, version: null }
        : { ok: false, problem: 'noPart' };
    const before = part.of(row, file);
    const recorded = await versionFor(tx, version.resource, version.key, digestOf(before), now, known);
    if (part.withdrawn(row)) return { ok: true, withdrawn: false, version: recorded.version };
    const underWay = async () => (await paymentsUnderWay(tx, file.id)).rows;
    if (await part.taken(row, underWay))
      return { ok: false, problem: 'taken', part: before, version: recorded.version };
    const refusal = refusalOf(recorded.version, preconditions);
    if (refusal) return refusal;
    await part.write(tx, file, row);
    const after = await part.row(tx, file, false);
    const digest = after === null ? deletedDigest : digestOf(part.of(after, file));
    const counted = await versionFor(tx, version.resource, version.key, digest, now, recorded);
    return { ok: true, withdrawn: true, version: after === null ? null : counted.version };
  });
}
