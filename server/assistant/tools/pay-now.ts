import { intentTool } from './define.ts';
import { payDirectLink } from './offers.ts';

/**
 * Pay everything now (card, wallet, transfer …): the pay-direct step, when the action layer offers
 * a payment. What the file offers comes first where it changes the answer: an open settlement
 * offer (a smaller amount settles the claim; the debtor asking for a discount for paying at once
 * gets it, not the full amount), a pending down payment, the total over the debtor's files.
 */
export default intentTool(
  'pay_now',
  'Pay the full amount now, or how to pay (card, wallet, transfer, instant, cash, SEPA), or a discount for paying at once: leads to paying directly, naming an open settlement offer.',
  (ctx, input) =>
    payDirectLink(
      ctx,
      'pay_now',
      input,
      ['settlement', 'downPayment', 'otherFiles'],
      input.method ? { method: input.method } : {},
    ),
);
