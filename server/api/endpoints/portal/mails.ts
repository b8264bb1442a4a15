/** The Portal calls that mail a document of the file: the repayment plan, the transfer details, the notice of completion. */
import { z } from 'zod';
import { runAction } from '../../../actions/run.ts';
import { apiOk, defineEndpoint, problem, problemFromAction } from '../../define.ts';

export const mailsCalls = {
  SendTilgungsplanMail: defineEndpoint({
    group: 'Portal',
    name: 'SendTilgungsplanMail',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      "Mail the repayment plan: to the stored address, or (full sign-in) to the address given. The plan mailed is the server's, never the client's copy.",
    body: z.object({
      /** The client's copy of the plan: not used, the mail is made from the file's own plan. */
      tilgungsplanItems: z.array(z.unknown()).max(120).optional(),
      email: z.email('errors.email').max(254, 'errors.email').optional(),
    }),
    response: z.object({ mailId: z.number().int(), toStoredAddress: z.boolean() }),
    async handler({ body }, ctx) {
      const result = await runAction('mailPlan', ctx.action, { email: body.email ?? null });
      return result.ok ? apiOk(result.value, 202) : problemFromAction(result);
    },
  }),
  SendUeberweisungMail: defineEndpoint({
    group: 'Portal',
    name: 'SendUeberweisungMail',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      "Mail the bank transfer details of the file's transfer still awaited: to the stored address, or (full sign-in) to the address given. The amount and the QR code mailed are the payment's own.",
    body: z.object({
      /** The client's QR code: not used, the mail carries the server's EPC code of the payment. */
      qrCode: z.string().max(2000).optional(),
      /** The amount the client shows (major units): not used, the mail names the payment's own amount with fees. */
      amount: z.number().positive().optional(),
      email: z.email('errors.email').max(200, 'errors.email').optional(),
    }),
    response: z.object({ visitId: z.string(), toStoredAddress: z.boolean() }),
    async handler({ body }, ctx) {
      const result = await runAction('mailTransfer', ctx.action, { email: body.email ?? null });
      if (!result.ok && result.kind === 'refused' && result.reason === 'noTransfer') return problem(404, 'noTransfer');
      if (!result.ok) return problemFromAction(result);
      return apiOk({ visitId: result.value.paymentId, toStoredAddress: result.value.toStoredAddress }, 202);
    },
  }),
  SendErledigungsmitteilungMail: defineEndpoint({
    group: 'Portal',
    name: 'SendErledigungsmitteilungMail',
    method: 'POST',
    auth: 'full',
    cache: 'none',
    summary:
      'Ask for the notice of completion of a settled file (once; by e-mail when an address is stored, else by post).',
    response: z.object({ requestedAt: z.iso.datetime({ offset: true }), delivery: z.enum(['email', 'post']) }),
    async handler(_input, ctx) {
      const result = await runAction('requestNoticeOfCompletion', ctx.action, {});
      if (!result.ok && result.kind === 'refused' && result.reason === 'alreadyRequested')
        return problem(409, 'alreadyRequested', { detail: result.detail });
      return result.ok ? apiOk(result.value, 202) : problemFromAction(result);
    },
  }),
};
