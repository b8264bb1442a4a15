import { describe, expect, it } from 'vitest';
import { costRules } from '../instalments/config.ts';
import { monthlyLimits, planCosts } from '../instalments/plan.ts';
import { allowedMethods, type AllowedPurpose } from '../payments/allowed-methods.ts';
import type { MethodKey } from '../payments/methods.ts';
import {
  effectiveTerms,
  instalmentTermsIssues,
  methodListIssues,
  variantMethodsFor,
  variantMethodsOf,
  type InstalmentTerms,
} from './file-terms.ts';

const unset: InstalmentTerms = {
  maxMonths: null,
  minMonthlyMinor: null,
  waiveInstalmentFee: false,
  waiveSettlementFee: false,
};
const terms = (own: Partial<InstalmentTerms>) => ({ paymentMethods: null, instalmentTerms: { ...unset, ...own } });

/** The methods a German file of 587.84 EUR may use for a purpose with the file's own lists. */
function methodsOf(purpose: AllowedPurpose, lists: Partial<Record<AllowedPurpose, MethodKey[]>> | null) {
  return allowedMethods({
    variantMethods: variantMethodsOf('de'),
    purpose,
    currency: 'EUR',
    amountMinor: 587_84,
    only: effectiveTerms('de', { paymentMethods: lists, instalmentTerms: null }).methodLists[purpose],
  });
}

describe('the effective terms of a file', () => {
  it('are the variant’s rules where the file sets nothing', () => {
    for (const variant of ['de', 'paycare', 'at', 'ch', 'se', 'no'] as const) {
      expect(effectiveTerms(variant, null).rules).toBe(costRules[variant]);
      expect(effectiveTerms(variant, { paymentMethods: null, instalmentTerms: null })).toEqual({
        rules: costRules[variant],
        methodLists: {},
      });
    }
  });

  it.each<[string, AllowedPurpose, Partial<Record<AllowedPurpose, MethodKey[]>> | null, MethodKey[]]>([
    ['no list', 'normal', null, ['1', '2', '4', '5', '6', '9', '11']],
    ['a list, in the variant’s order', 'normal', { normal: ['6', '4'] }, ['4', '6']],
    ['another purpose’s list', 'partialPayment', { normal: ['6'] }, ['1', '2', '4', '5', '6', '9', '11']],
    ['a method the purpose does not allow', 'normal', { normal: ['3', '6'] }, ['6']],
    ['a method the variant lacks', 'normal', { normal: ['twint', '4'] }, ['4']],
    ['the plan’s collection', 'instalmentPlan', { instalmentPlan: ['6'] }, ['6']],
  ])('narrow the payment methods per purpose: %s', (_what, purpose, lists, expected) => {
    expect(methodsOf(purpose, lists)).toEqual(expected);
  });

  it.each<[string, Partial<InstalmentTerms>, Partial<(typeof costRules)['de']['plan']>]>([
    ['nothing set', {}, {}],
    ['a shorter plan', { maxMonths: 12 }, { regularMaxMonths: 12, proofMaxMonths: 12 }],
    ['a plan shorter with proof of income only', { maxMonths: 36 }, { regularMaxMonths: 24, proofMaxMonths: 36 }],
    ['a longer plan stays the variant’s', { maxMonths: 60 }, { regularMaxMonths: 24, proofMaxMonths: 48 }],
    ['fewer months than instalments', { maxMonths: 1 }, { regularMaxMonths: 2, proofMaxMonths: 2 }],
    ['a higher floor', { minMonthlyMinor: 50_00 }, { minMonthlyFloorMinor: 50_00, proofMonthlyFloorMinor: 50_00 }],
    [
      'a floor between the two',
      { minMonthlyMinor: 20_00 },
      { minMonthlyFloorMinor: 25_00, proofMonthlyFloorMinor: 20_00 },
    ],
    [
      'a lower floor stays the variant’s',
      { minMonthlyMinor: 1_00 },
      { minMonthlyFloorMinor: 25_00, proofMonthlyFloorMinor: 10_00 },
    ],
  ])('narrow the plan limits: %s', (_what, own, changed) => {
    const plan = effectiveTerms('de', terms(own)).rules.plan;
    expect(plan).toEqual({ ...costRules.de.plan, ...changed });
  });

  it('never offer a longer plan or a lower rate than the variant, whatever is stored', () => {
    for (const maxMonths of [null, 1, 2, 12, 24, 36, 48, 1000])
      for (const minMonthlyMinor of [null, 0, 1_00, 25_00, 100_00]) {
        const limits = effectiveTerms('de', terms({ maxMonths, minMonthlyMinor })).rules.plan;
        const variant = costRules.de.plan;
        expect(limits.regularMaxMonths).toBeLessThanOrEqual(variant.regularMaxMonths);
        expect(limits.proofMaxMonths).toBeLessThanOrEqual(variant.proofMaxMonths);
        expect(limits.minMonthlyFloorMinor).toBeGreaterThanOrEqual(variant.minMonthlyFloorMinor);
        expect(limits.proofMonthlyFloorMinor).toBeGreaterThanOrEqual(variant.proofMonthlyFloorMinor);
        const total = 1_234_56;
        const narrowed = monthlyLimits(limits, total);
        const wide = monthlyLimits(variant, total);
        expect(narrowed.absoluteMinMinor).toBeGreaterThanOrEqual(wide.absoluteMinMinor);
        expect(narrowed.regularMinMinor).toBeGreaterThanOrEqual(wide.regularMinMinor);
        expect(narrowed.maxMinor).toBe(wide.maxMinor);
      }
  });

  it('give a plan of at most maxMonths instalments', () => {
    const rules = effectiveTerms('de', terms({ maxMonths: 6 })).rules;
    const costs = planCosts(rules, 587_84);
    const limits = monthlyLimits(rules.plan, costs.totalMinor);
    expect(Math.ceil(costs.totalMinor / limits.absoluteMinMinor)).toBeLessThanOrEqual(6);
    expect(Math.ceil(costs.totalMinor / monthlyLimits(costRules.de.plan, costs.totalMinor).absoluteMinMinor)).toBe(48);
  });

  it.each([
    ['de', 'instalmentFee', 36_05],
    ['paycare', 'instalmentFee', 36_05],
    ['se', 'instalmentFee', 170_00],
  ] as const)('waive the %s %s, and its VAT with it', (variant, _fee, variantFee) => {
    expect(planCosts(costRules[variant], 587_84).feeMinor).toBe(variantFee);
    const waived = effectiveTerms(variant, terms({ waiveInstalmentFee: true })).rules;
    expect(planCosts(waived, 587_84)).toEqual({
      residualClaimMinor: 587_84,
      feeMinor: 0,
      expensesMinor: 0,
      vatMinor: 0,
      totalMinor: 587_84,
    });
    // The other fee stays the variant's.
    expect(waived.settlementFee).toBe(costRules[variant].settlementFee);
  });

  it('waive the settlement fee of pay later and keep the instalment fee', () => {
    const rules = effectiveTerms('de', terms({ waiveSettlementFee: true })).rules;
    expect(rules.settlementFee).toEqual({ kind: 'none' });
    expect(rules.instalmentFee).toBe(costRules.de.instalmentFee);
    expect(rules.plan).toEqual(costRules.de.plan);
  });
});

