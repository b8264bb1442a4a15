import { intentTool } from './define.ts';
import { payDirectLink } from './offers.ts';

/**
 * Pay part of it now (a deposit, a down payment): the pay-direct step with the amount, when a
 * payment is offered. A down payment already agreed, a deposit a new plan needs and an open
 * settlement offer are named with their amounts and the step that pays each.
 */
export default intentTool(
  'pay_partial',
  'Pay a part of the amount now (a deposit, a down payment, a smaller amount): leads to paying directly with the amount, naming a pending down payment or a required deposit.',
  (ctx, input) =>
    payDirectLink(
      ctx,
      'pay_partial',
      input,
      ['downPayment', 'deposit', 'settlement'],
      input.amount ? { amount: input.amount } : {},
    ),
);
