import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from '@remix-run/node';
import { getDatabase } from '#server/db/client.ts';
import { readEvidence } from '#server/documents/evidence.ts';
import { disputeSchema, evidenceLimits, type DisputeReason } from '#server/documents/form-schemas.ts';
import { raiseDispute } from '#server/documents/forms.ts';
import { documentStore } from '#server/documents/store.ts';
import type { ActiveSession } from '#server/auth/session.ts';

/** Room for the text fields and multipart boundaries next to 10 MB of evidence. */
const maxBodyBytes = evidenceLimits.maxTotalBytes + 512 * 1024;

/** True when the declared body is larger than any allowed dispute: refused before reading it. */
export function bodyTooLarge(request: Request): boolean {
  const length = Number(request.headers.get('Content-Length') ?? '0');
  return Number.isFinite(length) && length > maxBodyBytes;
}

export function tooLargeReply() {
  return data(
    { intent: 'dispute' as const, result: { status: 'error' as const, error: { evidence: ['errors.evidence.tooLargeTogether'] } }, evidenceFile: null as string | null },
    { status: 400 },
  );
}

/**
 * The online dispute of the download center, shared by the overview ("not my debt") and the form
 * pages: validate, check the evidence by content, record once, then post/redirect/get to
 * `successPath`. Bad input answers 400 with the typed text kept (files must be chosen again
 * without JavaScript: no browser refills a file field).
 */
export async function handleDispute(
  formData: FormData,
  options: { session: ActiveSession; reason: DisputeReason; language: string; clientAddress?: string; successPath: string },
) {
  const submission = parseWithZod(formData, { schema: disputeSchema(options.reason) });
  if (submission.status !== 'success') {
    return data({ intent: 'dispute' as const, result: submission.reply({ hideFields: ['evidence'] }), evidenceFile: null as string | null }, { status: 400 });
  }
  const value = submission.value;
  const evidence = await readEvidence(value.evidence ?? []);
  const result = await raiseDispute(
    await getDatabase(),
    documentStore(),
    {
      fileId: options.session.fileId,
      debtorId: options.session.debtorId,
      reason: options.reason,
      statement: value.statement,
      dateGoodsReturn: typeof value.dateGoodsReturn === 'string' ? value.dateGoodsReturn : null,
      language: options.language,
      clientAddress: options.clientAddress,
    },
    evidence,
  );
  if (!result.ok && result.reason === 'evidence') {
    return data(
      { intent: 'dispute' as const, result: submission.reply({ fieldErrors: { evidence: [result.error] }, hideFields: ['evidence'] }), evidenceFile: result.fileName },
      { status: 400 },
    );
  }
  if (!result.ok && result.reason === 'finished') {
    return data({ intent: 'dispute' as const, result: submission.reply({ formErrors: ['dispute.finished'], hideFields: ['evidence'] }), evidenceFile: null as string | null }, { status: 400 });
  }
  if (!result.ok && result.reason === 'fileNotFound') throw new Response('Not Found', { status: 404 });
  // Sent now, or already under review: either way the page shows the objection's state.
  return redirect(options.successPath);
}
