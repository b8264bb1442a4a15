import type { FileOffer } from './results.ts';
import { offerOf } from './check.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileOffers, withOffers } from './offers.ts';

/**
 * Pay everything now (card, wallet, transfer …): the pay-direct step, when the action layer offers
 * a payment. What the file offers comes first where it changes the answer: an open settlement
 * offer (a smaller amount settles the claim; the debtor asking for a discount for paying at once
 * gets it, not the full amount), a pending down payment, the total over the debtor's files.
 */
export default intentTool(
  'pay_now',
  'Pay the full amount now, or how to pay (card, wallet, transfer, instant, cash, SEPA), or a discount for paying at once: leads to paying directly, naming an open settlement offer.',
  async (ctx, input) => {
    const refused = await offerOf(ctx, 'pay_now', 'startPayment', linkOf('pay_now', input)!);
    const offers: FileOffer[] = await fileOffers(ctx, ['settlement', 'downPayment', 'otherFiles']);
    if (refused) return refused.kind === 'refused' ? withOffers(refused, offers) : refused;
    return withOffers(
      {
        kind: 'link',
        intent: 'pay_now',
        href: linkOf('pay_now', input)!,
        slots: input.method ? { method: input.method } : {},
      },
      offers,
    );
  },
);
