import { plan } from './actions.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileState, refusal } from './rules.ts';

/** The repayment plan: the next rate and what remains, from the stored plan. */
export default intentTool(
  'instalment_plan',
  'Show the repayment plan, when the next instalment is due, send the plan.',
  async (ctx) => {
    const state = await fileState(ctx, 'instalment_plan');
    if (state.refused) return state.refused;
    const stored = await plan(ctx.db, ctx.session!);
    if (!stored) return refusal(ctx, 'instalment_plan', 'noPlan');
    const open = stored.rows.filter((r) => !r.paid && !r.skipped);
    return {
      kind: 'plan',
      currency: state.view.currency,
      next: open[0] ? { dueOn: open[0].dueOn, amountMinor: open[0].amountMinor } : null,
      remainingMinor: open.reduce((sum, r) => sum + r.amountMinor, 0),
      monthlyMinor: stored.monthlyMinor,
      instalmentCount: stored.instalmentCount,
      href: linkOf('instalment_plan')!,
    };
  },
);
