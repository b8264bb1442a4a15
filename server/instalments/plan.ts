/**
 * Instalment plans (spec sections 3, 4.3, 5, 8, 9): the costs, the monthly amount's limits, the
 * rows of the repayment plan, and who may have a plan. Pure functions without a clock: `today`
 * is an ISO date passed in.
 */
import type { FileFacts } from '../claims/facts.ts';
import { actionFlags } from '../claims/rules.ts';
import { addDays, addMonths, isIsoDate } from './dates.ts';
import type { CostRules, PlanLimits } from './config.ts';
import { feeFor, vatOn } from './fees.ts';

// ---------------------------------------------------------------------------------------------
// Costs: residual claim + instalment fee + expenses + VAT = total
// ---------------------------------------------------------------------------------------------

export interface PlanCosts {
  residualClaimMinor: number;
  feeMinor: number;
  expensesMinor: number;
  vatMinor: number;
  totalMinor: number;
}

export function planCosts(rules: CostRules, residualClaimMinor: number): PlanCosts {
  const { feeMinor } = feeFor(rules.instalmentFee, residualClaimMinor);
  const expensesMinor = rules.planExpensesMinor;
  const vatMinor = vatOn(feeMinor + expensesMinor, rules.vatRateBp);
  return {
    residualClaimMinor,
    feeMinor,
    expensesMinor,
    vatMinor,
    totalMinor: residualClaimMinor + feeMinor + expensesMinor + vatMinor,
  };
}

// ---------------------------------------------------------------------------------------------
// Limits of the monthly amount
// ---------------------------------------------------------------------------------------------

export interface MonthlyLimits {
  /** The lowest amount with proof of income. */
  absoluteMinMinor: number;
  /** The regular minimum; below it (down to absoluteMin) proof of income is needed. */
  regularMinMinor: number;
  maxMinor: number;
  /** The amount the form names as an example: a round amount from the regular minimum up, never outside the limits. */
  exampleMinor: number;
}

/** Rounded up to a whole currency unit (100 minor units). */
const wholeUnitsUp = (minor: number): number => Math.ceil(minor / 100) * 100;

export function monthlyLimits(limits: PlanLimits, totalMinor: number): MonthlyLimits {
  const maxMinor = Math.max(1, Math.ceil(totalMinor / limits.minInstalments));
  const regularMinMinor = Math.min(
    maxMinor,
    Math.max(limits.minMonthlyFloorMinor, wholeUnitsUp(totalMinor / limits.regularMaxMonths)),
  );
  const absoluteMinMinor = Math.min(
    regularMinMinor,
    Math.max(limits.proofMonthlyFloorMinor, wholeUnitsUp(totalMinor / limits.proofMaxMonths)),
  );
  // A multiple of ten units at or above the regular minimum reads as an example; capped at the maximum.
  const exampleMinor = Math.max(regularMinMinor, Math.min(maxMinor, Math.ceil(regularMinMinor / 1000) * 1000));
  return { absoluteMinMinor, regularMinMinor, maxMinor, exampleMinor };
}

export type MonthlyCheck = { ok: true; proofRequired: boolean } | { ok: false; error: 'tooLow' | 'tooHigh' };

/** Too low below the absolute minimum, too high above the maximum, proof of income in between the two minimums. */
export function checkMonthly(limits: MonthlyLimits, monthlyMinor: number): MonthlyCheck {
  if (!Number.isInteger(monthlyMinor) || monthlyMinor < limits.absoluteMinMinor) return { ok: false, error: 'tooLow' };
  if (monthlyMinor > limits.maxMinor) return { ok: false, error: 'tooHigh' };
  return { ok: true, proofRequired: monthlyMinor < limits.regularMinMinor };
}

// ---------------------------------------------------------------------------------------------
// The repayment plan
// ---------------------------------------------------------------------------------------------

export interface PlanRow {
  position: number;
  /** ISO date. */
  dueOn: string;
  amountMinor: number;
  /** The claim including the fee before this instalment. */
  claimMinor: number;
  /** What remains after it. */
  remainingMinor: number;
  isFinal: boolean;
}

export interface Plan {
  totalMinor: number;
  monthlyMinor: number;
  instalmentCount: number;
  firstDueOn: string;
  rows: PlanRow[];
}

/**
 * Monthly rows from the first due date: every row but the last is the monthly amount; the last
 * (the final payment) holds the remainder, so the rows always sum to the total. Due dates keep
 * the first date's day, clamped to shorter months (31 Jan → 28/29 Feb → 31 Mar).
 */
