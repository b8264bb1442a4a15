/**
 * What a pay-direct call pays (section 2.1 /checkout/pay-direct with downpayment=true,
 * installment=true, deposit, offer and partial; section 9 "Amount to pay priority"). Pure.
 */
import { depositDue, isFinished, isSpecialOfferValid } from '../claims/rules.ts';
import type { FileFacts } from '../claims/facts.ts';
import type { AllowedPurpose } from './allowed-methods.ts';

export type PaymentPurpose =
  'openAmount' | 'remainder' | 'downPayment' | 'instalment' | 'deposit' | 'specialOffer' | 'partial';

/** The purpose named by the query string; plain pay-direct pays the open amount (with an active plan: the remainder). */
export function purposeFromQuery(
  query: URLSearchParams,
  facts: Pick<FileFacts, 'plan' | 'downPayment'>,
): PaymentPurpose {
  const on = (name: string) => query.get(name) === 'true';
  // A file with no down payment of its own: "a down payment" is a partial payment of the debtor's
  // choosing (intents.md, pay_partial: /checkout/pay-direct?downpayment=true&amount=200).
  if (on('downpayment')) return facts.downPayment ? 'downPayment' : 'partial';
  if (on('installment')) return 'instalment';
  if (on('deposit')) return 'deposit';
  if (on('offer')) return 'specialOffer';
  if (on('partial')) return 'partial';
  return facts.plan?.status === 'active' ? 'remainder' : 'openAmount';
}

/** The query string that names a purpose again (for links between the steps). */
export function queryOf(purpose: PaymentPurpose): string {
  const names: Record<PaymentPurpose, string> = {
    openAmount: '',
    remainder: '',
    downPayment: 'downpayment=true',
    instalment: 'installment=true',
    deposit: 'deposit=true',
    specialOffer: 'offer=true',
    partial: 'partial=true',
  };
  return names[purpose];
}

/** The allowed-methods purpose (section 6) a payment purpose is checked against. */
export function allowedPurposeOf(purpose: PaymentPurpose): AllowedPurpose {
  switch (purpose) {
    case 'instalment':
      return 'instalments';
    case 'specialOffer':
      return 'specialDeal';
    case 'partial':
      return 'partialPayment';
    default:
      return 'normal';
  }
}

/**
 * The amount for a purpose, or null when the file has nothing to pay for it (no pending down
 * payment, no active plan, an expired offer …). `partial` gives the upper limit (the open amount).
 */
export function amountFor(facts: FileFacts, purpose: PaymentPurpose, today: string): number | null {
  const open = Math.max(0, facts.totalMinor);
  if (isFinished(facts.statusCode) || open <= 0) return null;
  switch (purpose) {
    case 'downPayment':
      return facts.downPayment?.status === 'pending' && facts.downPayment.amountMinor > 0
        ? facts.downPayment.amountMinor
        : null;
    case 'instalment': {
      const next = facts.plan?.status === 'active' ? facts.plan.next : null;
      return next && next.amountMinor > 0 ? Math.min(next.amountMinor, open) : null;
    }
    case 'deposit': {
      const due = depositDue(facts);
      return due > 0 ? Math.min(due, open) : null;
    }
    case 'specialOffer':
      return isSpecialOfferValid(facts.specialOffer, today) ? facts.specialOffer.amountMinor : null;
    case 'remainder':
    case 'openAmount':
    case 'partial':
      return open;
  }
}
