/** Announce a payment already made, with its receipts (pending upload ids). Full login only (decision 018). */
import { announceReading, storeAnnouncedPayment } from '../payments-announced/announce.ts';
import { receiptsStep } from '../payments-announced/schema.ts';
import { debtorContext, defineAction, ok, refuse } from './define.ts';

export const announcePayment = defineAction({
  name: 'announcePayment',
  description:
    'Tell the agency about a payment already made: payee, date, amount (as the page reads it), payer, receipts.',
  level: 'full',
  // Amounts are read as the debtor's page shows them: their language with the file's country and currency.
  input: ({ file, ctx }) => receiptsStep(announceReading(file.variant, file.facts.currency, ctx.locale)),
  async handler(input, scope) {
    const result = await storeAnnouncedPayment(scope.ctx.db, debtorContext(scope), input);
    if (result.ok) return ok({ id: result.id });
    return refuse(result.problem === 'invalid' ? 'notPossible' : result.problem);
  },
});