export function calculatePlan(input: { totalMinor: number; monthlyMinor: number; firstDueOn: string }): Plan {
  const { totalMinor, monthlyMinor, firstDueOn } = input;
  if (!Number.isInteger(totalMinor) || totalMinor <= 0) throw new RangeError('total must be a positive integer');
  if (!Number.isInteger(monthlyMinor) || monthlyMinor <= 0)
    throw new RangeError('monthly amount must be a positive integer');
  const count = Math.ceil(totalMinor / monthlyMinor);
  const rows: PlanRow[] = new Array(count);
  let claim = totalMinor;
  for (let i = 0; i < count; i++) {
    const isFinal = i === count - 1;
    const amount = isFinal ? claim : monthlyMinor;
    rows[i] = {
      position: i + 1,
      dueOn: addMonths(firstDueOn, i),
      amountMinor: amount,
      claimMinor: claim,
      remainingMinor: claim - amount,
      isFinal,
    };
    claim -= amount;
  }
  return { totalMinor, monthlyMinor: Math.min(monthlyMinor, totalMinor), instalmentCount: count, firstDueOn, rows };
}

/** A row of a plan as stored: a calculated row with its state. */
export interface StoredRow extends PlanRow {
  paid: boolean;
  skipped: boolean;
}

/**
 * Skipping a row (spec 4.3): the skipped rate is not dropped but moved behind the last row, a
 * month after it, and becomes the final payment. The skipped row stays in the plan, marked, and
 * no longer lowers the balance (what remains after it is what was owed before it); every later
 * row is recalculated, so the balance reaches 0 after the new last row and not before.
 */
export function skipRow<R extends StoredRow>(rows: readonly R[], position: number): { rows: R[]; added: PlanRow } {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const index = sorted.findIndex((r) => r.position === position);
  const target = sorted[index];
  if (!target || target.paid || target.skipped) throw new RangeError(`row ${position} cannot be skipped`);
  const last = sorted[sorted.length - 1]!;
  const out = sorted.map((r) => ({ ...r }));
  let claim = target.claimMinor;
  for (let i = index; i < out.length; i++) {
    const row = out[i]!;
    row.claimMinor = claim;
    if (i === index) {
      row.skipped = true;
      row.remainingMinor = claim;
    } else {
      row.remainingMinor = claim - row.amountMinor;
      claim = row.remainingMinor;
    }
    row.isFinal = false;
  }
  // The moved rate keeps the first date's day, a month after the last row (31st → end of month).
  const firstDueOn = sorted[0]!.dueOn;
  const added: PlanRow = {
    position: last.position + 1,
    dueOn: addMonths(firstDueOn, last.position),
    amountMinor: target.amountMinor,
    claimMinor: claim,
    remainingMinor: claim - target.amountMinor,
    isFinal: true,
  };
  return { rows: out, added };
}

/** The range of first due dates the debtor may choose. */
export function firstDueRange(limits: PlanLimits, today: string): { earliest: string; latest: string } {
  return { earliest: addDays(today, limits.firstDueEarliestDays), latest: addDays(today, limits.firstDueLatestDays) };
}

// ---------------------------------------------------------------------------------------------
// Who may have a plan: instalment error codes (spec section 8)
// ---------------------------------------------------------------------------------------------

/** 1 to 6, the API error (the file's data could not be read) and the default case. */
export type InstalmentErrorCode = 1 | 2 | 3 | 4 | 5 | 6 | 'api' | 'default';

/** The action layer's refusal reason of a code (`code1` … `code6`, `codeApi`, `codeDefault`). */
export type InstalmentCodeReason = `code${1 | 2 | 3 | 4 | 5 | 6 | 'Api' | 'Default'}`;

export function codeReason(code: InstalmentErrorCode): InstalmentCodeReason {
  return `code${typeof code === 'number' ? code : code === 'api' ? 'Api' : 'Default'}`;
}

/** Translation keys in the `instalments` namespace, one per code. */
export function errorKey(code: InstalmentErrorCode): `errors.${InstalmentCodeReason}` {
  return `errors.${codeReason(code)}`;
}

