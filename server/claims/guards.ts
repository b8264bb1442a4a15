/**
 * Route guards that depend on the claim's state (spec 2.3). They return where to send the
 * debtor instead, or null to let them in; the routes of the payment journeys call them in their
 * loaders and actions (the "state enforcer" pattern).
 */
import type { FileFacts } from './facts.ts';

export type GuardDecision = null | { to: '/dashboard'; reason: 'statusOpen' | 'status20' | 'sepaActive' };

function sepaActive(facts: FileFacts): boolean {
  return facts.plan?.status === 'active' && facts.plan.isSepa && !facts.plan.sepaFailed;
}

/**
 * Payment-status guard: on status 20 only an instalment case without active SEPA, a deferred
 * case or a case with a cancelled instalment may enter; on status 1 (nothing agreed yet) the
 * debtor goes to the dashboard. Used by the pages that act on an existing agreement
 * (skip instalment, repayment plan, paying the current instalment).
 */
export function paymentStatusGuard(facts: FileFacts): GuardDecision {
  if (facts.statusCode === '1') return { to: '/dashboard', reason: 'statusOpen' };
  if (facts.statusCode === '20') {
    const instalmentWithoutSepa = facts.plan?.status === 'active' && !sepaActive(facts);
    const deferred = facts.deferral !== null;
    const cancelledInstalment = facts.plan?.status === 'cancelled';
    if (!instalmentWithoutSepa && !deferred && !cancelledInstalment) return { to: '/dashboard', reason: 'status20' };
  }
  return null;
}

/** SEPA guard: with an active direct debit the status must be 22, otherwise back to the dashboard. */
export function sepaGuard(facts: FileFacts): GuardDecision {
  return sepaActive(facts) && facts.statusCode !== '22' ? { to: '/dashboard', reason: 'sepaActive' } : null;
}
