import { describe, expect, it } from 'vitest';
import type { FileFacts } from '../claims/facts.ts';
import { fileFacts } from '../claims/facts.fixture.ts';
import { costRules } from './config.ts';
import { addMonths, isIsoDate } from './dates.ts';
import {
  calculatePlan,
  checkMonthly,
  deferralEligibility,
  deferralTerms,
  errorKey,
  firstDueRange,
  monthlyLimits,
  planCosts,
  planEligibility,
  skipRow,
  noticeForDate,
} from './plan.ts';

describe('monthly due dates across month ends', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-01-31', 2, '2025-03-31'],
    ['2025-01-30', 1, '2025-02-28'],
    ['2025-08-31', 1, '2025-09-30'],
    ['2025-12-15', 1, '2026-01-15'],
    ['2025-11-30', 3, '2026-02-28'],
  ])('%s + %i months = %s', (from, months, to) => {
    expect(addMonths(from, months)).toBe(to);
  });

  it('recognises real dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-2-1')).toBe(false);
  });
});

describe('the repayment plan', () => {
  const cases = [
    { total: 623_89, monthly: 50_00 },
    { total: 623_89, monthly: 623_89 },
    { total: 100_00, monthly: 25_00 },
    { total: 100_01, monthly: 25_00 },
    { total: 1, monthly: 1 },
    { total: 1_234_567, monthly: 3_333 },
    { total: 50_00, monthly: 100_00 },
  ];
  it.each(cases)(
    'rows of $total by $monthly sum to the total, the last row holds the remainder',
    ({ total, monthly }) => {
      const plan = calculatePlan({ totalMinor: total, monthlyMinor: monthly, firstDueOn: '2025-01-31' });
      expect(plan.rows.reduce((s, r) => s + r.amountMinor, 0)).toBe(total);
      expect(plan.instalmentCount).toBe(Math.ceil(total / monthly));
      expect(plan.rows).toHaveLength(plan.instalmentCount);
      const last = plan.rows.at(-1)!;
      expect(last.isFinal).toBe(true);
      expect(last.remainingMinor).toBe(0);
      expect(last.amountMinor).toBeGreaterThan(0);
      expect(last.amountMinor).toBeLessThanOrEqual(monthly);
      expect(last.amountMinor).toBe(total - Math.min(monthly, total) * (plan.instalmentCount - 1));
      plan.rows.forEach((row, i) => {
        expect(row.position).toBe(i + 1);
        expect(row.isFinal).toBe(i === plan.rows.length - 1);
        expect(row.claimMinor - row.amountMinor).toBe(row.remainingMinor);
        if (i > 0) expect(row.claimMinor).toBe(plan.rows[i - 1]!.remainingMinor);
        if (!row.isFinal) expect(row.amountMinor).toBe(monthly);
      });
    },
  );

  it('dates run monthly from the first date and stay valid across month ends', () => {
    const plan = calculatePlan({ totalMinor: 400_00, monthlyMinor: 100_00, firstDueOn: '2025-01-31' });
    expect(plan.rows.map((r) => r.dueOn)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
  });

  it('the fee example: 587.84 EUR + 36.05 EUR fee = 623.89 EUR; 12 × 50.00 and a final 23.89', () => {
    const costs = planCosts(costRules.de, 587_84);
    expect(costs).toEqual({
      residualClaimMinor: 587_84,
      feeMinor: 36_05,
      expensesMinor: 0,
      vatMinor: 0,
      totalMinor: 623_89,
    });
    const plan = calculatePlan({ totalMinor: costs.totalMinor, monthlyMinor: 50_00, firstDueOn: '2025-03-15' });
    expect(plan.instalmentCount).toBe(13);
    expect(plan.rows.at(-1)).toMatchObject({
      position: 13,
      amountMinor: 23_89,
      claimMinor: 23_89,
      remainingMinor: 0,
      dueOn: '2026-03-15',
    });
  });

  it('adds VAT on the fee where a variant passes VAT on', () => {
    expect(planCosts(costRules.paycare, 587_84)).toEqual({
      residualClaimMinor: 587_84,
      feeMinor: 36_05,
      expensesMinor: 0,
      vatMinor: 6_85,
      totalMinor: 630_74,
    });
  });

  it('refuses nonsense input', () => {
    expect(() => calculatePlan({ totalMinor: 0, monthlyMinor: 1, firstDueOn: '2025-01-01' })).toThrow();
    expect(() => calculatePlan({ totalMinor: 10, monthlyMinor: 0, firstDueOn: '2025-01-01' })).toThrow();
    expect(() => calculatePlan({ totalMinor: 10, monthlyMinor: 1.5, firstDueOn: '2025-01-01' })).toThrow();
  });
});

describe('skipping a row (issue 11, finding 4)', () => {
  // 100000002: 1,040.10 in 7 rows of 150.00 (the last 140.10), rows 1 and 2 paid.
  const stored = calculatePlan({ totalMinor: 1_040_10, monthlyMinor: 150_00, firstDueOn: '2026-09-26' }).rows.map(
    (r) => ({ ...r, paid: r.position <= 2, skipped: false }),
  );

  it('moves the skipped rate behind the last row; the skipped row no longer lowers the balance; 0 only after the new last row', () => {
    const { rows, added } = skipRow(stored, 3);
    const all = [...rows, { ...added, paid: false, skipped: false }];
    expect(
      all.map((r) => [r.position, r.dueOn, r.amountMinor, r.claimMinor, r.remainingMinor, r.isFinal, r.skipped]),
    ).toEqual([
      [1, '2026-09-26', 150_00, 1_040_10, 890_10, false, false],
      [2, '2026-10-26', 150_00, 890_10, 740_10, false, false],
      [3, '2026-11-26', 150_00, 740_10, 740_10, false, true],
      [4, '2026-12-26', 150_00, 740_10, 590_10, false, false],
      [5, '2027-01-26', 150_00, 590_10, 440_10, false, false],
      [6, '2027-02-26', 150_00, 440_10, 290_10, false, false],
      [7, '2027-03-26', 140_10, 290_10, 150_00, false, false],
      [8, '2027-04-26', 150_00, 150_00, 0, true, false],
    ]);
    // What is still to pay equals what was open before the skip.
    expect(all.filter((r) => !r.paid && !r.skipped).reduce((s, r) => s + r.amountMinor, 0)).toBe(740_10);
  });

  it('keeps the day of the first due date for the moved row (31st → end of a shorter month)', () => {
    const rows = calculatePlan({ totalMinor: 300_00, monthlyMinor: 100_00, firstDueOn: '2027-01-31' }).rows.map(
      (r) => ({ ...r, paid: false, skipped: false }),
    );
    expect(skipRow(rows, 1).added).toMatchObject({
      position: 4,
      dueOn: '2027-04-30',
      amountMinor: 100_00,
      claimMinor: 100_00,
      remainingMinor: 0,
      isFinal: true,
    });
  });

  it('refuses a paid or already skipped row', () => {
    expect(() => skipRow(stored, 1)).toThrow(RangeError);
    expect(() => skipRow(skipRow(stored, 3).rows, 3)).toThrow(RangeError);
  });
});

describe('minimum and maximum of the monthly amount', () => {
  it.each([
    // total, absolute minimum (with proof), regular minimum, maximum, the example the form names
    [623_89, 13_00, 26_00, 311_95, 30_00],
    [100_00, 10_00, 25_00, 50_00, 30_00],
    [5_000_00, 105_00, 209_00, 2_500_00, 210_00],
    [40_00, 10_00, 20_00, 20_00, 20_00],
    // 100000012 with its fee: the 66.00 minimum beside an example of 50.00.
    [1_575_00, 33_00, 66_00, 787_50, 70_00],
  ])(
    'total %i: min with proof %i, regular min %i, max %i, example %i',
    (total, absoluteMin, regularMin, max, example) => {
      const limits = monthlyLimits(costRules.de.plan, total);
      expect(limits).toEqual({
        absoluteMinMinor: absoluteMin,
        regularMinMinor: regularMin,
        maxMinor: max,
        exampleMinor: example,
      });
      // Issue 11, finding 10: the example is never below the minimum nor above the maximum.
      expect(limits.exampleMinor).toBeGreaterThanOrEqual(limits.regularMinMinor);
      expect(limits.exampleMinor).toBeLessThanOrEqual(limits.maxMinor);
    },
  );

  const limits = monthlyLimits(costRules.de.plan, 623_89);
  it.each([
    [12_99, { ok: false, error: 'tooLow' }],
    [13_00, { ok: true, proofRequired: true }],
    [25_99, { ok: true, proofRequired: true }],
    [26_00, { ok: true, proofRequired: false }],
    [311_95, { ok: true, proofRequired: false }],
    [311_96, { ok: false, error: 'tooHigh' }],
    [0, { ok: false, error: 'tooLow' }],
    [50.5, { ok: false, error: 'tooLow' }],
  ])('%i → %o', (monthly, result) => {
    expect(checkMonthly(limits, monthly)).toEqual(result);
  });

  it('first date between tomorrow and 30 days ahead', () => {
    expect(firstDueRange(costRules.de.plan, '2025-01-31')).toEqual({ earliest: '2025-02-01', latest: '2025-03-02' });
  });
});

const open = fileFacts({ statusDate: '2025-01-01' });
/** An open claim paid later once already (status 2, sub-state deferred). */
const deferred: FileFacts = {
  ...open,
  statusCode: '2',
  subState: 'deferred',
  deferral: { payBy: '2025-02-01', grantedAt: '2025-01-01T10:00:00Z' },
};
const plan = (status: 'active' | 'pending' | 'cancelled') => ({
  status,
  isSepa: false,
  sepaFailed: false,
  skipsUsed: 0,
  monthlyMinor: 100_00,
  instalmentCount: 6,
  next: null,
  remainingMinor: 0,
  overdue: false,
});

describe('instalment error codes and who may have a plan', () => {
  const limits = costRules.de.plan;
  it.each<[string, FileFacts | null, ReturnType<typeof planEligibility>]>([
    ['an open claim', open, { kind: 'allowed' }],
    ['no data (API error)', null, { kind: 'refused', code: 'api' }],
    ['debt too small (1)', { ...open, totalMinor: 49_99 }, { kind: 'refused', code: 1 }],
    ['an agreement exists (2)', { ...open, statusCode: '2', plan: plan('active') }, { kind: 'refused', code: 2 }],
    ['call us (3)', { ...open, instalmentErrorCode: 3 }, { kind: 'refused', code: 3 }],
    ['broken agreements (4)', { ...open, instalmentErrorCode: 4 }, { kind: 'refused', code: 4 }],
    [
      'deposit first (5)',
      { ...open, instalmentErrorCode: 5, depositRequiredMinor: 150_00 },
      { kind: 'depositFirst', amountMinor: 150_00 },
    ],
    [
      'deposit paid lifts 5',
      {
        ...open,
        instalmentErrorCode: 5,
        depositRequiredMinor: 150_00,
        deposit: { amountMinor: 150_00, status: 'paid' },
      },
      { kind: 'allowed' },
    ],
    ['no new plan (6)', { ...open, instalmentErrorCode: 6 }, { kind: 'refused', code: 6 }],
    ['an unknown code (default)', { ...open, instalmentErrorCode: 9 }, { kind: 'refused', code: 'default' }],
    ['a settled file (default)', { ...open, statusCode: '3' }, { kind: 'refused', code: 'default' }],
    ['a blocked file (default)', { ...open, functionsBlocked: true }, { kind: 'refused', code: 'default' }],
    [
      'down payment pending',
      {
        ...open,
        statusCode: '24',
        downPayment: { amountMinor: 200_00, dueOn: null, status: 'pending' },
        plan: plan('pending'),
      },
      { kind: 'downPaymentFirst', amountMinor: 200_00 },
    ],
    [
      'down payment paid, plan pending',
      {
        ...open,
        statusCode: '24',
        downPayment: { amountMinor: 200_00, dueOn: null, status: 'paid' },
        plan: plan('pending'),
      },
      { kind: 'continuePending' },
    ],
    ['plan pending for the proof of income', { ...open, plan: plan('pending') }, { kind: 'awaitingProof' }],
    ['a deferred file (default)', deferred, { kind: 'refused', code: 'default' }],
    ['a measure in progress (default)', { ...open, statusCode: '40' }, { kind: 'refused', code: 'default' }],
    ['after a cancelled plan', { ...open, plan: plan('cancelled') }, { kind: 'allowed' }],
  ])('%s', (_, facts, expected) => {
    expect(planEligibility(facts, limits)).toEqual(expected);
  });

  it.each([
    [1, 'errors.code1'],
    [5, 'errors.code5'],
    ['api', 'errors.codeApi'],
    ['default', 'errors.codeDefault'],
  ] as const)('code %s has the text %s', (code, key) => {
    expect(errorKey(code)).toBe(key);
  });
});

describe('deferral: once only, 30 days, fee by variant', () => {
  it.each<[string, FileFacts | null, ReturnType<typeof deferralEligibility>]>([
    ['an open claim', open, { kind: 'allowed' }],
    ['granted before', deferred, { kind: 'alreadyGranted', payBy: '2025-02-01' }],
    ['a running plan', { ...open, statusCode: '2', plan: plan('active') }, { kind: 'notPossible' }],
    ['a measure', { ...open, statusCode: '40' }, { kind: 'notPossible' }],
    ['no data', null, { kind: 'notPossible' }],
  ])('%s', (_, facts, expected) => {
    expect(deferralEligibility(facts)).toEqual(expected);
  });

  it('pays by 30 days from today with the settlement fee of the payment agreement (decision 026); none in Austria', () => {
    expect(deferralTerms(costRules.de, open, 30, '2025-01-31')).toEqual({
      payBy: '2025-03-02',
      feeMinor: 36_05,
      vatMinor: 0,
      totalMinor: 623_89,
    });
    expect(deferralTerms(costRules.paycare, open, 30, '2025-01-31')).toEqual({
      payBy: '2025-03-02',
      feeMinor: 36_05,
      vatMinor: 6_85,
      totalMinor: 630_74,
    });
    expect(deferralTerms(costRules.at, open, 30, '2025-01-31')).toEqual({
      payBy: '2025-03-02',
      feeMinor: 0,
      vatMinor: 0,
      totalMinor: 587_84,
    });
  });
});

describe('noticeForDate: the period for the day the debtor wants to pay by', () => {
  const options = [
    { days: 30, payBy: '2026-12-24' },
    { days: 14, payBy: '2026-12-08' },
  ];
  it.each([
    ['2026-12-01', 14],
    ['2026-12-08', 14],
    ['2026-12-09', 30],
    ['2027-02-01', 30],
  ])('%s → %i days', (wanted, days) => expect(noticeForDate(options, wanted)).toBe(days));
  it.each([null, '', '15.12.2026', '2026-13-45'])('no suggestion for %j', (wanted) =>
    expect(noticeForDate(options, wanted)).toBeNull(),
  );
});
