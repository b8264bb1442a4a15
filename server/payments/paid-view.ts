/**
 * A paid payment as the debtor's confirmation page shows it and the agency's `payment.paid` event
 * reports it: its id, method, purpose, amount and fee in minor units, and when it was paid.
 */
import type { PaymentRow } from './booking.ts';

export function paidPaymentView(payment: PaymentRow) {
  return {
    id: payment.id,
    method: payment.providerId,
    purpose: payment.purpose,
    amountMinor: payment.amountMinor,
    feeMinor: payment.feeMinor,
    currency: payment.currency,
    paidAt: (payment.paidAt ?? new Date()).toISOString(),
  };
}
