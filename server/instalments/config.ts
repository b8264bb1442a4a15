/**
 * Cost and limit rules of agreements per variant, as configuration (spec section 9; decision
 * record docs/decisions/009-fees-and-instalment-plans.md). The assumptions per variant:
 *
 * - de (Germany): settlement fee and instalment fee = 0.7 × RVG Anlage 2 (since 1 June 2025)
 *   on 50 % of the claim: the fee of a payment agreement (Nr. 1000 VV RVG, § 31b RVG). The
 *   instalment fee is charged for a plan, the settlement fee for pay later, whose waiver of court
 *   action until the agreed date makes it a payment agreement too (decision 026). No VAT is passed
 *   on (the creditors are assumed to be entitled to deduct input tax, so VAT is no damage).
 * - paycare (German sister brand): the same statutory fees; 19 % VAT on its fees (its creditors
 *   are assumed not to deduct input tax).
 * - at (Austria): the costs are fixed by the creditor's collection costs under the Austrian
 *   ordinance and already in the claim; the portal adds no instalment or settlement fee.
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
  /** The fee of an instalment plan, charged to the file when the plan is agreed. */
  instalmentFee: FeeRule;
  /** The fee of a payment agreement without instalments (pay later), charged when it is agreed. */
  settlementFee: FeeRule;
  /** The legal basis written beside a charged fee in the file's costs (RDG § 13a: type, amount, basis). */
  feeLegalBasis: string;
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

/** The plan limits in kronor (Sweden, Norway): the euro plan's months, its amounts ten times as high. */
const kronaPlan: PlanLimits = {
  ...euroPlan,
  minMonthlyFloorMinor: 250_00,
  proofMonthlyFloorMinor: 100_00,
  minClaimMinor: 500_00,
};

const none: FeeRule = { kind: 'none' };

/** No fee for an agreement, no expenses, no VAT, the one notice of 30 days (Austria, Switzerland, Norway). */
const noAgreementFees: Omit<CostRules, 'plan'> = {
  instalmentFee: none,
  settlementFee: none,
  feeLegalBasis: '',
  planExpensesMinor: 0,
  vatRateBp: 0,
  deferralNoticeDays: [30],
};

/** The German agreement fee: Einigungsgebühr of a payment agreement, 0.7 on half of the claim. */
// A no-break space after the section sign: "§" never ends a line apart from its number.
const rvgBasis = 'Nr. 1000 VV RVG, §\u00a031b RVG (0,7 auf 50 % der Forderung)';

/** Germany: the statutory agreement fee for a plan and for pay later, no VAT passed on. */
const germanRules: CostRules = {
  instalmentFee: rvgFactorRule,
  settlementFee: rvgFactorRule,
  feeLegalBasis: rvgBasis,
  planExpensesMinor: 0,
  vatRateBp: 0,
  deferralNoticeDays: [30],
  plan: euroPlan,
};

export const costRules: Record<VariantId, CostRules> = {
  de: germanRules,
  // The sister brand: the same statutory fees, with 19 % VAT on them.
  paycare: { ...germanRules, vatRateBp: 1900 },
  at: { ...noAgreementFees, plan: euroPlan },
  ch: { ...noAgreementFees, plan: euroPlan },
  se: {
    instalmentFee: { kind: 'flat', amountMinor: 170_00 },
    settlementFee: none,
    feeLegalBasis: 'förordningen (1981:1057) om ersättning för inkassokostnader m.m. (amorteringsplan)',
    planExpensesMinor: 0,
    vatRateBp: 0,
    deferralNoticeDays: [30],
    plan: kronaPlan,
  },
  no: { ...noAgreementFees, plan: kronaPlan },
};

export function costRulesFor(variant: string): CostRules {
  return costRules[variant as VariantId] ?? costRules.de;
}

/**
 * The translation key (common namespace, `fees`) of the sentence that explains a fee of the
 * variant where it appears, or null where the variant charges none: the statutory German fee and
 * a flat fee read differently.
 */
export function feeExplanationKey(variant: string, kind: 'instalmentFee' | 'settlementFee'): string | null {
  const rule = costRulesFor(variant)[kind];
  if (rule.kind === 'none') return null;
  return `fees.${rule.kind === 'flat' ? 'flat' : 'statutory'}.${kind}`;
}
