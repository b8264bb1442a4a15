/**
 * The affordability helper (spec 2.5): what monthly instalment fits a household, from the monthly
 * income and what goes out of it. Half of what remains, rounded down to a whole currency unit and
 * kept within the file's limits. The instalment wizard (/checkout/pay-installments) and the
 * hardship page (server/hardship) both ask it, so that the two never name different amounts.
 * Pure: no clock, no database; nothing typed here is stored (the wizard posts the figures, never
 * puts them in the address or the request log).
 */
import { amountField } from '../money/amount-input.ts';
import type { MonthlyLimits } from './plan.ts';

export interface Household {
  /** Monthly net income, minor units (at least 1). */
  incomeMinor: number;
  /** Everything that goes out each month (rent, living, other obligations), minor units. */
  outgoingsMinor: number;
}

export type Affordability =
  /** Nothing remains once the outgoings are paid. */
  | { kind: 'noRoom' }
  /** What would fit is below even the lowest instalment the file allows with proof of income. */
  | { kind: 'belowMinimum'; amountMinor: number }
  /** An instalment that fits; below the regular minimum it needs proof of income. */
  | { kind: 'ok'; amountMinor: number; proofRequired: boolean };

export function affordableMonthly(limits: MonthlyLimits, household: Household): Affordability {
  const surplus = household.incomeMinor - household.outgoingsMinor;
  if (surplus <= 0) return { kind: 'noRoom' };
  const half = Math.floor(surplus / 2 / 100) * 100;
  const amount = Math.min(limits.maxMinor, half);
  if (amount < limits.absoluteMinMinor) return { kind: 'belowMinimum', amountMinor: amount };
  return { kind: 'ok', amountMinor: amount, proofRequired: amount < limits.regularMinMinor };
}

/** The helper's figures as typed: the income is required, an outgoing left empty is none. */
export const householdFields = ['income', 'rent', 'living', 'obligations'] as const;
export type HouseholdField = (typeof householdFields)[number];

export type HouseholdAnswer =
  | Affordability
  /** A figure that cannot be read, named at its field (an error key), never taken as nothing. */
  | { kind: 'invalid'; errors: Partial<Record<HouseholdField, string>> };

/**
 * The instalment wizard's helper: reads the typed figures with the portal's one amount reader (the
 * page's locale and the file's currency), then asks {@link affordableMonthly}.
 */
export function affordableFromTyped(
  limits: MonthlyLimits,
  typed: Partial<Record<HouseholdField, string>>,
  reading: { locale: string; currency: string },
): HouseholdAnswer {
  const figures: Partial<Record<HouseholdField, number>> = {};
  const errors: Partial<Record<HouseholdField, string>> = {};
  for (const name of householdFields) {
    const text = (typed[name] ?? '').trim();
    if (text === '' && name !== 'income') continue;
    const parsed = amountField({ ...reading, minMinor: name === 'income' ? 1 : 0 }).safeParse(text);
    if (parsed.success) figures[name] = parsed.data;
    else errors[name] = parsed.error.issues[0]?.message ?? 'common:form.amount.format';
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return affordableMonthly(limits, {
    incomeMinor: figures.income ?? 0,
    outgoingsMinor: (figures.rent ?? 0) + (figures.living ?? 0) + (figures.obligations ?? 0),
  });
}
