/**
 * The instalment wizard's journey (/checkout/pay-installments, spec 2.5): which page a debtor sees
 * for the file's state and the choices carried in the address, and where a choice that no longer
 * holds sends them back to. The page only presents what this answers; the address codec is the
 * page's (app/routes/$portal.checkout.pay-installments/address.ts).
 */
import { getDatabase } from '../db/client.ts';
import type { ActiveSession } from '../auth/session.ts';
import type { FileContext } from './context.ts';
import { latestMandate } from './mandate.ts';
import { checkMonthly, errorKey } from './plan.ts';
import { loadPlan } from './plan-view.ts';
import { planOffer, quotePlan } from './plans.ts';
import type { WizardChoices, WizardStep } from './wizard-steps.ts';

/** Where the journey sends a debtor whose carried choice no longer holds. */
export interface WizardRedirect {
  view: 'redirect';
  to: 'dashboard' | { step: WizardStep; choices: WizardChoices };
}

/**
 * The page for the file's state and the address: the summary of the plan made; why no plan is
 * possible; the deposit, down payment or proof of income that comes first; continuing a pending
 * plan; else the flow's step, the amount and date re-checked against the file's limits.
 */
export async function wizardPage(
  session: Pick<ActiveSession, 'fileId'>,
  ctx: FileContext,
  requested: WizardStep,
  c: WizardChoices,
) {
  const db = await getDatabase();
  const offer = planOffer(ctx);
  const holder = ctx.debtor.accountHolder ?? ctx.debtor.name;

  // The summary after an agreement reads the plan that was made.
  if (requested === 'summary') {
    const plan = await loadPlan(db, session.fileId);
    if (plan) {
      const mandate = plan.isSepa ? await latestMandate(db, session) : null;
      return { view: 'summary' as const, plan, mandateReference: mandate?.mandateReference ?? null };
    }
  }

  const e = offer.eligibility;
  if (e.kind === 'refused') return { view: 'refused' as const, code: e.code, messageKey: errorKey(e.code) };
  if (e.kind === 'depositFirst') return { view: 'deposit' as const, amountMinor: e.amountMinor };
  if (e.kind === 'downPaymentFirst')
    return {
      view: 'downPayment' as const,
      amountMinor: e.amountMinor,
      dueOn: ctx.facts.downPayment?.dueOn ?? null,
      plan: await loadPlan(db, session.fileId),
    };
  if (e.kind === 'awaitingProof') return { view: 'awaitingProof' as const, plan: await loadPlan(db, session.fileId) };
  if (e.kind === 'continuePending') {
    const plan = await loadPlan(db, session.fileId);
    if (!plan) return { view: 'redirect', to: 'dashboard' } satisfies WizardRedirect;
    const step = requested === 'mandate' && c.method === '3' ? ('mandate' as const) : ('method' as const);
    return { view: 'continue' as const, plan, step, holder };
  }

  const flow = {
    view: 'flow' as const,
    costs: offer.costs,
    limits: offer.limits,
    firstDue: offer.firstDue,
    carried: c,
    holder,
  };
  if (requested === 'amount' || !c.monthly) return { ...flow, step: 'amount' as const };
  const check = checkMonthly(offer.limits, c.monthly);
  if (!check.ok || (check.proofRequired && !c.proof))
    return { view: 'redirect', to: { step: 'amount', choices: c } } satisfies WizardRedirect;
  if (requested === 'date' || !c.first) return { ...flow, step: 'date' as const };
  const quote = quotePlan(ctx, { monthlyMinor: c.monthly, firstDueOn: c.first });
  if (!quote.ok) return { view: 'redirect', to: { step: 'date', choices: c } } satisfies WizardRedirect;
  if (requested === 'overview') return { ...flow, step: 'overview' as const, quote };
  if (requested === 'mandate' && c.method === '3') return { ...flow, step: 'mandate' as const, quote };
  return { ...flow, step: 'method' as const, quote };
}
