import { offerOf } from './check.ts';
import { allowedAlternatives, linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileOffers, withOffers } from './offers.ts';

/**
 * Pay later: a deferral is granted once only (spec 4.3). Whether the file may have one is the
 * action layer's `grantDeferral` to say. A file that already has one running is answered from
 * it: asked for a day within it ("can I pay at the end of the month?") the answer is yes, until
 * its pay-by day; asked for a later day or for no day, the refusal names the pay-by day (it is
 * granted once only) and what the file may do instead.
 */
export default intentTool(
  'pay_later',
  'Defer the payment, pay later, more time, pay on a given day: leads to pay later with the date; a deferral already granted is answered with its pay-by day.',
  async (ctx, input) => {
    const refused = await offerOf(ctx, 'pay_later', 'grantDeferral', linkOf('pay_later', input)!);
    if (refused?.kind === 'refused' && refused.reason === 'alreadyGranted' && input.date) {
      const offers = await fileOffers(ctx, ['deferral'], { askedDate: input.date });
      const running = offers[0];
      if (running?.kind === 'deferral' && running.covers === true)
        return {
          kind: 'offers',
          intent: 'pay_later',
          offers,
          alternatives: await allowedAlternatives(ctx, 'pay_later'),
        };
      return withOffers(refused, offers);
    }
    return (
      refused ?? {
        kind: 'link',
        intent: 'pay_later',
        href: linkOf('pay_later', input)!,
        slots: input.date ? { date: input.date } : {},
      }
    );
  },
);
