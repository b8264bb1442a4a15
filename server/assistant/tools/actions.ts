/**
 * The one door from the assistant's tools into the portal's server functions. The tools never
 * query the database or decide a file rule themselves: they call what the classic screens call
 * (the dashboard's view, the plan calculator and its eligibility, the deferral rules, the plan,
 * the callback hours). When the typed action layer (server/actions/, issue 14 item 1) lands,
 * these functions are re-pointed at its registry here, in one place.
 */
import { loadDashboard, type DashboardView } from '../../claims/dashboard.ts';
import { loadFileFacts } from '../../claims/facts.ts';
import { noticeOfCompletionState } from '../../claims/notice-of-completion.ts';
import { callbackDays, timesOfDay } from '../../contact/callback-slots.ts';
import { subjectIds } from '../../contact/schema.ts';
import { announceFormDefaults, sisterBrandName } from '../../payments-announced/announce.ts';
import { contactDefaults as readContactDefaults } from '../../contact/defaults.ts';
import type { Database } from '../../db/client.ts';
import { loadFileContext, type FileContext } from '../../instalments/context.ts';
import { deferralOffer } from '../../instalments/deferral.ts';
import { loadPlan, type PlanView } from '../../instalments/plan-view.ts';
import { planOffer, quotePlan, type QuoteResult } from '../../instalments/plans.ts';
import { skipOffered } from '../../instalments/skip.ts';
import type { Variant } from '../../variants/config.ts';

export interface FileRef {
  fileId: number;
  debtorId: number;
}

/** The dashboard's own view of the file (the figures the debtor sees on the dashboard). */
export function dashboard(db: Database, file: FileRef): Promise<DashboardView | null> {
  return loadDashboard(db, file.fileId);
}

/** The claim information's compact breakdown (main claim, interest, costs, payments, total). */
export async function breakdown(db: Database, file: FileRef, today: string) {
  const facts = await loadFileFacts(db, file.fileId, { today });
  if (!facts) return null;
  return {
    mainClaimMinor: facts.mainClaimMinor,
    interestMinor: facts.interestMinor,
    costsMinor: facts.costsMinor,
    paymentsMinor: facts.paymentsMinor,
    totalMinor: facts.totalMinor,
  };
}

/** The instalment and deferral context of the checkout (eligibility, limits, costs). */
export function fileContext(db: Database, file: FileRef, today: string): Promise<FileContext | null> {
  return loadFileContext(db, file, today);
}

export { planOffer, deferralOffer, skipOffered };

/** The plan calculator of the checkout's overview step, with the server's limits. */
export function quote(ctx: FileContext, monthlyMinor: number, firstDueOn: string): QuoteResult {
  return quotePlan(ctx, { monthlyMinor, firstDueOn });
}

export function plan(db: Database, file: FileRef): Promise<PlanView | null> {
  return loadPlan(db, file.fileId);
}

export function noticeState(db: Database, file: FileRef, today: string) {
  return noticeOfCompletionState(db, file.fileId, today);
}

/** What the contact screen's callback form offers in this variant. */
export function callbackChoices(variant: Variant) {
  return { weekdays: callbackDays(variant.support.callbackHours), timesOfDay: [...timesOfDay] };
}

export function messageSubjects(): number[] {
  return [...subjectIds];
}

/** The debtor's stored phone and e-mail, as the contact screen fills them in (a full session only). */
export function contactDefaults(db: Database, file: FileRef): Promise<{ email: string; phone: string }> {
  return readContactDefaults(db, file.debtorId);
}

/** The announce-payment screen's defaults for the payer (name) and the payees it names (a full session only). */
export async function announceDefaults(db: Database, file: FileRef, variant: Variant) {
  const defaults = await announceFormDefaults(db, file);
  if (!defaults) return null;
  return {
    currency: defaults.currency,
    payerName: defaults.payerName,
    payees: [
      { value: 'agency', name: variant.legal.name },
      { value: 'creditor', name: defaults.creditor },
      { value: 'sisterBrand', name: sisterBrandName(variant) },
    ],
  };
}
