import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileState, refusal } from './rules.ts';

/** Pay everything now (card, wallet, transfer …): the pay-direct step, when the file allows it. */
export default intentTool(
  'pay_now',
  'Pay the full amount now, or how to pay (card, wallet, transfer, instant, cash, SEPA): leads to paying directly.',
  async (ctx, input) => {
    const state = await fileState(ctx, 'pay_now');
    if (state.refused) return state.refused;
    if (!state.view.flags.showPayDirect) return refusal(ctx, 'pay_now', 'nothingToPay');
    return {
      kind: 'link',
      intent: 'pay_now',
      href: linkOf('pay_now', input)!,
      slots: input.method ? { method: input.method } : {},
    };
  },
);
