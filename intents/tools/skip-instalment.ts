import { offerOf } from './check.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';

/** Skip this month's instalment: offered rarely (once, not when overdue; spec 4.3), as the action layer decides. */
export default intentTool(
  'skip_instalment',
  "Skip or postpone this month's instalment of a running plan.",
  async (ctx) =>
    (await offerOf(ctx, 'skip_instalment', 'skipInstalment')) ?? {
      kind: 'link',
      intent: 'skip_instalment',
      href: linkOf('skip_instalment')!,
      slots: {},
    },
);
