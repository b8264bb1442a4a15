import { describe, expect, it } from 'vitest';
import { costRules } from './config.ts';
import { feeFor, rvgFactorRule, tableFee, vatOn } from './fees.ts';

describe('RVG Anlage 2 as in force since 1 June 2025', () => {
  // Every value printed in the issue, the edges of each step and the law's values beyond 50,000 EUR.
  it.each([
    [0, 51_50],
    [1, 51_50],
    [500_00, 51_50],
    [500_01, 93_00],
    [1_000_00, 93_00],
    [1_500_00, 134_50],
    [2_000_00, 176_00],
    [2_000_01, 235_50],
    [3_000_00, 235_50],
    [4_000_00, 295_00],
    [5_000_00, 354_50],
    [6_000_00, 414_00],
    [7_000_00, 473_50],
    [8_000_00, 533_00],
    [9_000_00, 592_50],
    [10_000_00, 652_00],
    [10_000_01, 707_00],
    [13_000_00, 707_00],
    [16_000_00, 762_00],
    [19_000_00, 817_00],
    [22_000_00, 872_00],
    [25_000_00, 927_00],
    [30_000_00, 1_013_00],
    [35_000_00, 1_099_00],
    [50_000_00, 1_357_00],
    [65_000_00, 1_456_50],
    [200_000_00, 2_352_00],
    [230_000_00, 2_492_00],
    [500_000_00, 3_752_00],
    [500_000_01, 3_927_00],
    [550_000_00, 3_927_00],
    [1_000_000_00, 5_502_00],
  ])('value %i → %i', (value, fee) => {
    expect(tableFee(value)).toBe(fee);
  });

  it('compares a half-cent basis exactly (50 % of an odd claim)', () => {
    expect(tableFee(500_00.5)).toBe(93_00);
    expect(tableFee(499_99.5)).toBe(51_50);
  });
});

describe('settlement and instalment fee: 0.7 × table(50 % of the claim)', () => {
  it.each([
    // The spec's example: 587.84 EUR → basis 293.92 → 51.50 → 36.05.
    [587_84, 293_92, 51_50, 36_05],
    [1_000_00, 500_00, 51_50, 36_05],
    [1_000_01, 500_01, 93_00, 65_10],
    [4_000_00, 2_000_00, 176_00, 123_20],
    // 0.7 × 134.50 = 94.15; 0.7 × 235.50 = 164.85.
    [3_000_00, 1_500_00, 134_50, 94_15],
    [6_000_00, 3_000_00, 235_50, 164_85],
    // 0.7 × 1,456.50 = 1,019.55.
    [130_000_00, 65_000_00, 1_456_50, 1_019_55],
  ])('claim %i → basis %i, table %i, fee %i', (claim, basis, table, fee) => {
    expect(feeFor(rvgFactorRule, claim)).toEqual({ feeMinor: fee, basisMinor: basis, tableValueMinor: table });
  });

  it('other rules: none and flat', () => {
    expect(feeFor({ kind: 'none' }, 58784).feeMinor).toBe(0);
    expect(feeFor({ kind: 'flat', amountMinor: 170_00 }, 58784).feeMinor).toBe(170_00);
  });

  it('each variant has its configured rule', () => {
    expect(feeFor(costRules.de.instalmentFee, 587_84).feeMinor).toBe(36_05);
    expect(feeFor(costRules.de.settlementFee, 587_84).feeMinor).toBe(36_05);
    expect(feeFor(costRules.at.instalmentFee, 587_84).feeMinor).toBe(0);
    expect(feeFor(costRules.ch.instalmentFee, 587_84).feeMinor).toBe(0);
    expect(feeFor(costRules.se.instalmentFee, 8_883_00).feeMinor).toBe(170_00);
    expect(feeFor(costRules.no.instalmentFee, 5_000_00).feeMinor).toBe(0);
    expect(feeFor(costRules.paycare.settlementFee, 587_84).feeMinor).toBe(36_05);
  });
});

describe('VAT', () => {
  it.each([
    [36_05, 1900, 6_85],
    [5_00, 1900, 95],
    [36_05, 0, 0],
    [1, 1900, 0],
    [3, 1900, 1],
  ])('%i at %i bp → %i', (amount, rate, vat) => {
    expect(vatOn(amount, rate)).toBe(vat);
  });
});
