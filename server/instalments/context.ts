/**
 * What every instalment capability works with: the file's context (facts, variant, cost rules, the
 * debtor) read for a session, and the action context of a door (client address, language, time).
 */
import { formatReference } from '../auth/reference.ts';
import { and, eq } from 'drizzle-orm';
import type { ActiveSession } from '../auth/session.ts';
import { loadFileFacts, todayIso, type FileFacts } from '../claims/facts.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { debtorName } from '../mail/addressee.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { costRulesFor, type CostRules } from './config.ts';

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
  rules: CostRules;
  debtor: Debtor;
  today: string;
}

/** The variant's SEPA direct debit (IBAN country, creditor id), or null where it is not offered (decision 027). */
export function sepaOf(variant: string) {
  return variants[variant as VariantId]?.sepa ?? null;
}

/** The methods of a list the file may choose: direct debit (3) only where the variant offers it (decision 027). */
export function offeredMethods<M extends string>(methods: readonly M[], variant: string): M[] {
  return methods.filter((m) => m !== '3' || sepaOf(variant) !== null);
}

export interface ActionContext {
  clientAddress: string;
  language: string;
  now?: Date;
}

export async function loadFileContext(
  db: Db,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  today = todayIso(),
): Promise<FileContext | null> {
  const facts = await loadFileFacts(db as Database, session.fileId, { today });
  if (!facts) return null;
  const [row] = await db
    .select({ variant: t.files.variant, debtor: t.debtors })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(and(eq(t.files.id, session.fileId), eq(t.files.debtorId, session.debtorId)));
  if (!row) return null;
  const d = row.debtor;
  return {
    facts,
    variant: row.variant,
    reference: formatReference(facts.refno, facts.subcase),
    rules: costRulesFor(row.variant),
    today,
    debtor: {
      id: d.id,
      salutation: d.salutation,
      name: debtorName(d),
      email: d.email,
      postalCode: d.postalCode,
      hasPassword: Boolean(d.passwordHash),
      iban: d.iban,
      bic: d.bic,
      accountHolder: d.accountHolder,
    },
  };
}

/** loadFileContext as a page calls it: it opens the database itself (decision 077). */
export const loadFileContextForPage = withDatabase(loadFileContext);