export type PlanEligibility =
  | { kind: 'allowed' }
  /** A down payment is pending: pay it first, then the (pending) plan continues (4.3). */
  | { kind: 'downPaymentFirst'; amountMinor: number }
  /** Error code 5: a deposit of the stated amount first (4.3, 8). */
  | { kind: 'depositFirst'; amountMinor: number }
  /** A pending plan whose down payment is paid: the debtor completes it (choose the method). */
  | { kind: 'continuePending' }
  /** A pending plan below the regular minimum, waiting for the proof of income to be checked. */
  | { kind: 'awaitingProof' }
  | { kind: 'refused'; code: InstalmentErrorCode };

const knownCodes = new Set([1, 2, 3, 4, 5, 6]);

/**
 * Decides whether the file may get a new plan, in this order: no facts → API error; a pending
 * down payment → pay it first; a pending plan with its down payment paid → continue it; an
 * active plan → code 2; the file's own refusal code (5 is lifted by a paid deposit); a file the
 * dashboard offers no plan (finished, blocked, deferred, measure) → default ("call us"); a claim
 * below the configured minimum → code 1.
 */
export function planEligibility(facts: FileFacts | null, limits: PlanLimits): PlanEligibility {
  if (!facts) return { kind: 'refused', code: 'api' };
  if (facts.downPayment?.status === 'pending' && facts.downPayment.amountMinor > 0) {
    return { kind: 'downPaymentFirst', amountMinor: facts.downPayment.amountMinor };
  }
  if (facts.plan?.status === 'pending')
    return facts.downPayment ? { kind: 'continuePending' } : { kind: 'awaitingProof' };
  if (facts.plan?.status === 'active') return { kind: 'refused', code: 2 };
  const code = facts.instalmentErrorCode;
  if (code === 5) {
    const deposit = facts.depositRequiredMinor ?? 0;
    const paid = facts.deposit?.status === 'paid';
    if (!paid && deposit > 0) return { kind: 'depositFirst', amountMinor: deposit };
  } else if (code !== null && knownCodes.has(code)) {
    return { kind: 'refused', code: code as InstalmentErrorCode };
  } else if (code !== null) {
    return { kind: 'refused', code: 'default' };
  }
  // Otherwise the dashboard's rule decides (server/claims/rules.ts: a deferred, settled, blocked
  // or measured file offers no plan).
  if (!actionFlags(facts, facts.statusDate).showPayInstallments) return { kind: 'refused', code: 'default' };
  if (facts.totalMinor < limits.minClaimMinor) return { kind: 'refused', code: 1 };
  return { kind: 'allowed' };
}

// ---------------------------------------------------------------------------------------------
// Deferral (pay later): once only, 30 days notice, fee may apply (4.3, 9)
// ---------------------------------------------------------------------------------------------

export type DeferralEligibility =
  { kind: 'allowed' } | { kind: 'alreadyGranted'; payBy: string } | { kind: 'notPossible' };

export function deferralEligibility(facts: FileFacts | null): DeferralEligibility {
  if (!facts) return { kind: 'notPossible' };
  if (facts.deferral) return { kind: 'alreadyGranted', payBy: facts.deferral.payBy };
  const planRunning = facts.plan?.status === 'active' || facts.plan?.status === 'pending';
  if (planRunning || facts.totalMinor <= 0 || !actionFlags(facts, facts.statusDate).showPayLater)
    return { kind: 'notPossible' };
  return { kind: 'allowed' };
}

/** The terms of pay later: the date to pay by and the settlement fee of the payment agreement (section 9). */
export function deferralTerms(
  rules: CostRules,
  facts: Pick<FileFacts, 'totalMinor'>,
  noticeDays: number,
  today: string,
) {
  const { feeMinor } = feeFor(rules.settlementFee, facts.totalMinor);
  const vatMinor = vatOn(feeMinor, rules.vatRateBp);
  return { payBy: addDays(today, noticeDays), feeMinor, vatMinor, totalMinor: facts.totalMinor + feeMinor + vatMinor };
}

/**
 * The notice period for a day the debtor wants to pay by (the assistant's deep link
 * /checkout/pay-later?date=…): the shortest offered period that reaches that day, or the longest
 * when none does. Null without a valid date. The debtor still sees and confirms the period.
 */
export function noticeForDate(options: ReadonlyArray<{ days: number; payBy: string }>, wanted: string | null) {
  if (!wanted || !isIsoDate(wanted) || options.length === 0) return null;
  const sorted = [...options].sort((a, b) => a.days - b.days);
  return (sorted.find((o) => o.payBy >= wanted) ?? sorted[sorted.length - 1]!).days;
}
