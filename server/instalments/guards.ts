/**
 * Which state guards of spec 2.3 each instalment page runs (server/claims/guards.ts):
 * - `sepa`: the pages that make a new agreement (pay in instalments, pay later): with an active
 *   direct debit the status must be 22;
 * - `agreement`: the pages that act on an existing agreement (skip an instalment, the repayment
 *   plan): the payment-status guard and the SEPA guard.
 */
import type { FileFacts } from '../claims/facts.ts';
import { paymentStatusGuard, sepaGuard, type GuardDecision } from '../claims/guards.ts';

export function guardsFor(kind: 'sepa' | 'agreement', facts: FileFacts): GuardDecision {
  if (kind === 'agreement') return paymentStatusGuard(facts) ?? sepaGuard(facts);
  return sepaGuard(facts);
}
