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
import { eq } from 'drizzle-orm';
import type { KnownValues } from '../../intents/anonymiser/index.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

export async function knownValuesOf(
  db: Database,
  session: { debtorId: number; fileId: number } | null,
): Promise<KnownValues> {
  if (!session) return {};
  const [debtor] = await db.select().from(t.debtors).where(eq(t.debtors.id, session.debtorId)).limit(1);
  if (!debtor) return {};
  const files = await db
    .select({ refno: t.files.refno, subcase: t.files.subcase })
    .from(t.files)
    .where(eq(t.files.debtorId, debtor.id));
  const mandates = await db
    .select({ accountHolder: t.sepaMandates.accountHolder, iban: t.sepaMandates.iban })
    .from(t.sepaMandates)
    .innerJoin(t.files, eq(t.files.id, t.sepaMandates.fileId))
    .where(eq(t.files.debtorId, debtor.id));
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
