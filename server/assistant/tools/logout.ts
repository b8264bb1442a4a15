import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';

/** The debtor wants to sign out: offers the sign-out button. */
export default intentTool('logout', 'The debtor wants to sign out: offers the sign-out button.', async (ctx) => ({
  kind: 'answer',
  intent: 'logout',
  topic: 'logout',
  href: '/signout',
  alternatives: await allowedAlternatives(ctx, 'logout'),
}));
