import { offerOf } from './check.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileOffers, withOffers } from './offers.ts';

/**
 * Pay part of it now (a deposit, a down payment): the pay-direct step with the amount, when a
 * payment is offered. A down payment already agreed, a deposit a new plan needs and an open
 * settlement offer are named with their amounts and the step that pays each.
 */
export default intentTool(
  'pay_partial',
  'Pay a part of the amount now (a deposit, a down payment, a smaller amount): leads to paying directly with the amount, naming a pending down payment or a required deposit.',
  async (ctx, input) => {
    const refused = await offerOf(ctx, 'pay_partial', 'startPayment', linkOf('pay_partial', input)!);
    const offers = await fileOffers(ctx, ['downPayment', 'deposit', 'settlement']);
    if (refused) return refused.kind === 'refused' ? withOffers(refused, offers) : refused;
    return withOffers(
      {
        kind: 'link',
        intent: 'pay_partial',
        href: linkOf('pay_partial', input)!,
        slots: input.amount ? { amount: input.amount } : {},
      },
      offers,
    );
  },
);
