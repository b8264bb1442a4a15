import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';

/** What data the portal keeps and why, and how to have it deleted: answered with the privacy policy. */
export default intentTool(
  'privacy',
  'What data the portal keeps and why, and how to have it deleted: answered with the privacy policy.',
  async (ctx) => ({
    kind: 'answer',
    intent: 'privacy',
    topic: 'privacy',
    href: '/privacy',
    alternatives: await allowedAlternatives(ctx, 'privacy'),
  }),
);
