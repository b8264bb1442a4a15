/**
 * A debtor as the agency's resource (decision 099), by the agency's own key (`debtors.agency_key`):
 * the debtor part of the import line (`ImportDebtor`: names, address, contacts, language), read
 * and written by the same schema and merged by the bulk import's own debtor merge
 * (server/agency/import/merge.ts `mergeDebtors`): an e-mail address left out keeps the one the
 * debtor gave in the portal. Versioned as the file is (server/agency/versions.ts). Nothing else of
 * the debtor's row is read here: no password hash, no bank details, no identity number.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { ImportDebtor } from './import/line.ts';
import { mergeDebtors } from './import/merge.ts';
import { runnerOf } from './import/stage.ts';
import {
  lockVersion,
  upsertVersioned,
  versionFor,
  digestOf,
  type Preconditions,
  type UpsertRefusal,
} from './versions.ts';

/** The agency's key of a debtor, as the line format writes it. */
export const debtorKeyPattern = /^[A-Za-z0-9_.:-]{1,64}$/;

/** The debtor with the agency's key, as the line format writes it (in its order); null when none has it. */
export async function readDebtorState(db: Database, key: string, lock = false): Promise<ImportDebtor | null> {
  const query = db
    .select({
      key: t.debtors.agencyKey,
      salutation: t.debtors.salutation,
      personType: t.debtors.personType,
      companyName: t.debtors.companyName,
      firstName: t.debtors.firstName,
      lastName: t.debtors.lastName,
      birthdate: t.debtors.birthdate,
      streetName: t.debtors.streetName,
      houseNumber: t.debtors.houseNumber,
      postalCode: t.debtors.postalCode,
      city: t.debtors.city,
      countryCode: t.debtors.countryCode,
      email: t.debtors.email,
      phone: t.debtors.phone,
      mobile: t.debtors.mobile,
      preferredLanguage: t.debtors.preferredLanguage,
      matchcode: t.debtors.matchcode,
    })
    .from(t.debtors)
    .where(eq(t.debtors.agencyKey, key));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  // The personal number is write-only: the portal keeps a keyed hash of it (line.ts).
  return { ...row, key, salutation: row.salutation as ImportDebtor['salutation'], personalNumber: null };
}

export type DebtorRead = { ok: true; debtor: ImportDebtor; version: number } | { ok: false; problem: 'notFound' };

/** GET /debtors/{key}: the debtor part of the line, with its version. */
export async function getAgencyDebtor(db: Database, key: string, now = new Date()): Promise<DebtorRead> {
  if (!debtorKeyPattern.test(key)) return { ok: false, problem: 'notFound' };
  return db.transaction(async (txn): Promise<DebtorRead> => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, 'debtor', key);
    const debtor = await readDebtorState(tx, key);
    if (!debtor) return { ok: false, problem: 'notFound' };
    const { version } = await versionFor(tx, 'debtor', key, digestOf(debtor), now, known);
    return { ok: true, debtor, version };
  });
}

export type DebtorWrite =
  | { ok: true; created: boolean; changed: boolean; debtor: ImportDebtor; version: number }
  /** The body's key is not the path's. */
  | { ok: false; problem: 'pathMismatch' }
  | UpsertRefusal;

/**
 * PUT /debtors/{key}: makes the debtor (without files, until a line names the key) or updates it to
 * the body, by the import's debtor merge. The same body again changes nothing and keeps the
 * version; a change of an existing debtor needs `If-Match` with its version (428, 412).
 */
export async function putAgencyDebtor(
  db: Database,
  key: string,
  debtor: ImportDebtor,
  preconditions: Preconditions,
  now = new Date(),
): Promise<DebtorWrite> {
  if (debtor.key !== key) return { ok: false, problem: 'pathMismatch' };
  return db.transaction(async (txn): Promise<DebtorWrite> => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, 'debtor', key);
    const result = await upsertVersioned<ImportDebtor>(tx, {
      resource: 'debtor',
      key,
      known,
      preconditions,
      now,
      // The debtor's row is locked by this first read, for the rest of the transaction.
      read: (q) => readDebtorState(q, key, true),
      write: (q) => mergeDebtors(runnerOf(q), [debtor], now),
    });
    if (!result.ok) return result;
    return {
      ok: true,
      created: result.created,
      changed: result.changed,
      debtor: result.state,
      version: result.version,
    };
  });
}
