/**
 * A provider fee rule and its arithmetic, with no imports: the partial-payment page computes the
 * fee in the browser on the amount being typed with the same function the server charges with.
 */
export interface FeeRule {
  percentBp: number;
  fixedMinor: number;
  minMinor: number;
}

/** The fee for paying `amountMinor` with a rule; rounded half up to the minor unit. */
export function feeFor(rule: FeeRule | null | undefined, amountMinor: number): number {
  if (!rule || amountMinor <= 0) return 0;
  const share = Math.round((amountMinor * rule.percentBp) / 10_000);
  return Math.max(rule.minMinor, share + rule.fixedMinor);
}
