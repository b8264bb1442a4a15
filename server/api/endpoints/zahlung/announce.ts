/** The Zahlung calls that announce a payment already made, with receipts (multipart). */
import { z } from 'zod';
import { checkAction, runAction } from '../../../actions/run.ts';
import { minorToInput } from '../../../money/amount-input.ts';
import { announceReading } from '../../../payments-announced/announce.ts';
import { receiveFile, freshBudget } from '../../../uploads/receive.ts';
import { apiOk, defineEndpoint, problem, problemFromAction, renameIssues, type AnyEndpoint } from '../../define.ts';
import { majorAmount } from '../payment-support.ts';
import { withFile } from './presenters.ts';

const text = (max: number) => z.string().trim().max(max).optional();
const announceBody = z.object({
  paymentDate: z.string().trim().max(20),
  paymentAmount: majorAmount,
  paymentFrom: z.string().trim().max(200),
  ibanFrom: text(64),
  bicFrom: text(20),
  paymentTo: text(200),
  ibanTo: text(64),
  bicTo: text(20),
  paymentReason: text(300),
});

/** The action's field names back to the spec's. */
const announceFields: Record<string, string> = {
  paidOn: 'paymentDate',
  amount: 'paymentAmount',
  payerName: 'paymentFrom',
  payerIban: 'ibanFrom',
  payerBic: 'bicFrom',
  payeeName: 'paymentTo',
  payeeIban: 'ibanTo',
  payeeBic: 'bicTo',
  reference: 'paymentReason',
  uploadId: 'attachments',
};

function announce(name: string, payee: 'agency' | 'creditor', summary: string): AnyEndpoint {
  return defineEndpoint({
    group: 'Zahlung',
    name,
    method: 'POST',
    auth: 'full',
    cache: 'none',
    summary,
    bodyType: 'multipart',
    body: announceBody,
    response: z.object({ announcementId: z.number().int(), attachments: z.number().int() }),
    handler: ({ body, files }, ctx) =>
      withFile(ctx, async (file) => {
        // The pre-check of the action (level, file rules) before any file is stored.
        const check = await checkAction('announcePayment', ctx.action);
        if (check) return problemFromAction(check);
        const receipts = files.filter((f) => f.field === 'attachments');
        if (receipts.length === 0)
          return problem(400, 'invalid', {
            issues: [{ path: ['attachments'], message: 'errors.receiptRequired' }],
          });
        const budget = freshBudget();
        const uploadIds: number[] = [];
        for (const receipt of receipts) {
          const stored = await receiveFile(ctx.action.db, {
            fileId: file.facts.fileId,
            context: 'announcedPayment',
            filename: receipt.filename,
            data: (async function* () {
              yield receipt.bytes;
            })(),
            budget,
          });
          if (!stored.ok)
            return problem(400, 'invalid', {
              issues: [
                {
                  path: ['attachments'],
                  message:
                    stored.refused.problem === 'tooLarge'
                      ? 'errors.fileTooLarge'
                      : `problems.${stored.refused.problem}`,
                },
              ],
              detail: { file: stored.refused.name },
            });
          uploadIds.push(stored.upload.id);
        }
        // The action reads the amount as the debtor's page shows it: hand it the figure in that form.
        const reading = announceReading(file.variant, file.facts.currency, ctx.action.locale);
        const result = await runAction('announcePayment', ctx.action, {
          payee,
          paidOn: body.paymentDate,
          amount: minorToInput(body.paymentAmount, reading.locale, file.facts.currency),
          payerName: body.paymentFrom,
          payerIban: body.ibanFrom,
          payerBic: body.bicFrom,
          payeeName: body.paymentTo,
          payeeIban: body.ibanTo,
          payeeBic: body.bicTo,
          reference: body.paymentReason,
          uploadId: uploadIds,
        });
        if (!result.ok) return renameIssues(problemFromAction(result), announceFields);
        return apiOk({ announcementId: result.value.id, attachments: uploadIds.length });
      }),
  }) as unknown as AnyEndpoint;
}

export const announceCalls = {
  announcePastPaymentToCoeo: announce(
    'announcePastPaymentToCoeo',
    'agency',
    'Announce a payment already made to the agency, with receipts (multipart).',
  ),
  announcePastPaymentToClient: announce(
    'announcePastPaymentToClient',
    'creditor',
    'Announce a payment already made to the creditor, with receipts (multipart).',
  ),
};
