import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';

/** Anything the portal does not handle: a polite answer with the main options. */
export default intentTool(
  'out_of_scope',
  'Anything the portal does not handle: a polite answer with the main options.',
  async (ctx) => ({
    kind: 'answer',
    intent: 'out_of_scope',
    topic: 'outOfScope',
    href: null,
    alternatives: await allowedAlternatives(ctx, 'out_of_scope'),
  }),
);
