import { offerOf } from './check.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';

/** Pay everything now (card, wallet, transfer …): the pay-direct step, when the action layer offers a payment. */
export default intentTool(
  'pay_now',
  'Pay the full amount now, or how to pay (card, wallet, transfer, instant, cash, SEPA): leads to paying directly.',
  async (ctx, input) =>
    (await offerOf(ctx, 'pay_now', 'startPayment', linkOf('pay_now', input)!)) ?? {
      kind: 'link',
      intent: 'pay_now',
      href: linkOf('pay_now', input)!,
      slots: input.method ? { method: input.method } : {},
    },
);
