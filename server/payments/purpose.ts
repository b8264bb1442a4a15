/**
 * What a pay-direct call pays (section 2.1 /checkout/pay-direct with downpayment=true,
 * installment=true, deposit, offer and partial; section 9 "Amount to pay priority"). Pure.
 */
import { isSpecialOfferValid } from '../claims/rules.ts';
import type { FileFacts } from '../claims/facts.ts';
import type { AllowedPurpose } from './allowed-methods.ts';

export type PaymentPurpose = 'openAmount' | 'remainder' | 'downPayment' | 'instalment' | 'deposit' | 'specialOffer' | 'partial';

/** The purpose named by the query string; plain pay-direct pays the open amount (with an active plan: the remainder). */
export function purposeFromQuery(query: URLSearchParams, facts: Pick<FileFacts, 'plan'>): PaymentPurpose {
  const on = (name: string) => query.get(name) === 'true';
  if (on('downpayment')) return 'downPayment';
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

const finished = new Set(['2a', '3', '3a']);

/** The deposit still to pay (section 9: "Deposit amounts rounded to 2 decimals" — minor units already are). */
function depositDue(facts: FileFacts): number {
  if (facts.deposit?.status === 'pending' && facts.deposit.amountMinor > 0) return facts.deposit.amountMinor;
  if (facts.deposit?.status === 'paid') return 0;
  return Math.max(0, facts.depositRequiredMinor ?? 0);
}

/**
 * The amount for a purpose, or null when the file has nothing to pay for it (no pending down
 * payment, no active plan, an expired offer …). `partial` gives the upper limit (the open amount).
 */
export function amountFor(facts: FileFacts, purpose: PaymentPurpose, today: string): number | null {
  const open = Math.max(0, facts.totalMinor);
  if (finished.has(facts.statusCode) || open <= 0) return null;
  switch (purpose) {
    case 'downPayment':
      return facts.downPayment?.status === 'pending' && facts.downPayment.amountMinor > 0 ? facts.downPayment.amountMinor : null;
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

export type PartialCheck = { ok: true; amountMinor: number } | { ok: false; error: 'tooLow' | 'tooHigh' | 'format' };

/** Parses a partial amount the debtor typed ("12,50", "12.5", "1.234,56"): at least 0.01, at most the open amount. */
export function parsePartialAmount(text: string, maxMinor: number): PartialCheck {
  const cleaned = text.replace(/\s|'/g, '');
  let normal: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(cleaned)) normal = cleaned.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(cleaned)) normal = cleaned.replace(/,/g, '');
  else if (/^\d+([.,]\d{1,2})?$/.test(cleaned)) normal = cleaned.replace(',', '.');
  else return { ok: false, error: 'format' };
  const [whole, fraction = ''] = normal.split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return { ok: false, error: 'format' };
  if (minor < 1) return { ok: false, error: 'tooLow' };
  if (minor > maxMinor) return { ok: false, error: 'tooHigh' };
  return { ok: true, amountMinor: minor };
}
