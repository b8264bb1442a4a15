import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileState, refusal } from './rules.ts';

/** Pay part of it now (a deposit, a down payment): the pay-direct step with the amount, when allowed. */
export default intentTool(
  'pay_partial',
  'Pay a part of the amount now (a deposit, a down payment, a smaller amount): leads to paying directly with the amount.',
  async (ctx, input) => {
    const state = await fileState(ctx, 'pay_partial');
    if (state.refused) return state.refused;
    const f = state.view.flags;
    if (!f.showPayPartialPayment && !f.showPayDirect) return refusal(ctx, 'pay_partial', 'nothingToPay');
    return {
      kind: 'link',
      intent: 'pay_partial',
      href: linkOf('pay_partial', input)!,
      slots: input.amount ? { amount: input.amount } : {},
    };
  },
);
