import { minorToInput } from '../../money/amount-input.ts';
import { announceDefaults } from './actions.ts';
import { linkOf, toMinor } from './context.ts';
import { intentTool } from './define.ts';

/**
 * The debtor already paid: the announce-payment screen's first two steps (payee, payment data)
 * inline, with the date and amount said filled in. The form posts to the screen's own action
 * (its step 20: the same schema and field errors), which continues with the receipts step.
 */
export default intentTool(
  'already_paid',
  'The debtor already paid: offers announcing the payment, with its date and amount when given.',
  async (ctx, input) => {
    const href = linkOf('already_paid', input)!;
    const defaults = ctx.session ? await announceDefaults(ctx.db, ctx.session, ctx.variant) : null;
    if (!defaults) return { kind: 'link', intent: 'already_paid', href, slots: {} };
    const prefill: Record<string, string> = { payerName: defaults.payerName };
    if (input.date) prefill.paidOn = input.date;
    if (input.amount)
      prefill.amount = minorToInput(toMinor(input.amount), `${ctx.language}-${ctx.variant.country}`, defaults.currency);
    return {
      kind: 'form',
      form: 'announce',
      intent: 'already_paid',
      action: '/announce-payment',
      prefill,
      choices: { payees: defaults.payees, currency: defaults.currency },
      href,
    };
  },
);
