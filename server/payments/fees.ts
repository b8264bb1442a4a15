/** Provider fees (config.ts `providerFees`): pure, shown to the debtor before paying. */
import type { CountryCode, VariantId } from '../variants/config.ts';
import { variants } from '../variants/config.ts';
import { providerFees } from './config.ts';
import { feeFor, type FeeRule } from './fee-rule.ts';
import type { MethodKey } from './methods.ts';

export { feeFor, type FeeRule } from './fee-rule.ts';

/** Countries of the EU and the EEA among the variants: PSD2 applies there (Norway through the EEA). */
const eea: ReadonlySet<CountryCode> = new Set(['DE', 'AT', 'SE', 'NO']);

/**
 * Methods that are a card, a transfer or a debit, or are funded by one (wallets, instant and
 * open-banking transfers, Swish, Norwegian payment requests): in the EU/EEA no surcharge may be
 * asked of a consumer for them (PSD2 art. 62(4), § 270a BGB). Only cash at a shop remains.
 */
export function surchargeForbidden(country: CountryCode, method: MethodKey): boolean {
  return eea.has(country) && method !== '5';
}

/** The fee a debtor of this variant pays for a method; the law wins over the configuration. */
export function providerFee(
  variant: VariantId,
  method: MethodKey,
  amountMinor: number,
  table = providerFees[variant],
): number {
  if (surchargeForbidden(variants[variant].country, method)) return 0;
  return feeFor(table[method], amountMinor);
}

/** The fee rule as configured and allowed, for showing it before an amount is known (a partial payment). */
export function feeRuleOf(variant: VariantId, method: MethodKey): FeeRule | null {
  if (surchargeForbidden(variants[variant].country, method)) return null;
  return providerFees[variant][method] ?? null;
}
