import { offerOf } from './check.ts';
import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';

/** A paid-in-full letter: requested on the dashboard once the claim is settled (the action layer decides when). */
export default intentTool(
  'notice_of_completion',
  'Confirm that the claim is settled, a paid-in-full letter (notice of completion).',
  async (ctx) =>
    (await offerOf(ctx, 'notice_of_completion', 'requestNoticeOfCompletion', '/dashboard')) ?? {
      kind: 'answer',
      intent: 'notice_of_completion',
      topic: 'notice',
      href: '/dashboard',
      alternatives: await allowedAlternatives(ctx, 'notice_of_completion'),
    },
);
