/**
 * Fees of agreements (spec section 9): the settlement fee and the instalment fee are "factor 0.7
 * of a fee-schedule item, on a basis reduced to 50 percent of the claim". In Germany the fee
 * schedule is the statutory table of the RVG (Anlage 2 zu § 13 Abs. 1 RVG) as in force since
 * 1 June 2025 (KostBRÄG 2025). Other variants use their own configured rule (config.ts).
 *
 * Money is in minor units (cents); nothing here uses floating-point money except the half cent
 * of a 50 % basis, which is compared exactly.
 */

/** One stretch of the step rule of § 13 Abs. 1 RVG: up to `untilMinor`, each started `everyMinor` adds `addMinor`. */
export interface TableStep {
  untilMinor: number;
  everyMinor: number;
  addMinor: number;
}

export interface StatutoryTable {
  id: string;
  /** The fee for a value up to `baseUntilMinor`. */
  baseFeeMinor: number;
  baseUntilMinor: number;
  /** In ascending order; the last step has `untilMinor: Infinity`. */
  steps: readonly TableStep[];
}

/**
 * RVG Anlage 2 as in force since 1 June 2025: up to 500 EUR 51.50 EUR; then per started
 * 500 EUR up to 2,000 EUR +41.50; per 1,000 EUR up to 10,000 EUR +59.50; per 3,000 EUR up to
 * 25,000 EUR +55.00; per 5,000 EUR up to 50,000 EUR +86.00; per 15,000 EUR up to 200,000 EUR
 * +99.50; per 30,000 EUR up to 500,000 EUR +140.00; above 500,000 EUR per 50,000 EUR +175.00.
 * This reproduces every printed value of the Anlage (e.g. 13,000 → 707.00, 50,000 → 1,357.00,
 * 65,000 → 1,456.50, 200,000 → 2,352.00, 230,000 → 2,492.00, 500,000 → 3,752.00).
 */
export const rvg2025: StatutoryTable = {
  id: 'RVG Anlage 2 (ab 1. Juni 2025)',
  baseFeeMinor: 51_50,
  baseUntilMinor: 500_00,
  steps: [
    { untilMinor: 2_000_00, everyMinor: 500_00, addMinor: 41_50 },
    { untilMinor: 10_000_00, everyMinor: 1_000_00, addMinor: 59_50 },
    { untilMinor: 25_000_00, everyMinor: 3_000_00, addMinor: 55_00 },
    { untilMinor: 50_000_00, everyMinor: 5_000_00, addMinor: 86_00 },
    { untilMinor: 200_000_00, everyMinor: 15_000_00, addMinor: 99_50 },
    { untilMinor: 500_000_00, everyMinor: 30_000_00, addMinor: 140_00 },
    { untilMinor: Number.POSITIVE_INFINITY, everyMinor: 50_000_00, addMinor: 175_00 },
  ],
};

/**
 * The table value for a value in minor units ("bis … Euro" includes the limit; every started
 * step counts). The value may carry half a cent (50 % of an odd claim); it is compared exactly.
 */
export function tableFee(valueMinor: number, table: StatutoryTable = rvg2025): number {
  if (!(valueMinor >= 0)) throw new RangeError('value must be a non-negative number');
  let fee = table.baseFeeMinor;
  let from = table.baseUntilMinor;
  for (const step of table.steps) {
    if (valueMinor <= from) break;
    const upTo = Math.min(valueMinor, step.untilMinor);
    fee += Math.ceil((upTo - from) / step.everyMinor) * step.addMinor;
    from = step.untilMinor;
  }
  return fee;
}

/** A fee rule as configuration (per variant and kind of agreement). */
export type FeeRule =
  | { kind: 'none' }
  /** factor × table(basis % of the claim), rounded half up to the minor unit. */
  | { kind: 'statutoryTable'; table: StatutoryTable; factorPermille: number; basisPercent: number }
  | { kind: 'flat'; amountMinor: number };

/** 0.7 of the RVG table value on 50 % of the claim (section 9). */
export const rvgFactorRule: FeeRule = { kind: 'statutoryTable', table: rvg2025, factorPermille: 700, basisPercent: 50 };

export interface FeeBreakdown {
  feeMinor: number;
  /** For the statutory rule: the basis (rounded half up to the minor unit, for display) and the table value. */
  basisMinor?: number;
  tableValueMinor?: number;
}

/** The fee a rule gives for a claim (minor units). 587.84 EUR → basis 293.92 → 51.50 → 36.05 EUR. */
export function feeFor(rule: FeeRule, claimMinor: number): FeeBreakdown {
  switch (rule.kind) {
    case 'none':
      return { feeMinor: 0 };
    case 'flat':
      return { feeMinor: rule.amountMinor };
    case 'statutoryTable': {
      const basis = (Math.max(0, claimMinor) * rule.basisPercent) / 100;
      const tableValueMinor = tableFee(basis, rule.table);
      // Integer arithmetic: factor in permille, half up.
      const feeMinor = Math.floor((tableValueMinor * rule.factorPermille + 500) / 1000);
      return { feeMinor, basisMinor: Math.round(basis), tableValueMinor };
    }
  }
}

/** VAT on an amount, rate in basis points (1900 = 19 %), rounded half up. */
export function vatOn(amountMinor: number, rateBp: number): number {
  return Math.floor((amountMinor * rateBp + 5000) / 10000);
}
