import { fileContext, skipOffered } from './actions.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileState, refusal } from './rules.ts';

/** Skip this month's instalment: offered rarely (once, not when overdue; spec 4.3). */
export default intentTool(
  'skip_instalment',
  "Skip or postpone this month's instalment of a running plan.",
  async (ctx) => {
    const state = await fileState(ctx, 'skip_instalment');
    if (state.refused) return state.refused;
    const file = await fileContext(ctx.db, ctx.session!, ctx.today);
    if (!file?.facts.plan || file.facts.plan.status !== 'active') return refusal(ctx, 'skip_instalment', 'noPlan');
    if (!skipOffered(file)) return refusal(ctx, 'skip_instalment', 'skipNotOffered');
    return { kind: 'link', intent: 'skip_instalment', href: linkOf('skip_instalment')!, slots: {} };
  },
);
