/**
 * What a file may pay now (section 2.3 and section 6): the checkout guard, the amount of a purpose
 * and the methods with their fees. The pay-direct page, the JSON API and the payment's start read
 * the same options.
 */
import { type FileFacts } from '../../claims/facts.ts';
import { effectiveTerms } from '../../terms/file-terms.ts';
import { paymentStatusGuard, sepaGuard, type GuardDecision } from '../../claims/guards.ts';
import type { Variant } from '../../variants/config.ts';
import { allowedMethods, type AllowedPurpose } from '../allowed-methods.ts';
import { paymentConfig } from '../config.ts';
import { feeRuleOf, providerFee } from '../fees.ts';
import type { FeeRule } from '../fee-rule.ts';
import { methodKey, methods, type MethodKey } from '../methods.ts';
import { allowedPurposeOf, amountFor, type PaymentPurpose } from '../purpose.ts';

export interface MethodOption {
  key: MethodKey;
  feeMinor: number;
  /** The rule behind the fee, so that a partial payment's fee follows the amount typed. */
  feeRule: FeeRule | null;
  flow: (typeof methods)[MethodKey]['flow'];
}

export type CheckoutOptions =
  | {
      ok: true;
      facts: FileFacts;
      purpose: PaymentPurpose;
      amountMinor: number;
      currency: string;
      methods: MethodOption[];
    }
  | { ok: false; error: 'nothingToPay'; facts: FileFacts; purpose: PaymentPurpose }
  | { ok: false; error: 'guard'; decision: NonNullable<GuardDecision> };

/** Guards of section 2.3 for pay-direct: the payment-status guard for paying an agreed instalment, the SEPA guard always. */
export function checkoutGuard(facts: FileFacts, purpose: PaymentPurpose): GuardDecision {
  const sepa = sepaGuard(facts);
  if (sepa) return sepa;
  if (purpose === 'instalment' || purpose === 'remainder') return paymentStatusGuard(facts);
  return null;
}

export function checkoutOptionsFor(
  facts: FileFacts,
  variant: Variant,
  purpose: PaymentPurpose,
  today: string,
): CheckoutOptions {
  const decision = checkoutGuard(facts, purpose);
  if (decision) return { ok: false, error: 'guard', decision };
  const amountMinor = amountFor(facts, purpose, today);
  if (amountMinor === null || facts.functionsBlocked) return { ok: false, error: 'nothingToPay', facts, purpose };
  return {
    ok: true,
    facts,
    purpose,
    amountMinor,
    currency: facts.currency,
    methods: methodOptionsFor(facts, variant, allowedPurposeOf(purpose), amountMinor),
  };
}

/**
 * The methods the file may use for an allowed-methods purpose (section 6) and amount, with their
 * fees, in the variant's order: the pay-direct page's list and the JSON API's
 * GetAllowedPaymentMethods variants (an instalment plan's or an extension's methods too). The
 * file's own list for the purpose narrows the variant's (decision 103).
 */
export function methodOptionsFor(
  facts: Pick<FileFacts, 'currency' | 'functionsBlocked' | 'terms'>,
  variant: Variant,
  purpose: AllowedPurpose,
  amountMinor: number,
): MethodOption[] {
  const keys = allowedMethods({
    variantMethods: variant.paymentProviders.map(methodKey),
    purpose,
    currency: facts.currency,
    amountMinor,
    functionsBlocked: facts.functionsBlocked,
    providerOnline: paymentConfig().provider !== 'off',
    only: effectiveTerms(variant.id, facts.terms).methodLists[purpose],
  });
  return keys.map((key) => ({
    key,
    feeMinor: providerFee(variant.id, key, amountMinor),
    feeRule: feeRuleOf(variant.id, key),
    flow: methods[key].flow,
  }));
}
