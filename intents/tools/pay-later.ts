import { deferralOffer, fileContext } from './actions.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileState, refusal } from './rules.ts';

/**
 * Pay later: a deferral is granted once only (spec 4.3). A file that had one hears that it was
 * granted and until when, and is offered what it may do instead.
 */
export default intentTool(
  'pay_later',
  'Defer the payment, pay later, more time: leads to pay later with the date, unless a deferral was already granted.',
  async (ctx, input) => {
    const state = await fileState(ctx, 'pay_later');
    if (state.refused) return state.refused;
    if (state.view.amountToPay.situation === 'measure') return refusal(ctx, 'pay_later', 'measureRunning');
    const file = await fileContext(ctx.db, ctx.session!, ctx.today);
    if (!file) return refusal(ctx, 'pay_later', 'deferralNotPossible');
    const e = deferralOffer(file).eligibility;
    if (e.kind === 'alreadyGranted') return refusal(ctx, 'pay_later', 'deferralAlreadyGranted', { date: e.payBy });
    if (e.kind === 'notPossible') return refusal(ctx, 'pay_later', 'deferralNotPossible');
    return {
      kind: 'link',
      intent: 'pay_later',
      href: linkOf('pay_later', input)!,
      slots: input.date ? { date: input.date } : {},
    };
  },
);
