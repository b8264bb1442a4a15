import { offerOf } from './check.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';

/** Pay part of it now (a deposit, a down payment): the pay-direct step with the amount, when a payment is offered. */
export default intentTool(
  'pay_partial',
  'Pay a part of the amount now (a deposit, a down payment, a smaller amount): leads to paying directly with the amount.',
  async (ctx, input) =>
    (await offerOf(ctx, 'pay_partial', 'startPayment', linkOf('pay_partial', input)!)) ?? {
      kind: 'link',
      intent: 'pay_partial',
      href: linkOf('pay_partial', input)!,
      slots: input.amount ? { amount: input.amount } : {},
    },
);
