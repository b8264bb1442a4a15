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
import { eq, sql } from 'drizzle-orm';
import type { KnownValues } from '../../intents/anonymiser/index.ts';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import * as t from '../db/schema.ts';

/**
 * One statement per turn (issue 28), prepared once per database handle: the debtor's row with the
 * references of their files and their mandates.
 */
const knownValuesRead = preparedPerDatabase((db: Database) =>
  db
    .select({
      firstName: t.debtors.firstName,
      lastName: t.debtors.lastName,
      companyName: t.debtors.companyName,
      accountHolder: t.debtors.accountHolder,
      matchcode: t.debtors.matchcode,
      streetName: t.debtors.streetName,
      houseNumber: t.debtors.houseNumber,
      postalCode: t.debtors.postalCode,
      city: t.debtors.city,
      email: t.debtors.email,
      phone: t.debtors.phone,
      mobile: t.debtors.mobile,
      fax: t.debtors.fax,
      iban: t.debtors.iban,
      birthdate: t.debtors.birthdate,
      references: sql<Array<{ refno: string; subcase: number }>>`(
        select coalesce(json_agg(json_build_object('refno', f.refno, 'subcase', f.subcase)), '[]'::json)
        from ${t.files} f where f.debtor_id = ${sql.placeholder('debtorId')})`,
      mandates: sql<Array<{ accountHolder: string | null; iban: string | null }>>`(
        select coalesce(json_agg(json_build_object('accountHolder', m.account_holder, 'iban', m.iban)), '[]'::json)
        from ${t.sepaMandates} m join ${t.files} f on f.id = m.file_id where f.debtor_id = ${sql.placeholder('debtorId')})`,
    })
    .from(t.debtors)
    .where(eq(t.debtors.id, sql.placeholder('debtorId')))
    .limit(1)
    .prepare('known_values'),
);

export async function knownValuesOf(
  db: Database,
  session: { debtorId: number; fileId: number } | null,
): Promise<KnownValues> {
  if (!session) return {};
  const [debtor] = await knownValuesRead(db, undefined).execute({ debtorId: session.debtorId });
  if (!debtor) return {};
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
