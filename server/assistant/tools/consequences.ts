import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';

/** What happens if the debtor does not pay (reminders, credit agency, court, bailiff): answered from the FAQ. */
export default intentTool(
  'consequences',
  'What happens if the debtor does not pay (reminders, credit agency, court, bailiff): answered from the FAQ.',
  async (ctx) => ({
    kind: 'answer',
    intent: 'consequences',
    topic: 'consequences',
    href: '/service/faq',
    alternatives: await allowedAlternatives(ctx, 'consequences'),
  }),
);
