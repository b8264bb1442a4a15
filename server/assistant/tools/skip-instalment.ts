import { offerOf } from './check.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileOffers, withOffers } from './offers.ts';

/**
 * Skip this month's instalment: offered rarely (once, not when overdue; spec 4.3), as the action
 * layer decides. A running direct debit is named with its next amount and day ("stop the direct
 * debit this month"), beside the skip or beside the refusal and what the file allows instead.
 */
export default intentTool(
  'skip_instalment',
  "Skip or postpone this month's instalment of a running plan, or stop this month's direct debit.",
  async (ctx) => {
    const refused = await offerOf(ctx, 'skip_instalment', 'skipInstalment');
    const offers = await fileOffers(ctx, ['directDebit']);
    if (refused) return refused.kind === 'refused' ? withOffers(refused, offers) : refused;
    return withOffers({ kind: 'link', intent: 'skip_instalment', href: linkOf('skip_instalment')!, slots: {} }, offers);
  },
);
