/** Provider fees (config.ts `providerFees`): pure, shown to the debtor before paying. */
import { providerFees, type FeeRule } from './config.ts';
import type { MethodKey } from './methods.ts';

/** The fee for paying `amountMinor` with a rule; rounded half up to the minor unit. */
export function feeFor(rule: FeeRule | undefined, amountMinor: number): number {
  if (!rule || amountMinor <= 0) return 0;
  const share = Math.round((amountMinor * rule.percentBp) / 10_000);
  return Math.max(rule.minMinor, share + rule.fixedMinor);
}

export function providerFee(method: MethodKey, amountMinor: number, rules: Readonly<Partial<Record<MethodKey, FeeRule>>> = providerFees): number {
  return feeFor(rules[method], amountMinor);
}
