/**
 * What the portal stores of the signed-in debtor, as the anonymiser's known values (issue 27):
 * read on the server from the session's file, never from the request, so that every door that
 * runs a turn (the pane, the no-JavaScript chatbot, a step-up that resumes a message) removes the
 * debtor's own name, address, birth date, e-mail, phones, IBAN, account holder and reference
 * numbers before the turn reaches the intent log.
 *
 * The password cannot be known in clear: the anonymiser masks what follows a password cue in
 * every language (decision 066).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { KnownValues } from '../../intents/anonymiser/index.ts';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import * as t from '../db/schema.ts';

/** What the anonymiser needs of the debtor, as one row. */
interface KnownRow {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  accountHolder: string | null;
  matchcode: string | null;
  streetName: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  fax: string | null;
  iban: string | null;
  birthdate: string | null;
  references: Array<{ refno: string; subcase: number }>;
  mandates: Array<{ accountHolder: string | null; iban: string | null }>;
}

/** The debtor's row with the references of their files and their mandates, for the debtor `debtorId` names. */
const knownRowOf = (debtorId: SQL) => sql<KnownRow | null>`(
  select json_build_object(
    'firstName', d.first_name, 'lastName', d.last_name, 'companyName', d.company_name,
    'accountHolder', d.account_holder, 'matchcode', d.matchcode, 'streetName', d.street_name,
    'houseNumber', d.house_number, 'postalCode', d.postal_code, 'city', d.city, 'email', d.email,
    'phone', d.phone, 'mobile', d.mobile, 'fax', d.fax, 'iban', d.iban, 'birthdate', d.birthdate,
    'references', (
      select coalesce(json_agg(json_build_object('refno', f.refno, 'subcase', f.subcase)), '[]'::json)
      from ${t.files} f where f.debtor_id = d.id),
    'mandates', (
      select coalesce(json_agg(json_build_object('accountHolder', m.account_holder, 'iban', m.iban)), '[]'::json)
      from ${t.sepaMandates} m join ${t.files} f on f.id = m.file_id where f.debtor_id = d.id))
  from ${t.debtors} d where d.id = ${debtorId})`;

/**
 * The known values as a column of the session file's read (`readFile`'s extras, correlated to its
 * `files` row): a chat turn reads its file and the known values in one statement (issue 28).
 */
export const knownValuesColumn = knownRowOf(sql.raw('"files"."debtor_id"'));

/**
 * The same row by the debtor's id, prepared once per database handle: the statement of a turn
 * that could not read its file (its file is gone).
 */
const knownValuesRead = preparedPerDatabase((db: Database) =>
  db
    .select({ known: knownRowOf(sql.placeholder('debtorId') as unknown as SQL) })
    .from(t.debtors)
    .where(eq(t.debtors.id, sql.placeholder('debtorId')))
    .prepare('known_values'),
);

/** The known values of the signed-in debtor, read by their own statement (no session: none). */
export async function knownValuesOf(
  db: Database,
  session: { debtorId: number; fileId: number } | null,
): Promise<KnownValues> {
  if (!session) return {};
  const [row] = await knownValuesRead(db, undefined).execute({ debtorId: session.debtorId });
  return row?.known ? knownValuesFrom(row.known) : {};
}

/** The anonymiser's known values from the debtor's row. */
export function knownValuesFrom(debtor: KnownRow): KnownValues {
  const { references: files, mandates } = debtor;
  const present = (values: Array<string | null | undefined>) =>
    values.map((v) => v?.trim() ?? '').filter((v) => v.length > 0);
  return {
    firstNames: present([debtor.firstName]),
    lastNames: present([debtor.lastName]),
    names: present([
      debtor.companyName,
      debtor.accountHolder,
      debtor.matchcode,
      ...mandates.map((m) => m.accountHolder),
    ]),
    street: present([`${debtor.streetName} ${debtor.houseNumber}`])[0],
    streetName: present([debtor.streetName])[0],
    zip: debtor.postalCode,
    city: debtor.city,
    email: debtor.email ?? undefined,
    phones: present([debtor.phone, debtor.mobile, debtor.fax]),
    ibans: present([debtor.iban, ...mandates.map((m) => m.iban)]),
    birthDate: debtor.birthdate ?? undefined,
    references: [...new Set(files.flatMap((f) => [`${f.refno}-${f.subcase}`, f.refno]))],
  };
}
