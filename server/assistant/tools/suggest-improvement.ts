import { messageForm } from './contact-form.ts';
import { intentTool } from './define.ts';

/** An idea or proposal to improve the portal: a message with the subject improvement. */
export default intentTool(
  'suggest_improvement',
  'An idea or proposal to improve the portal: a message with the subject improvement.',
  (ctx) => messageForm(ctx, 'suggest_improvement', 8),
);
