/**
 * A file's own terms (decision 103): what the agency set for one file within what the file's
 * variant allows. The variant stays the outer bound: its rule table of methods per purpose (spec
 * section 6, server/payments/allowed-methods.ts) and its plan limits and fees (spec section 9,
 * server/instalments/config.ts) are what the law and the agency's licence allow there; a file may
 * only narrow them:
 *
 * - payment methods per purpose: a list per purpose; the file may use a method for the purpose
 *   when the variant allows it there and the list names it (the variant's order stays);
 * - instalment terms: a shorter longest plan (`maxMonths`), a higher lowest monthly amount
 *   (`minMonthlyMinor`), and the instalment fee or the settlement fee waived.
 *
 * `effectiveTerms` is the one place where the two meet: the payment options, the instalment
 * checkout, pay later, the debtor API and the assistant all read a file's rules through it (the
 * file context's `rules`, the payment options' `only`). It clamps what is stored to the variant's
 * bounds again, so a stored value can never widen what the variant allows, also after the
 * variant's own rules change. What a PUT may set is checked by `methodListIssues` and
 * `instalmentTermsIssues`, with the same bounds.
 */
import { costRulesFor, type CostRules, type PlanLimits } from '../instalments/config.ts';
import { allowedMethods, allowedPurposes, type AllowedPurpose } from '../payments/allowed-methods.ts';
import { methodKey, type MethodKey } from '../payments/methods.ts';
import { variants, type VariantId } from '../variants/config.ts';

/** The file's own list of methods per purpose; a purpose left out follows the variant. */
export type MethodLists = Partial<Record<AllowedPurpose, MethodKey[]>>;

/** The file's own instalment terms; null (or false) follows the variant. */
export interface InstalmentTerms {
  /** The longest plan in months, with or without proof of income: at most the variant's. */
  maxMonths: number | null;
  /** The lowest monthly amount, with or without proof of income: at least the variant's floors. */
  minMonthlyMinor: number | null;
  /** No instalment fee for a plan agreed on this file. */
  waiveInstalmentFee: boolean;
  /** No settlement fee for pay later agreed on this file. */
  waiveSettlementFee: boolean;
}

/** What the agency set for the file (`files.payment_methods`, `files.instalment_terms`); null: nothing. */
export interface FileTerms {
  paymentMethods: MethodLists | null;
  instalmentTerms: InstalmentTerms | null;
}

export const noFileTerms: FileTerms = { paymentMethods: null, instalmentTerms: null };

export interface EffectiveTerms {
  /** The cost and limit rules of agreements for the file: the variant's, narrowed by the file's terms. */
  rules: CostRules;
  /** The file's own lists per purpose; the payment options offer only what the variant allows and these name. */
  methodLists: MethodLists;
}

export interface TermsIssue {
  path: string;
  message: string;
}

const none = { kind: 'none' } as const;

/** The methods of the variant in its order (server/variants/config.ts `paymentProviders`). */
export function variantMethodsOf(variant: string): MethodKey[] {
  return variants[variant as VariantId]?.paymentProviders.map(methodKey) ?? [];
}

/**
 * What a file may use for a purpose by its terms, in the variant's order: the rule table over the
 * variant's methods in the file's currency, narrowed by the file's own list for the purpose. At
 * payment time the amount (cash up to its limit), a blocked file and an offline provider can take
 * more away (the payment options, server/payments/service/options.ts).
 */
export function fileMethodsFor(
  variant: string,
  purpose: AllowedPurpose,
  currency: string,
  terms: FileTerms | null,
): MethodKey[] {
  return allowedMethods({
    variantMethods: variantMethodsOf(variant),
    purpose,
    currency,
    amountMinor: 1,
    only: effectiveTerms(variant, terms).methodLists[purpose],
  });
}

/** What the variant allows for a purpose in the file's currency: all a file's list may name. */
export function variantMethodsFor(variant: string, purpose: AllowedPurpose, currency: string): MethodKey[] {
  return fileMethodsFor(variant, purpose, currency, null);
}

