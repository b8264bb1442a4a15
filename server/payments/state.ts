/**
 * The payment state machine: created → pending → paid | failed | cancelled | expired.
 * `created` is the row before the provider answered; `pending` once the provider has it (the
 * debtor is on its page, or the transfer is awaited). The four end states are final: a late
 * "approved" after a cancel or an expiry is not booked (the provider refunds it), and nothing
 * leaves `paid`.
 */
export type PaymentStatus = 'created' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

const transitions: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  created: ['pending', 'paid', 'failed', 'cancelled', 'expired'],
  pending: ['paid', 'failed', 'cancelled', 'expired'],
  paid: [],
  failed: [],
  cancelled: [],
  expired: [],
};

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return transitions[from].includes(to);
}

/** The states a move to `to` may start from (for conditional UPDATEs). */
export function sourcesOf(to: PaymentStatus): PaymentStatus[] {
  return (Object.keys(transitions) as PaymentStatus[]).filter((from) => transitions[from].includes(to));
}

export function isFinal(status: PaymentStatus): boolean {
  return transitions[status].length === 0;
}
