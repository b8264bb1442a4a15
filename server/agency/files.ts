/**
 * A whole file as the agency's resource (decision 099): the file with its debtor and creditors in
 * the import line format (`ImportLine`, server/agency/import/line.ts), so that the agency can GET
 * a file, change it and PUT it back. A PUT is merged by the bulk import's own merge (one line, in
 * the call's transaction, server/agency/import/merge.ts `mergeLines`): the same rules for
 * creditors by name, debtors by key, a status change written to the history, a deleted file left
 * alone. The file's version is its one version: the status resource (server/agency/file-status.ts)
 * answers and counts the same one.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { portalFeeKinds } from '../claims/costs.ts';
import { agencyEventKinds } from '../claims/file-history.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { ImportDebtor, ImportLine } from './import/line.ts';
import { awaitMergeTurn, mergeLines } from './import/merge.ts';
import { runnerOf } from './import/stage.ts';
import { parseReference, referenceOf, type FileKey } from './reference.ts';
import {
  digestOf,
  lockVersion,
  upsertVersioned,
  versionFor,
  type Preconditions,
  type Recorded,
  type UpsertRefusal,
} from './versions.ts';

/**
 * A file as the line format writes it. Only a debtor the portal holds without the agency's key
 * (a file from before imports, the demo) has `key` null: such a file cannot be answered as a line.
 */
export type FileState = Omit<ImportLine, 'debtor'> & { debtor: Omit<ImportDebtor, 'key'> & { key: string | null } };

const originalCreditors = alias(t.creditors, 'original_creditor');

/**
 * The file's cost lines the agency itemised, in their order, as the line gives them: the portal's
 * own agreement fees are not among them (decision 105).
 */
const agencyCostLines = sql<NonNullable<ImportLine['costLines']>>`(
  select coalesce(jsonb_agg(jsonb_build_object('kind', c.kind, 'amountMinor', c.amount_minor,
           'legalBasis', c.legal_basis, 'vatIncluded', c.vat_included) order by c.id), '[]'::jsonb)
    from ${t.collectionCosts} c
   where c.file_id = ${t.files.id} and c.kind not in (${sql.join(
     portalFeeKinds.map((kind) => sql`${kind}`),
     sql`, `,
   )}))`;

/** The file's history the agency gave (handed over, letters sent), in the order it is kept. */
const agencyHistory = sql<NonNullable<ImportLine['history']>>`(
  select coalesce(jsonb_agg(jsonb_build_object('on', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD'),
           'kind', e.kind, 'letter', e.detail->>'letter') order by e.occurred_at, e.id), '[]'::jsonb)
    from ${t.events} e
   where e.file_id = ${t.files.id} and e.kind in (${sql.join(
     agencyEventKinds.map((kind) => sql`${kind}`),
     sql`, `,
   )}))`;

/** The file row, whether deleted or not, locked for the caller's transaction. */
export async function lockFileRow(tx: Database, ref: FileKey) {
  const [row] = await tx
    .select({ id: t.files.id, deletedAt: t.files.deletedAt })
    .from(t.files)
    .where(and(eq(t.files.refno, ref.refno), eq(t.files.subcase, ref.subcase)))
    .for('update');
  return row ?? null;
}

/**
 * The file (not deleted) as one representation, its fields in the order of the line format: the
 * file's columns, its debtor's and its creditors'. Null when there is no such file.
 */
export async function readFileState(db: Database, ref: FileKey): Promise<{ id: number; state: FileState } | null> {
  const [row] = await db
    .select({
      file: t.files,
      debtor: t.debtors,
      creditor: t.creditors,
      original: originalCreditors,
      costLines: agencyCostLines,
      history: agencyHistory,
    })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .innerJoin(t.creditors, eq(t.creditors.id, t.files.creditorId))
    .leftJoin(originalCreditors, eq(originalCreditors.id, t.files.originalCreditorId))
    .where(and(eq(t.files.refno, ref.refno), eq(t.files.subcase, ref.subcase)));
  if (!row || row.file.deletedAt) return null;
  const { file: f, debtor: d, creditor: c, original: o, costLines, history } = row;
  const creditor = (x: typeof c) => ({
    name: x.name,
    street: x.street,
    postalCode: x.postalCode,
    city: x.city,
    country: x.country,
  });
  const state: FileState = {
    reference: referenceOf(ref),
    variant: f.variant as ImportLine['variant'],
    currency: f.currency as ImportLine['currency'],
    debtor: {
      key: d.agencyKey,
      salutation: d.salutation as ImportDebtor['salutation'],
      personType: d.personType,
      companyName: d.companyName,
      firstName: d.firstName,
      lastName: d.lastName,
      birthdate: d.birthdate,
      streetName: d.streetName,
      houseNumber: d.houseNumber,
      postalCode: d.postalCode,
      city: d.city,
      countryCode: d.countryCode,
      email: d.email,
      phone: d.phone,
      mobile: d.mobile,
      preferredLanguage: d.preferredLanguage,
      matchcode: d.matchcode,
      // Write-only: the portal keeps a keyed hash of it (line.ts).
      personalNumber: null,
    },
    creditor: creditor(c),
    originalCreditor: o ? creditor(o) : null,
    statusCode: f.statusCode,
    subState: f.subState,
    statusDate: f.statusDate,
    claimSubject: f.claimSubject,
    subjectKey: f.subjectKey,
    subjectParams: f.subjectParams,
    contractDate: f.contractDate,
    mainClaimMinor: f.mainClaimMinor,
    interestMinor: f.interestMinor,
    costsMinor: f.costsMinor,
    costLines,
    paymentsMinor: f.paymentsMinor,
    history,
    interestRateBp: f.interestRateBp,
    interestBasis: f.interestBasis,
    interestFrom: f.interestFrom,
    hasVideo: f.hasVideo,
    showEventHistory: f.showEventHistory,
    showUploadCenter: f.showUploadCenter,
    letterLinkIsFullLogin: f.letterLinkIsFullLogin,
    instalmentErrorCode: f.instalmentErrorCode,
    depositRequiredMinor: f.depositRequiredMinor,
    functionsBlocked: f.functionsBlocked,
    legalBlocking: f.legalBlocking,
    addressTraced: f.addressTraced,
  };
  return { id: f.id, state };
}

