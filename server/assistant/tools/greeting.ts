import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';

/** A greeting: answered with a greeting and the main things the assistant can do for this file. */
export default intentTool(
  'greeting',
  'A greeting: answered with a greeting and the main things the assistant can do for this file.',
  async (ctx) => ({
    kind: 'answer',
    intent: 'greeting',
    topic: 'greeting',
    href: null,
    alternatives: await allowedAlternatives(ctx, 'greeting'),
  }),
);
