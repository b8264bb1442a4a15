import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';

/** The debtor wants a person: the phone number with the support hours, and a callback or a message. */
export default intentTool(
  'human_agent',
  'The debtor wants a person: the phone number with the support hours, and a callback or a message.',
  async (ctx) => ({
    kind: 'answer',
    intent: 'human_agent',
    topic: 'human',
    href: null,
    alternatives: await allowedAlternatives(ctx, 'human_agent'),
  }),
);
