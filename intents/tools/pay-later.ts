import { offerOf } from './check.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';

/**
 * Pay later: a deferral is granted once only (spec 4.3). Whether the file may have one is the
 * action layer's `grantDeferral` to say: a file that had one hears that it was granted and until
 * when, and is offered what it may do instead.
 */
export default intentTool(
  'pay_later',
  'Defer the payment, pay later, more time: leads to pay later with the date, unless a deferral was already granted.',
  async (ctx, input) =>
    (await offerOf(ctx, 'pay_later', 'grantDeferral', linkOf('pay_later', input)!)) ?? {
      kind: 'link',
      intent: 'pay_later',
      href: linkOf('pay_later', input)!,
      slots: input.date ? { date: input.date } : {},
    },
);
