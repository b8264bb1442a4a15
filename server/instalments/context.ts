/**
 * What every instalment capability works with: the file's context (facts, variant, cost rules, the
 * debtor) read for a session, and the action context of a door (client address, language, time).
 */
import { formatReference } from '../auth/reference.ts';
import { sql } from 'drizzle-orm';
import type { ActiveSession } from '../auth/session.ts';
import { readFile, todayIso, type FileFacts, type FileRead } from '../claims/facts.ts';
import { withDatabase, type Database } from '../db/client.ts';
import { debtorName } from '../mail/addressee.ts';
import { effectiveTerms } from '../terms/file-terms.ts';
import { variants, type VariantId } from '../variants/config.ts';
import type { CostRules } from './config.ts';

/** A transaction of the database, as the agreements pass it on. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction of it. */
export type Db = Database | Tx;

export interface Debtor {
  id: number;
  salutation: number;
  name: string;
  email: string | null;
  postalCode: string;
  hasPassword: boolean;
  iban: string | null;
  bic: string | null;
  accountHolder: string | null;
}

export interface FileContext {
  facts: FileFacts;
  variant: string;
  reference: string;
  /** The file's cost and limit rules: its variant's, narrowed by its own terms (decision 103). */
  rules: CostRules;
  debtor: Debtor;
  today: string;
}

/** The variant's SEPA direct debit (IBAN country, creditor id), or null where it is not offered (decision 027). */
export function sepaOf(variant: string) {
  return variants[variant as VariantId]?.sepa ?? null;
}

/**
 * The methods of an agreement's list (a plan's, pay later's) the file may choose: direct debit (3)
 * only where the variant offers it (decision 027), and a method the file's own list for the
 * agreement's purpose leaves out not at all (decision 103). `online` (each instalment paid on the
 * payment page) is no method of that list: what those payments may use is the `instalments` list.
 */
export function offeredMethods<M extends string>(
  methods: readonly M[],
  file: Pick<FileContext, 'variant' | 'facts'>,
  purpose: 'instalmentPlan' | 'extension',
): M[] {
  const only = effectiveTerms(file.variant, file.facts.terms).methodLists[purpose];
  return methods.filter(
    (m) =>
      (m !== '3' || sepaOf(file.variant) !== null) &&
      (m === 'online' || !only || (only as readonly string[]).includes(m)),
  );
}

export interface ActionContext {
  clientAddress: string;
  language: string;
  now?: Date;
}

/**
 * The file's debtor as the checkout needs it, as a column of the file's one statement
 * (server/claims/facts.ts `readFile`): the file, its facts and its debtor in one read (issue 28).
 */
export const fileContextColumns = {
  checkoutDebtor: sql<{
    id: number;
    salutation: number;
    companyName: string | null;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    postalCode: string;
    hasPassword: boolean;
    iban: string | null;
    bic: string | null;
    accountHolder: string | null;
  }>`(
    select json_build_object(
      'id', d.id, 'salutation', d.salutation, 'companyName', d.company_name, 'firstName', d.first_name,
      'lastName', d.last_name, 'email', d.email, 'postalCode', d.postal_code,
      'hasPassword', d.password_hash is not null and d.password_hash <> '', 'iban', d.iban, 'bic', d.bic,
      'accountHolder', d.account_holder)
    from debtors d where d.id = "files"."debtor_id")`,
};

export async function loadFileContext(
  db: Db,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  today = todayIso(),
): Promise<FileContext | null> {
  return fileContextFrom(await readFile(db as Database, session.fileId, fileContextColumns), session, today);
}

/**
 * The file's context from a read of the file that has `fileContextColumns` among its extras (the
 * assistant reads them with the dashboard's in one statement per turn).
 */
export function fileContextFrom(
  read: FileRead<typeof fileContextColumns> | null,
  session: Pick<ActiveSession, 'debtorId'>,
  today: string,
): FileContext | null {
  // The session's own file only (a file moved to another debtor is no longer theirs).
  if (!read || read.file.debtorId !== session.debtorId) return null;
  const facts = read.factsOn(today);
  const d = read.extras.checkoutDebtor;
  return {
    facts,
    variant: read.file.variant,
    reference: formatReference(facts.refno, facts.subcase),
    rules: effectiveTerms(read.file.variant, facts.terms).rules,
    today,
    debtor: {
      id: d.id,
      salutation: d.salutation,
      name: debtorName(d),
      email: d.email,
      postalCode: d.postalCode,
      hasPassword: d.hasPassword,
      iban: d.iban,
      bic: d.bic,
      accountHolder: d.accountHolder,
    },
  };
}

/** loadFileContext as a page calls it: it opens the database itself (decision 077). */
export const loadFileContextForPage = withDatabase(loadFileContext);
