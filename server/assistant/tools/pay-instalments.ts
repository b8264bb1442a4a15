import { z } from 'zod';
import { planOffer, quote, turnFileContext } from './actions.ts';
import { linkOf, slotSchema } from './context.ts';
import { intentTool } from './define.ts';
import { offerOf } from './check.ts';
import type { ToolResult } from './results.ts';
import { refusal } from './rules.ts';
import { fileOffers, withOffers } from './offers.ts';

const schema = slotSchema('pay_instalments').extend({
  count: z.number().int().min(2).max(48).optional().describe('number of monthly instalments the debtor asks for'),
});

/**
 * Pay in instalments. With a monthly amount (or a number of instalments) the answer is the plan
 * the checkout's own calculator makes for it, with the server's limits, the fee and the last date,
 * and the link into the checkout's instalment step with the amount filled in. A file that may
 * not have a plan hears why (instalment error codes 1–6, a deposit or down payment first, a
 * measure running) and what it may do instead.
 */
export default intentTool(
  'pay_instalments',
  'Pay in monthly instalments: computes a repayment plan for a monthly amount (rate) or a number of instalments (count), from the first date.',
  async (ctx, input): Promise<ToolResult> => {
    // Whether a plan may be agreed is the action layer's to say (codes 1–6, a deposit or down payment first, a measure).
    const refused = await offerOf(ctx, 'pay_instalments', 'agreePlan');
    if (refused?.kind === 'refused' && (refused.reason === 'depositFirst' || refused.reason === 'downPaymentFirst'))
      // The deposit or down payment with the step that pays it, not only the refusal.
      return withOffers(refused, await fileOffers(ctx, ['deposit', 'downPayment']));
    if (refused && !(refused.kind === 'refused' && refused.reason === 'continuePending')) return refused;
    const file = await turnFileContext(ctx);
    if (!file) return refusal(ctx, 'pay_instalments', 'codeApi');
    const offer = planOffer(file);
    const e = offer.eligibility;
    const currency = offer.currency;
    const link = (rate?: number, firstDate?: string) => linkOf('pay_instalments', { rate, firstDate })!;
    if (e.kind === 'continuePending' || (input.rate === undefined && input.count === undefined)) {
      return {
        kind: 'link',
        intent: 'pay_instalments',
        href: link(undefined, input.firstDate),
        slots: input.firstDate ? { firstDate: input.firstDate } : {},
      };
    }
    const monthlyMinor =
      input.rate !== undefined
        ? Math.round(input.rate * 100)
        : Math.ceil(offer.costs.totalMinor / input.count! / 100) * 100;
    const inRange =
      input.firstDate && input.firstDate >= offer.firstDue.earliest && input.firstDate <= offer.firstDue.latest;
    const firstDueOn = inRange ? input.firstDate! : offer.firstDue.earliest;
    const result = quote(file, monthlyMinor, firstDueOn);
    if (!result.ok) {
      if (result.error === 'tooLow')
        return refusal(ctx, 'pay_instalments', 'rateTooLow', { amountMinor: offer.limits.absoluteMinMinor, currency });
      if (result.error === 'tooHigh')
        return refusal(ctx, 'pay_instalments', 'rateTooHigh', { amountMinor: offer.limits.maxMinor, currency });
      return refusal(ctx, 'pay_instalments', 'codeDefault');
    }
    const last = result.plan.rows[result.plan.rows.length - 1]!;
    return {
      kind: 'proposal',
      currency,
      rateMinor: result.plan.monthlyMinor,
      count: result.plan.instalmentCount,
      feeMinor: result.costs.feeMinor + result.costs.expensesMinor + result.costs.vatMinor,
      totalMinor: result.plan.totalMinor,
      firstDueOn,
      lastDueOn: last.dueOn,
      lastMinor: last.amountMinor,
      proofRequired: result.proofRequired,
      href: link(monthlyMinor / 100, inRange ? firstDueOn : undefined),
    };
  },
  schema,
);
