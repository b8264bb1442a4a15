/**
 * What the chat pane opens with: a greeting built from the file's own figures (the dashboard's
 * view; never an invented one) and suggestion chips for the main intents of the file's situation.
 * A visitor gets a greeting without figures and the questions open to everyone.
 */
import type { IntentId } from '../../intents/catalogue.ts';
import { loadDashboard } from '../claims/dashboard.ts';
import type { Database } from '../db/client.ts';

export interface PaneGreeting {
  name: string | null;
  creditor: string;
  currency: string;
  openAmountMinor: number;
  nextInstalment: { dueOn: string; amountMinor: number } | null;
  deferredUntil: string | null;
}

export interface PaneState {
  greeting: PaneGreeting | null;
  suggestions: IntentId[];
}

export async function paneState(db: Database, fileId: number | null): Promise<PaneState> {
  const view = fileId === null ? null : await loadDashboard(db, fileId);
  if (!view) return { greeting: null, suggestions: ['consequences', 'claim_balance', 'human_agent', 'privacy'] };
  const f = view.flags;
  const suggestions: IntentId[] = ['claim_balance'];
  if (f.showPayInstallments) suggestions.push('pay_instalments');
  if (f.showInstallmentPlan) suggestions.push('instalment_plan');
  if (f.showPayLater) suggestions.push('pay_later');
  if (f.showSkipInstallment) suggestions.push('skip_instalment');
  if (f.showNoticeOfCompletion) suggestions.push('notice_of_completion');
  suggestions.push('already_paid', 'callback');
  const name =
    view.debtor.companyName ?? ([view.debtor.firstName, view.debtor.lastName].filter(Boolean).join(' ') || null);
  return {
    greeting: {
      name,
      creditor: view.creditor.name,
      currency: view.currency,
      openAmountMinor: view.openAmountMinor,
      nextInstalment: view.nextInstalment
        ? { dueOn: view.nextInstalment.dueOn, amountMinor: view.nextInstalment.amountMinor }
        : null,
      deferredUntil: view.status.labelKey === 'status.deferred' ? view.status.date : null,
    },
    suggestions: suggestions.slice(0, 5),
  };
}
