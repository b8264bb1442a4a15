import { callbackForm } from './contact-form.ts';
import { intentTool } from './define.ts';

/** A phone call back: the contact screen's callback form, with the day and time of day said. */
export default intentTool(
  'callback',
  'The debtor wants to be called back: the callback form with the day (monday–saturday) and time of day given.',
  (ctx, input) => callbackForm(ctx, input),
);
