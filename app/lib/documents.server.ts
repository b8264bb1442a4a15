import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect } from '@remix-run/node';
import type { ActiveSession } from '#server/auth/session.ts';
import { disputeSchema, type DisputeReason } from '#server/documents/form-schemas.ts';
import type { AcceptedUpload, UploadOutcome } from '#server/uploads/receive.ts';
import type { Variant } from '#server/variants/config.ts';
import { actionContext, runAction, stepUpRedirect } from '~/lib/actions.server';
import type { DisputeActionData } from '~/components/documents/DisputeForm';

/**
 * The online dispute of the download center, shared by the overview ("not my debt") and the form
 * pages. The form was read by `readFormWithUploads` (context 'dispute'): evidence was streamed
 * into storage and judged by content on the way in. Validate, record once, then
 * post/redirect/get to `successPath`. Bad input answers 400 with the typed text and every
 * accepted file kept; refused files are listed with their reason.
 */
export async function handleDispute(
  form: { formData: FormData; outcome: UploadOutcome; kept: AcceptedUpload[] },
  options: {
    session: ActiveSession;
    variant: Variant;
    reason: DisputeReason;
    language: string;
    clientAddress?: string;
    successPath: string;
  },
) {
  const { formData, outcome, kept } = form;
  // Only this file's pending evidence counts, whatever ids the client sent.
  formData.delete('uploadId');
  for (const upload of kept) formData.append('uploadId', String(upload.id));
  const keptInfo = kept.map(({ id, name, sizeBytes }) => ({ id, name, sizeBytes }));
  const reply = (result: DisputeActionData['result'], refused: DisputeActionData['refused'] = []) =>
    data<DisputeActionData>({ intent: 'dispute', result, kept: keptInfo, refused }, { status: 400 });

  const submission = parseWithZod(formData, { error: fieldError, schema: disputeSchema(options.reason) });
  if (submission.status !== 'success' || outcome.refused.length > 0) return reply(submission.reply(), outcome.refused);
  const ctx = await actionContext({
    session: options.session,
    variant: options.variant,
    language: options.language,
    clientAddress: options.clientAddress ?? '',
  });
  const result = await runAction('raiseDispute', ctx, submission.value);
  if (!result.ok && result.kind === 'stepUp') throw stepUpRedirect(options.variant, options.successPath, result.signIn);
  const refusal = !result.ok && result.kind === 'refused' ? result.reason : null;
  if (refusal === 'notYours' || refusal === 'tooMany' || refusal === 'totalTooLarge') {
    const key =
      refusal === 'notYours'
        ? 'errors.evidence.notYours'
        : refusal === 'tooMany'
          ? 'errors.evidence.tooMany'
          : 'errors.evidence.tooLargeTogether';
    return reply(submission.reply({ fieldErrors: { uploadId: [key] } }));
  }
  if (refusal === 'finished') return reply(submission.reply({ formErrors: ['dispute.finished'] }));
  if (refusal === 'noFile') throw new Response('Not Found', { status: 404 });
  if (!result.ok && result.kind === 'invalid') return reply(submission.reply({ formErrors: ['errors.failed'] }));
  // Sent now, or already under review: either way the page shows the objection's state.
  return redirect(options.successPath);
}

/** A post that is no dispute of this page (a tampered intent or reason): 400, nothing recorded. */
export function notADispute() {
  return data<DisputeActionData>(
    { intent: 'dispute', result: { status: 'error', error: { '': ['errors.failed'] } }, kept: [], refused: [] },
    { status: 400 },
  );
}