describe('what a file may set', () => {
  it('names what the variant allows per purpose and currency', () => {
    expect(variantMethodsFor('de', 'normal', 'EUR')).toEqual(['1', '2', '4', '5', '6', '9', '11']);
    expect(variantMethodsFor('de', 'instalmentPlan', 'EUR')).toEqual(['3', '6', '7', '8']);
    expect(variantMethodsFor('ch', 'normal', 'CHF')).toEqual(['4', '6', 'twint']);
    expect(variantMethodsFor('at', 'instalmentPlan', 'EUR')).toEqual(['6']);
  });

  it('refuses a method the variant lacks or does not allow for the purpose, at its place', () => {
    expect(methodListIssues('de', 'EUR', { normal: ['6', '4'], instalmentPlan: ['3'] })).toEqual([]);
    expect(methodListIssues('de', 'EUR', { normal: ['6', 'twint', '3'], extension: ['bitcoin'] })).toEqual([
      { path: 'normal.1', message: expect.stringContaining('has no method twint') },
      { path: 'normal.2', message: expect.stringContaining('does not allow method 3 for normal') },
      { path: 'extension.0', message: expect.stringContaining('has no method bitcoin') },
    ]);
    // Another variant, another set: the Austrian variant has no direct debit.
    expect(methodListIssues('at', 'EUR', { instalmentPlan: ['3'] })).toEqual([
      { path: 'instalmentPlan.0', message: expect.stringContaining('has no method 3') },
    ]);
  });

  it.each<[string, Partial<InstalmentTerms>, string[]]>([
    ['nothing', {}, []],
    ['the variant’s longest plan', { maxMonths: 48 }, []],
    ['the fewest instalments', { maxMonths: 2 }, []],
    ['a longer plan', { maxMonths: 49 }, ['maxMonths']],
    ['fewer months than instalments', { maxMonths: 1 }, ['maxMonths']],
    ['the lowest floor', { minMonthlyMinor: 10_00 }, []],
    ['a lower floor', { minMonthlyMinor: 9_99 }, ['minMonthlyMinor']],
    ['both wider', { maxMonths: 100, minMonthlyMinor: 1 }, ['maxMonths', 'minMonthlyMinor']],
  ])('refuses instalment terms that widen the variant’s: %s', (_what, own, paths) => {
    expect(instalmentTermsIssues('de', { ...unset, ...own }).map((i) => i.path)).toEqual(paths);
  });

  it('bounds a Swedish file’s floor in kronor', () => {
    expect(instalmentTermsIssues('se', { maxMonths: null, minMonthlyMinor: 99_99 })).toHaveLength(1);
    expect(instalmentTermsIssues('se', { maxMonths: null, minMonthlyMinor: 100_00 })).toEqual([]);
  });
});
