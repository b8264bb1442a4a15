import { noticeState } from './actions.ts';
import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';
import { fileState, refusal } from './rules.ts';

/** A paid-in-full letter: requested on the dashboard once the claim is settled. */
export default intentTool(
  'notice_of_completion',
  'Confirm that the claim is settled, a paid-in-full letter (notice of completion).',
  async (ctx) => {
    const state = await fileState(ctx, 'notice_of_completion');
    if (state.refused) return state.refused;
    const notice = await noticeState(ctx.db, ctx.session!, ctx.today);
    if (!notice?.available) return refusal(ctx, 'notice_of_completion', 'noticeNotAvailable');
    return {
      kind: 'answer',
      intent: 'notice_of_completion',
      topic: 'notice',
      href: '/dashboard',
      alternatives: await allowedAlternatives(ctx, 'notice_of_completion'),
    };
  },
);
