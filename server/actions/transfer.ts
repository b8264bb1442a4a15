/**
 * The bank transfer details by e-mail (section 7 SendUeberweisungMail): to the stored address, or
 * (full login only, decision 018) to an address the debtor names. A few times an hour per file.
 */
import { z } from 'zod';
import { mailTransferOfPayment } from '../payments/transfer-mail.ts';
import { defineAction, ok, refuse, stepUp } from './define.ts';

export const mailTransfer = defineAction({
  name: 'mailTransfer',
  description:
    'Send the bank transfer details of a transfer payment by e-mail: to the stored address, or (full login) to another.',
  level: 'limited',
  input: z.object({
    /** The transfer payment; without it the file's newest transfer still awaited. */
    paymentId: z.string().max(100).nullish(),
    email: z.email('errors.email').max(200, 'errors.email').nullish(),
  }),
  // Another address than the stored one needs the full login (decision 018).
  needsFullLogin: (input) => Boolean(input.email),
  limits: (_input, { session }) => [['transferMail', String(session.fileId)]],
  async handler(input, { ctx, session }) {
    const result = await mailTransferOfPayment(ctx.db, {
      session,
      paymentId: input.paymentId ?? null,
      to: input.email ?? null,
    });
    if (result.ok) return ok({ paymentId: result.paymentId, toStoredAddress: result.stored });
    if (result.error === 'needsFullLogin') return stepUp();
    return refuse(result.error);
  },
});
