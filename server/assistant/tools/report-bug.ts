import { messageForm } from './contact-form.ts';
import { intentTool } from './define.ts';

/** The portal is broken, an error, a button does not work: a message with the subject bug report. */
export default intentTool(
  'report_bug',
  'The portal is broken, an error, a button does not work: a message with the subject bug report.',
  (ctx) => messageForm(ctx, 'report_bug', 7),
);