/** The file's one version for this state (counted up when the state is not the one last versioned). */
export function fileVersion(
  tx: Database,
  ref: FileKey,
  state: FileState,
  now: Date,
  known?: Recorded | null,
): Promise<Recorded> {
  return versionFor(tx, 'file', referenceOf(ref), digestOf(state), now, known);
}

/**
 * The file as it is now with its version, inside the caller's transaction: the version row locked
 * first, then (for a writer, `lockRow`) the file row, then the file read and versioned. Null when
 * there is no such file or it was deleted.
 */
export async function observeFile(
  tx: Database,
  ref: FileKey,
  now: Date,
  lockRow: boolean,
): Promise<{ id: number; state: FileState; recorded: Recorded } | null> {
  const known = await lockVersion(tx, 'file', referenceOf(ref));
  if (lockRow) await lockFileRow(tx, ref);
  const current = await readFileState(tx, ref);
  if (!current) return null;
  return { ...current, recorded: await fileVersion(tx, ref, current.state, now, known) };
}

const sameFile = (a: FileKey, b: FileKey) => a.refno === b.refno && a.subcase === b.subcase;

/** A state whose debtor has the agency's key, as the line it is. */
const asLine = (state: FileState): ImportLine | null =>
  state.debtor.key === null ? null : { ...state, debtor: { ...state.debtor, key: state.debtor.key } };

export type FileRead =
  | { ok: true; line: ImportLine; version: number }
  | { ok: false; problem: 'notFound' }
  /** The file's debtor came without the agency's key (before imports, the demo): PUT the file with one. */
  | { ok: false; problem: 'noDebtorKey'; version: number };

/** GET /files/{reference}: the whole file as a line, with its version. */
export async function getAgencyFile(db: Database, reference: string, now = new Date()): Promise<FileRead> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  return db.transaction(async (txn): Promise<FileRead> => {
    const seen = await observeFile(txn as unknown as Database, ref, now, false);
    if (!seen) return { ok: false, problem: 'notFound' };
    const line = asLine(seen.state);
    return line
      ? { ok: true, line, version: seen.recorded.version }
      : { ok: false, problem: 'noDebtorKey', version: seen.recorded.version };
  });
}

export type FileWrite =
  | { ok: true; created: boolean; changed: boolean; line: ImportLine; version: number }
  /** No such reference, or a deleted file (which a line never makes again). */
  | { ok: false; problem: 'notFound'; deleted: boolean }
  /** The body's reference is not the path's. */
  | { ok: false; problem: 'pathMismatch' }
  | UpsertRefusal;

/**
 * PUT /files/{reference}: makes the file or updates it to the line (read by `importLine`), by the
 * bulk import's merge. The same line again changes nothing and keeps the version; a change of an
 * existing file needs `If-Match` with its version (428 without, 412 when stale, and nothing
 * written). Locks, in the import's order: the merge's turn, the version row, the file row.
 */
export async function putAgencyFile(
  db: Database,
  reference: string,
  line: ImportLine,
  preconditions: Preconditions,
  now = new Date(),
): Promise<FileWrite> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound', deleted: false };
  if (!sameFile(ref, parseReference(line.reference)!)) return { ok: false, problem: 'pathMismatch' };
  return db.transaction(async (txn): Promise<FileWrite> => {
    const tx = txn as unknown as Database;
    await awaitMergeTurn(runnerOf(tx));
    const known = await lockVersion(tx, 'file', referenceOf(ref));
    const row = await lockFileRow(tx, ref);
    if (row?.deletedAt) return { ok: false, problem: 'notFound', deleted: true };
    const result = await upsertVersioned<FileState>(tx, {
      resource: 'file',
      key: referenceOf(ref),
      known,
      preconditions,
      now,
      read: async (q) => (await readFileState(q, ref))?.state ?? null,
      write: (q) => mergeLines(runnerOf(q), [line], now),
    });
    if (!result.ok) return result;
    // The merge gave the file the line's debtor, by its key.
    const written = asLine(result.state)!;
    return { ok: true, created: result.created, changed: result.changed, line: written, version: result.version };
  });
}
