/**
 * The fields of the modal forms, shared by the browser (conform) and the server (actions).
 * Pure zod, no database: the dashboard's component imports this file. Messages are
 * translation keys of the `modals` namespace.
 */
import { z } from 'zod';

/** A modal as named in a form: its row id, or "rule:<kind>[:<key>]" for a modal that comes from a rule. */
export const modalRefField = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^(\d{1,9}|rule:[\w:.+-]{1,70})$/);

/** An e-mail address as AddEmailIfNotExists accepts it. */
export const emailField = z
  .string({ error: 'modals:emailCapture.errors.required' })
  .trim()
  .min(1, 'modals:emailCapture.errors.required')
  .max(254, 'modals:emailCapture.errors.tooLong')
  .pipe(z.email('modals:emailCapture.errors.invalid'));

export const emailCaptureSchema = z.object({
  intent: z.literal('captureEmail'),
  modal: modalRefField,
  email: emailField,
});

/** A message shown on the page after a successful answer (?done=…); see modal-done.ts. */
export { modalDoneMessages, type ModalDone } from './modal-done.ts';
