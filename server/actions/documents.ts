/**
 * Documents: an objection (dispute) with its evidence, and the upload center's requested documents
 * (upload now, or later). Files arrive as pending uploads received by server/uploads/ while the
 * request streams; the actions attach them by id, only this file's. Full login only (decision 018).
 */
import { z } from 'zod';
import { disputeReasons, disputeSchema, downloadFormSchema, formKinds } from '../documents/form-schemas.ts';
import { createDownloadForm, raiseDispute as raiseDisputeService } from '../documents/forms.ts';
import { documentStore } from '../documents/store.ts';
import { isLanguage } from '../i18n/languages.ts';
import { intlLocale } from '../i18n/negotiate.ts';
import { serverTranslator } from '../i18n/translate.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { postponeRequestedDocument, uploadRequestedDocument } from '../documents/upload-center.ts';
import { todayIso } from '../dates.ts';
import { debtorContext, defineAction, ok, refuse } from './define.ts';

export const raiseDispute = defineAction({
  name: 'raiseDispute',
  description: 'Object to the claim (not my debt, goods not received, goods returned, identity theft) with evidence.',
  level: 'full',
  input: ({ ctx }) => {
    const today = todayIso(ctx.now);
    const [first, ...rest] = disputeReasons.map((reason) => disputeSchema(reason, today));
    return z.discriminatedUnion('reason', [first!, ...rest]);
  },
  async handler(input, { ctx, session }) {
    const result = await raiseDisputeService(
      ctx.db,
      {
        fileId: session.fileId,
        debtorId: session.debtorId,
        reason: input.reason,
        statement: input.statement,
        dateGoodsReturn: input.dateGoodsReturn ?? null,
        uploadIds: input.uploadId,
        language: ctx.locale,
        clientAddress: ctx.clientKey,
      },
      { now: ctx.now },
    );
    if (result.ok) return ok({ disputedAt: result.disputedAt, evidenceCount: result.evidenceCount });
    if (result.reason === 'evidence') return refuse(result.problem);
    return refuse(result.reason === 'fileNotFound' ? 'noFile' : result.reason);
  },
});

export const uploadDocument = defineAction({
  name: 'uploadDocument',
  description: 'Send a document the agency asked for (files already received as pending uploads).',
  level: 'full',
  input: z.object({
    requestId: z.coerce.number().int().positive(),
    uploadId: z.array(z.coerce.number().int().positive()).max(10, 'errors.tooMany').default([]),
  }),
  async handler(input, scope) {
    const result = await uploadRequestedDocument(scope.ctx.db, debtorContext(scope), {
      requestId: input.requestId,
      uploadIds: input.uploadId,
    });
    return result.ok ? ok({ view: result.view }) : refuse(result.problem);
  },
});

export const postponeDocument = defineAction({
  name: 'postponeDocument',
  description: 'Say that a requested document will be sent later.',
  level: 'full',
  input: z.object({ requestId: z.coerce.number().int().positive() }),
  async handler(input, scope) {
    const result = await postponeRequestedDocument(scope.ctx.db, debtorContext(scope), { requestId: input.requestId });
    return result.ok ? ok({ view: result.view }) : refuse(result.problem);
  },
});

/**
 * A printable form of the download center (power of attorney, goods not received, goods returned,
 * identity theft), filled from the debtor's answers: a PDF to sign and send back within 7 days,
 * recorded as a portal order. The form's own schema decides the fields (form-schemas.ts).
 */
export const createForm = defineAction({
  name: 'createForm',
  description:
    'Fill in a printable form (power of attorney, goods not received, goods returned, identity theft) as a PDF.',
  level: 'full',
  input: ({ ctx }) => {
    const today = todayIso(ctx.now);
    const [first, ...rest] = formKinds.map((form) => downloadFormSchema(form, today).extend({ form: z.literal(form) }));
    return z.discriminatedUnion('form', [first!, ...rest]);
  },
  // The PDF may go to a bucket across the network: stored before the transaction that records it.
  event: 'own',
  async handler(input, { ctx, session, file, recordEvent }) {
    const { form, ...values } = input;
    const language = isLanguage(ctx.locale) ? ctx.locale : 'de';
    const variant = variants[file.variant as VariantId] ?? variants.de;
    const created = await createDownloadForm(
      ctx.db,
      documentStore(),
      {
        fileId: session.fileId,
        debtorId: session.debtorId,
        form,
        values,
        clientAddress: ctx.clientKey,
        language,
        locale: intlLocale(language, variant),
      },
      {
        t: serverTranslator(language, 'documents'),
        now: ctx.now,
        commit: (tx, { orderId, returnBy }) => recordEvent(tx, { form, orderId, returnBy }),
      },
    );
    if (!created.ok) return refuse(created.reason === 'fileNotFound' ? 'noFile' : 'failed');
    return ok({ form, orderId: created.orderId, returnBy: created.returnBy });
  },
});
