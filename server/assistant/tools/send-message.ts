import { messageForm } from './contact-form.ts';
import { intentTool } from './define.ts';

/** The debtor wants to write to the agency, send a message, contact a person in writing. */
export default intentTool(
  'send_message',
  'The debtor wants to write to the agency, send a message, contact a person in writing.',
  (ctx) => messageForm(ctx, 'send_message', null),
);
