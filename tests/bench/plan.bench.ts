/** Timings of the plan calculation (`npm run bench`); measured, never asserted. */
import { bench, describe } from 'vitest';
import { costRules } from '#server/instalments/config.ts';
import { calculatePlan, monthlyLimits, planCosts } from '#server/instalments/plan.ts';

describe('plan calculation', () => {
  bench('costs + limits + 13 rows (587.84 EUR, 50.00 a month)', () => {
    const costs = planCosts(costRules.de, 587_84);
    monthlyLimits(costRules.de.plan, costs.totalMinor);
    calculatePlan({ totalMinor: costs.totalMinor, monthlyMinor: 50_00, firstDueOn: '2025-01-31' });
  });
  bench('48 rows (large claim at the proof minimum)', () => {
    const costs = planCosts(costRules.de, 12_345_67);
    const limits = monthlyLimits(costRules.de.plan, costs.totalMinor);
    calculatePlan({ totalMinor: costs.totalMinor, monthlyMinor: limits.absoluteMinMinor, firstDueOn: '2025-01-31' });
  });
});