/** The plan limits of the file: the variant's, never longer and never lower. */
function narrowedPlan(plan: PlanLimits, terms: InstalmentTerms | null): PlanLimits {
  if (!terms) return plan;
  const months = (variantMonths: number) =>
    terms.maxMonths === null ? variantMonths : Math.min(variantMonths, Math.max(plan.minInstalments, terms.maxMonths));
  const floor = (variantFloor: number) =>
    terms.minMonthlyMinor === null ? variantFloor : Math.max(variantFloor, terms.minMonthlyMinor);
  return {
    ...plan,
    regularMaxMonths: months(plan.regularMaxMonths),
    proofMaxMonths: months(plan.proofMaxMonths),
    minMonthlyFloorMinor: floor(plan.minMonthlyFloorMinor),
    proofMonthlyFloorMinor: floor(plan.proofMonthlyFloorMinor),
  };
}

/**
 * The effective terms of a file of `variant` with what the agency set (`terms`, the file's facts'
 * `terms`): the variant's rules where the file sets nothing, else the narrower of the two.
 */
export function effectiveTerms(variant: string, terms: FileTerms | null | undefined): EffectiveTerms {
  const rules = costRulesFor(variant);
  const own = terms?.instalmentTerms ?? null;
  return {
    rules: own
      ? {
          ...rules,
          instalmentFee: own.waiveInstalmentFee ? none : rules.instalmentFee,
          settlementFee: own.waiveSettlementFee ? none : rules.settlementFee,
          plan: narrowedPlan(rules.plan, own),
        }
      : rules,
    methodLists: terms?.paymentMethods ?? {},
  };
}

/**
 * Why lists of methods per purpose go beyond what the variant allows for the file: one issue per
 * method, at `<purpose>.<index>` (a method the variant does not have, or does not allow for that
 * purpose or currency). Empty when the lists only narrow.
 */
export function methodListIssues(
  variant: string,
  currency: string,
  lists: Partial<Record<AllowedPurpose, readonly string[] | null>>,
): TermsIssue[] {
  const issues: TermsIssue[] = [];
  const own = variantMethodsOf(variant);
  for (const purpose of allowedPurposes) {
    const allowed = variantMethodsFor(variant, purpose, currency);
    for (const [index, method] of (lists[purpose] ?? []).entries()) {
      if ((allowed as string[]).includes(method)) continue;
      issues.push({
        path: `${purpose}.${index}`,
        message: (own as string[]).includes(method)
          ? `the variant does not allow method ${method} for ${purpose} (it allows ${allowed.join(', ') || 'none'})`
          : `the variant has no method ${method} (it has ${own.join(', ')})`,
      });
    }
  }
  return issues;
}

/**
 * The bounds of a file's instalment terms in its variant: a longest plan between the variant's
 * fewest instalments and its longest plan (with proof of income), a lowest monthly amount from the
 * variant's lowest floor (with proof of income) up.
 */
export function instalmentTermsBounds(variant: string) {
  const plan = costRulesFor(variant).plan;
  return {
    maxMonths: { min: plan.minInstalments, max: Math.max(plan.regularMaxMonths, plan.proofMaxMonths) },
    minMonthlyMinor: { min: Math.min(plan.proofMonthlyFloorMinor, plan.minMonthlyFloorMinor) },
  };
}

/** Why instalment terms would widen what the variant allows (a longer plan, a lower floor); empty when they only narrow. */
export function instalmentTermsIssues(
  variant: string,
  terms: Pick<InstalmentTerms, 'maxMonths' | 'minMonthlyMinor'>,
): TermsIssue[] {
  const bounds = instalmentTermsBounds(variant);
  const issues: TermsIssue[] = [];
  if (terms.maxMonths !== null && terms.maxMonths > bounds.maxMonths.max)
    issues.push({ path: 'maxMonths', message: `longer than the variant allows (${bounds.maxMonths.max} months)` });
  if (terms.maxMonths !== null && terms.maxMonths < bounds.maxMonths.min)
    issues.push({
      path: 'maxMonths',
      message: `fewer months than a plan's fewest instalments (${bounds.maxMonths.min})`,
    });
  if (terms.minMonthlyMinor !== null && terms.minMonthlyMinor < bounds.minMonthlyMinor.min)
    issues.push({
      path: 'minMonthlyMinor',
      message: `below the variant's lowest monthly amount (${bounds.minMonthlyMinor.min})`,
    });
  return issues;
}
