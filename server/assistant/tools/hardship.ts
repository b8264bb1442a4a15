import { checkAction } from '../../actions/run.ts';
import { dashboard, deferralOffer, planOffer, turnFileContext } from './actions.ts';
import { actionContext } from './check.ts';
import { linkOf, type ToolContext } from './context.ts';
import { intentTool } from './define.ts';
import { fileOffers } from './offers.ts';
import type { Relief } from './results.ts';

/**
 * The relief a file in hardship may have, each only when the action layer would let this session
 * take it now (`checkAction`, the same rules as the screens) and with the checkout's own figures:
 * a deferral (the longest notice period the variant offers, its pay-by day and fee), a lower
 * instalment (the plan calculator's lowest monthly amount, and the one above which no proof of
 * income is needed), skipping the next instalment of a running plan.
 */
async function reliefFor(ctx: ToolContext): Promise<Relief[]> {
  if (!ctx.session) return [];
  const file = await turnFileContext(ctx);
  if (!file) return [];
  const actx = actionContext(ctx);
  const relief: Relief[] = [];
  const currency = file.facts.currency;
  if (!(await checkAction('grantDeferral', actx))) {
    const longest = Math.max(...file.rules.deferralNoticeDays);
    const offer = deferralOffer(file, longest);
    if (offer.eligibility.kind === 'allowed')
      relief.push({
        kind: 'deferral',
        payBy: offer.terms.payBy,
        feeMinor: offer.terms.feeMinor + offer.terms.vatMinor,
        currency,
        href: linkOf('pay_later', { date: offer.terms.payBy })!,
      });
  }
  if (!(await checkAction('agreePlan', actx))) {
    const offer = planOffer(file);
    if (offer.eligibility.kind === 'allowed')
      relief.push({
        kind: 'lowerInstalment',
        currency,
        minMonthlyMinor: offer.limits.absoluteMinMinor,
        regularMinMinor: offer.limits.regularMinMinor,
        href: linkOf('pay_instalments', { rate: offer.limits.absoluteMinMinor / 100 })!,
      });
  }
  if (!(await checkAction('skipInstalment', actx))) {
    const view = await dashboard(ctx);
    if (view?.nextInstalment)
      relief.push({
        kind: 'skip',
        currency,
        dueOn: view.nextInstalment.dueOn,
        amountMinor: view.nextInstalment.amountMinor,
        href: linkOf('skip_instalment')!,
      });
  }
  return relief;
}

/**
 * Hardship (job lost, illness, a death, no money for food): an answer that acknowledges it, the
 * relief the file allows with its figures, what the file already has (a deferral granted, a
 * direct debit), the hardship page, and a person in the answer itself (callback and phone with
 * the support hours, which the component adds). Never a clarifying question; a visitor gets the
 * page and the person too.
 */
export default intentTool(
  'hardship',
  'The debtor is in hardship (job loss, illness, hospital, bereavement, no money): acknowledge it, the relief the file allows, the hardship page and a person.',
  async (ctx) => ({
    kind: 'hardship',
    intent: 'hardship',
    relief: await reliefFor(ctx),
    offers: await fileOffers(ctx, ['deferral', 'directDebit', 'downPayment']),
    href: linkOf('hardship')!,
    callbackHref: '/service/contact?action=callback',
  }),
);
