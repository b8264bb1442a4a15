/**
 * The affordability helper (spec 2.5): what monthly instalment fits a household, from the monthly
 * income and what goes out of it. Half of what remains, rounded down to a whole currency unit and
 * kept within the file's limits. The instalment wizard (/checkout/pay-installments) and the
 * hardship page (server/hardship) both ask it, so that the two never name different amounts.
 * Pure: no clock, no database; nothing typed here is stored.
 */
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
