/**
 * Everything the dashboard shows for the session's file, derived on the server: the claim,
 * status, amount to pay, next instalment and the actions the file allows. The assistant's
 * "claim_balance" answer uses the same function.
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { loadFileFacts, todayIso } from './facts.ts';
import { actionFlags, amountToPay, statusView, type ActionFlags, type AmountToPay, type StatusView } from './rules.ts';

export interface DashboardView {
  fileId: number;
  reference: string;
  variant: string;
  debtor: { salutation: number; firstName: string | null; lastName: string | null; companyName: string | null };
  creditor: { name: string; logo: string | null };
  originalCreditor: string | null;
  claimSubject: string;
  currency: string;
  openAmountMinor: number;
  status: StatusView;
  amountToPay: AmountToPay;
  nextInstalment: { dueOn: string; amountMinor: number; isSepa: boolean; sepaFailed: boolean } | null;
  remainingPlanMinor: number | null;
  downPaymentDueOn: string | null;
  flags: ActionFlags;
  functionsBlocked: boolean;
  hasVideo: boolean;
}

const originalCreditors = alias(t.creditors, 'original_creditors');

export async function loadDashboard(db: Database, fileId: number, today = todayIso()): Promise<DashboardView | null> {
  const facts = await loadFileFacts(db, fileId, { today });
  if (!facts) return null;
  const [row] = await db
    .select({
      variant: t.files.variant,
      claimSubject: t.files.claimSubject,
      creditor: t.creditors.name,
      logo: t.creditors.logoPath,
      originalCreditor: originalCreditors.name,
      salutation: t.debtors.salutation,
      firstName: t.debtors.firstName,
      lastName: t.debtors.lastName,
      companyName: t.debtors.companyName,
    })
    .from(t.files)
    .innerJoin(t.creditors, eq(t.creditors.id, t.files.creditorId))
    .leftJoin(originalCreditors, eq(originalCreditors.id, t.files.originalCreditorId))
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(eq(t.files.id, fileId));
  if (!row) return null;
  const next = facts.plan?.status === 'active' ? facts.plan.next : null;
  return {
    fileId,
    reference: facts.subcase > 1 ? `${facts.refno}-${facts.subcase}` : facts.refno,
    variant: row.variant,
    debtor: { salutation: row.salutation, firstName: row.firstName, lastName: row.lastName, companyName: row.companyName },
    creditor: { name: row.creditor, logo: row.logo },
    originalCreditor: row.originalCreditor,
    claimSubject: row.claimSubject,
    currency: facts.currency,
    openAmountMinor: facts.totalMinor,
    status: statusView(facts, today),
    amountToPay: amountToPay(facts, today),
    nextInstalment: next ? { dueOn: next.dueOn, amountMinor: next.amountMinor, isSepa: facts.plan!.isSepa, sepaFailed: facts.plan!.sepaFailed } : null,
    remainingPlanMinor: facts.plan?.status === 'active' ? facts.plan.remainingMinor : null,
    downPaymentDueOn: facts.downPayment?.status === 'pending' ? facts.downPayment.dueOn : null,
    flags: actionFlags(facts, today),
    functionsBlocked: facts.functionsBlocked,
    hasVideo: facts.hasVideo,
  };
}
