/**
 * Everything the dashboard shows for the session's file, derived on the server: the claim,
 * status, amount to pay, next instalment and the actions the file allows. The assistant's
 * "claim_balance" answer uses the same function.
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { todayForVariant } from '../dates.ts';
import { pendingAnnouncement } from '../payments-announced/announce.ts';
import { loadFileFacts, type FileFacts } from './facts.ts';
import { claimSubject, type ClaimSubject } from './subjects.ts';
import {
  actionFlags,
  amountToPay,
  isSpecialOfferValid,
  statusView,
  type ActionFlags,
  type AmountToPay,
  type StatusView,
} from './rules.ts';

export interface DashboardView {
  fileId: number;
  reference: string;
  variant: string;
  debtor: { salutation: number; firstName: string | null; lastName: string | null; companyName: string | null };
  creditor: { name: string; logo: string | null };
  originalCreditor: string | null;
  claimSubject: ClaimSubject;
  currency: string;
  openAmountMinor: number;
  /**
   * The day the figures are as of ("Stand"): today in the file's own time zone, as every figure is
   * read live; never a status's due or pay-by date, which may lie ahead.
   */
  asOf: string;
  status: StatusView;
  /** A payment the debtor announced that staff have not checked yet: a note beside the status. */
  announcedPayment: Awaited<ReturnType<typeof pendingAnnouncement>>;
  amountToPay: AmountToPay;
  nextInstalment: { dueOn: string; amountMinor: number; isSepa: boolean; sepaFailed: boolean } | null;
  /** With an active plan: what is still to pay in all, the file's open amount (fees included). */
  remainingPlanMinor: number | null;
  /** A special settlement offer that can still be taken: its amount, last day, and the open amount it settles. */
  specialOffer: { amountMinor: number; validTill: string; settlesMinor: number } | null;
  downPaymentDueOn: string | null;
  flags: ActionFlags;
  functionsBlocked: boolean;
  hasVideo: boolean;
}

const originalCreditors = alias(t.creditors, 'original_creditors');

export async function loadDashboard(db: Database, fileId: number, todayArg?: string): Promise<DashboardView | null> {
  return (await loadDashboardAndFacts(db, fileId, todayArg))?.view ?? null;
}

/**
 * The dashboard view and the file's facts it was made from, for the route to hand on to the
 * modals and the notice of completion: one read of the facts per page view.
 */
export async function loadDashboardAndFacts(
  db: Database,
  fileId: number,
  todayArg?: string,
): Promise<{ view: DashboardView; facts: FileFacts } | null> {
  const [fileRow] = await db.select({ variant: t.files.variant }).from(t.files).where(eq(t.files.id, fileId));
  if (!fileRow) return null;
  const today = todayArg ?? todayForVariant(fileRow.variant);
  const facts = await loadFileFacts(db, fileId, { today });
  if (!facts) return null;
  const view = await dashboardView(db, fileId, today, facts);
  return view ? { view, facts } : null;
}

async function dashboardView(
  db: Database,
  fileId: number,
  today: string,
  facts: FileFacts,
): Promise<DashboardView | null> {
  const [row] = await db
    .select({
      variant: t.files.variant,
      claimSubject: t.files.claimSubject,
      subjectKey: t.files.subjectKey,
      subjectParams: t.files.subjectParams,
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
    debtor: {
      salutation: row.salutation,
      firstName: row.firstName,
      lastName: row.lastName,
      companyName: row.companyName,
    },
    creditor: { name: row.creditor, logo: row.logo },
    originalCreditor: row.originalCreditor,
    claimSubject: claimSubject(row.claimSubject, row.subjectKey, row.subjectParams),
    currency: facts.currency,
    openAmountMinor: facts.totalMinor,
    asOf: today,
    status: statusView(facts, today),
    announcedPayment: await pendingAnnouncement(db, fileId),
    amountToPay: amountToPay(facts, today),
    nextInstalment: next
      ? {
          dueOn: next.dueOn,
          amountMinor: next.amountMinor,
          isSepa: facts.plan!.isSepa,
          sepaFailed: facts.plan!.sepaFailed,
        }
      : null,
    remainingPlanMinor: facts.plan?.status === 'active' ? Math.max(0, facts.totalMinor) : null,
    specialOffer: isSpecialOfferValid(facts.specialOffer, today)
      ? {
          amountMinor: facts.specialOffer.amountMinor,
          validTill: facts.specialOffer.validTill,
          settlesMinor: Math.max(0, facts.totalMinor),
        }
      : null,
    downPaymentDueOn: facts.downPayment?.status === 'pending' ? facts.downPayment.dueOn : null,
    flags: actionFlags(facts, today),
    functionsBlocked: facts.functionsBlocked,
    hasVideo: facts.hasVideo,
  };
}
