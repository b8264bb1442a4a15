/**
 * Cost and limit rules of agreements per variant, as configuration (spec section 9; decision
 * record docs/decisions/009-fees-and-instalment-plans.md). The assumptions per variant:
 *
 * - de (Germany): settlement fee and instalment fee = 0.7 × RVG Anlage 2 (since 1 June 2025)
 *   on 50 % of the claim. No deferral fee for the single 30-day deferral. No VAT is passed on
 *   (the creditors are assumed to be entitled to deduct input tax, so VAT is no damage).
 * - paycare (German sister brand): the same statutory fees, plus a flat deferral fee of
 *   5.00 EUR; 19 % VAT on its fees (its creditors are assumed not to deduct input tax).
 * - at (Austria): the costs are fixed by the creditor's collection costs under the Austrian
 *   ordinance and already in the claim; the portal adds no instalment, settlement or deferral fee.
 * - ch (Switzerland): Swiss law gives no statutory claim to collection fees; no fees.
 * - se (Sweden): the flat compensation for drawing up an instalment plan
 *   (amorteringsplan) of the Swedish ordinance on collection costs, 170 SEK; no other fee; no VAT.
 * - no (Norway): no fee for a payment agreement in the portal; no VAT.
 */
import type { VariantId } from '../variants/config.ts';
import { rvgFactorRule, type FeeRule } from './fees.ts';

export interface PlanLimits {
  /** The regular minimum monthly amount: at least this … */
  minMonthlyFloorMinor: number;
  /** … and at least the claim spread over this many months (rounded up to a whole unit). */
  regularMaxMonths: number;
  /** Below the regular minimum, with proof of income: at least this … */
  proofMonthlyFloorMinor: number;
  /** … and at least the claim spread over this many months. */
  proofMaxMonths: number;
  /** A plan has at least this many instalments: the maximum monthly amount is the claim divided by it. */
  minInstalments: number;
  /** Claims below this are too small for a plan (instalment error code 1). */
  minClaimMinor: number;
  /** The first instalment is due between these many days from today. */
  firstDueEarliestDays: number;
  firstDueLatestDays: number;
}

export interface CostRules {
  instalmentFee: FeeRule;
  settlementFee: FeeRule;
  deferralFee: FeeRule;
  /** Expenses added to a plan (postage, bank charges), minor units. */
  planExpensesMinor: number;
  /** VAT on the fees and expenses, basis points (0 = no VAT shown). */
  vatRateBp: number;
  /** Deferral: the payment notice options, in days (spec section 9: 30). */
  deferralNoticeDays: readonly number[];
  plan: PlanLimits;
}

const euroPlan: PlanLimits = {
  minMonthlyFloorMinor: 25_00,
  regularMaxMonths: 24,
  proofMonthlyFloorMinor: 10_00,
  proofMaxMonths: 48,
  minInstalments: 2,
  minClaimMinor: 50_00,
  firstDueEarliestDays: 1,
  firstDueLatestDays: 30,
};

const none: FeeRule = { kind: 'none' };

export const costRules: Record<VariantId, CostRules> = {
  de: { instalmentFee: rvgFactorRule, settlementFee: rvgFactorRule, deferralFee: none, planExpensesMinor: 0, vatRateBp: 0, deferralNoticeDays: [30], plan: euroPlan },
  paycare: {
    instalmentFee: rvgFactorRule,
    settlementFee: rvgFactorRule,
    deferralFee: { kind: 'flat', amountMinor: 5_00 },
    planExpensesMinor: 0,
    vatRateBp: 1900,
    deferralNoticeDays: [30],
    plan: euroPlan,
  },
  at: { instalmentFee: none, settlementFee: none, deferralFee: none, planExpensesMinor: 0, vatRateBp: 0, deferralNoticeDays: [30], plan: euroPlan },
  ch: { instalmentFee: none, settlementFee: none, deferralFee: none, planExpensesMinor: 0, vatRateBp: 0, deferralNoticeDays: [30], plan: euroPlan },
  se: {
    instalmentFee: { kind: 'flat', amountMinor: 170_00 },
    settlementFee: none,
    deferralFee: none,
    planExpensesMinor: 0,
    vatRateBp: 0,
    deferralNoticeDays: [30],
    plan: { ...euroPlan, minMonthlyFloorMinor: 250_00, proofMonthlyFloorMinor: 100_00, minClaimMinor: 500_00 },
  },
  no: {
    instalmentFee: none,
    settlementFee: none,
    deferralFee: none,
    planExpensesMinor: 0,
    vatRateBp: 0,
    deferralNoticeDays: [30],
    plan: { ...euroPlan, minMonthlyFloorMinor: 250_00, proofMonthlyFloorMinor: 100_00, minClaimMinor: 500_00 },
  },
};

export function costRulesFor(variant: string): CostRules {
  return costRules[variant as VariantId] ?? costRules.de;
}

/**
 * The SEPA creditor identifier shown as fixed text on every mandate (spec section 3 "a default
 * creditor id is shown as fixed text"). A made-up identifier of the agency in the valid format
 * (DE, check digits, "ZZZ", national id); the real one comes from the Bundesbank.
 */
export const sepaCreditorId = 'DE98ZZZ09999999999';
