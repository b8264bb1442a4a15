import { intentTool } from './define.ts';
import { linkOf } from './context.ts';

/**
 * The debtor wants to rate the service: the feedback page's form (stars and a comment) inline,
 * with the rating said preselected. It posts to the feedback page's own action (the same schema,
 * the same messages, the same limits).
 */
export default intentTool(
  'feedback',
  'The debtor wants to rate the service or leave a review: offers the feedback form, with the rating when given.',
  (_ctx, input) => ({
    kind: 'form',
    form: 'feedback',
    intent: 'feedback',
    action: '/feedback',
    prefill: input.rating ? { stars: String(input.rating) } : ({} as Record<string, string>),
    href: linkOf('feedback', input)!,
  }),
);
