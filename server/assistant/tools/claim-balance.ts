import { breakdown, dashboard } from './actions.ts';
import { allowedAlternatives, linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileOffers } from './offers.ts';

/**
 * How much is owed and why: the dashboard's open amount (the same function, so the same figure),
 * what is due now, the next instalment, and for a fully signed-in debtor the claim information's
 * breakdown (main claim, interest, costs, payments), and what the file offers (the total over the
 * debtor's files, a settlement offer, a down payment or deposit, a direct debit, a deferral, documents asked for).
 */
export default intentTool(
  'claim_balance',
  'How much the debtor owes, why this amount, the total: the open amount from the file with its breakdown.',
  async (ctx) => {
    const file = ctx.session!;
    const view = await dashboard(ctx);
    if (!view) return { kind: 'refused', intent: 'claim_balance', reason: 'noFile', params: {}, alternatives: [] };
    const full = file.level === 'full';
    return {
      kind: 'balance',
      currency: view.currency,
      openAmountMinor: view.openAmountMinor,
      asOf: view.asOf,
      creditor: view.creditor.name,
      breakdown: full ? await breakdown(ctx) : null,
      breakdownNeedsPassword: !full,
      dueNow:
        view.amountToPay.kind === 'openAmount' || view.amountToPay.kind === 'nothing'
          ? null
          : { kind: view.amountToPay.kind, amountMinor: view.amountToPay.amountMinor },
      nextInstalment: view.nextInstalment
        ? { dueOn: view.nextInstalment.dueOn, amountMinor: view.nextInstalment.amountMinor }
        : null,
      href: linkOf('claim_balance')!,
      alternatives: (await allowedAlternatives(ctx, 'claim_balance')).slice(0, 4),
      offers: await fileOffers(ctx, [
        'otherFiles',
        'settlement',
        'downPayment',
        'deposit',
        'directDebit',
        'deferral',
        'documents',
      ]),
    };
  },
);
