import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';

/** Thanks or goodbye: a short closing, with a person still offered. */
export default intentTool(
  'thanks_goodbye',
  'Thanks or goodbye: a short closing, with a person still offered.',
  async (ctx) => ({
    kind: 'answer',
    intent: 'thanks_goodbye',
    topic: 'goodbye',
    href: null,
    alternatives: await allowedAlternatives(ctx, 'thanks_goodbye'),
  }),
);
