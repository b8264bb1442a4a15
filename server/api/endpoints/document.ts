/**
 * Spec section 7, the Document calls (issue 17): the download centre's printable forms (the same
 * schemas as the form pages, through the action `createForm`), and the upload centre's answers
 * (`uploadDocument`, `postponeDocument`) with files received by the same upload service as the
 * screens (JPG, PNG, PDF, TIF judged by content; 10 MB each and together; at most 10).
 */
import { z } from 'zod';
import { runAction } from '../../actions/run.ts';
import { downloadFormSchema, formFields, formKinds, type FormKind } from '../../documents/form-schemas.ts';
import { findFormDocument, returnWithinDays } from '../../documents/forms.ts';
import { documentStore } from '../../documents/store.ts';
import { serverTranslator } from '../../i18n/translate.ts';
import { acceptedMediaTypes, maxFileBytes, maxFiles, maxTotalBytes } from '../../uploads/rules.ts';
import { receiveApiAttachments } from '../uploads.ts';
import {
  apiOk,
  defineEndpoint,
  problem,
  problemFromAction,
  type AnyEndpoint,
  type ApiContext,
  renameIssues,
} from '../define.ts';
import { base64Of, documentShape, isoDate, readAll } from './claim-shapes.ts';
import { sessionOf } from './forderung.ts';

/** The spec's call for each printable form (form-schemas.ts spells the forms as the route table does). */
const formCalls: Record<FormKind, string> = {
  mandate: 'CreateBevollmaechtigung',
  'goods-not-recieved': 'CreateWareNichtErhalten',
  'identity-theft': 'CreateIdentitaetsdiebstahl',
  'goods-return': 'CreateWareRetouniert',
};

const createdResponse = z.object({
  form: z.enum(formKinds),
  orderId: z.number().int(),
  /** Sign and send back by this day (section 9: within 7 days). */
  returnBy: isoDate,
  document: documentShape,
});

async function createForm(form: FormKind, values: Record<string, unknown>, ctx: ApiContext) {
  const result = await runAction('createForm', ctx.action, { ...values, form });
  if (!result.ok) return problemFromAction(result);
  const session = sessionOf(ctx);
  const found = await findFormDocument(ctx.action.db, session.fileId, form, result.value.orderId);
  const stored = found ? await documentStore().open(found.key) : null;
  if (!stored) return problem(503, 'failed');
  const bytes = await readAll(stored.body);
  return apiOk(
    {
      form,
      orderId: result.value.orderId,
      returnBy: result.value.returnBy,
      document: {
        mediaType: 'application/pdf',
        fileName: `${form}-${result.value.orderId}.pdf`,
        sizeBytes: bytes.length,
        base64: base64Of(bytes),
      },
    },
    201,
  );
}

function formEndpoint(form: FormKind, summary: string) {
  return defineEndpoint({
    group: 'Document',
    name: formCalls[form],
    method: 'POST',
    auth: 'full',
    cache: 'none',
    summary,
    // The form page's own schema: the same fields, rules and messages.
    body: downloadFormSchema(form),
    response: createdResponse,
    handler: ({ body }, ctx) => createForm(form, body, ctx),
  });
}

const fieldIdBody = z.object({ fieldId: z.coerce.number().int().positive() });

const uploadFieldResponse = z.object({
  fieldId: z.number().int(),
  status: z.enum(['requested', 'Uploaded', 'UploadLater']),
  uploads: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Documents still missing (requested or postponed) after this answer. */
  outstanding: z.number().int(),
  hasRequestedDocuments: z.boolean(),
});

type UploadCenterValue = {
  view: {
    documents: Array<{
      id: number;
      status: 'requested' | 'Uploaded' | 'UploadLater';
      uploads: Array<{ id: number; name: string }>;
    }>;
    outstanding: number;
    hasRequestedDocuments: boolean;
  };
};

function answerOf(fieldId: number, value: UploadCenterValue) {
  const document = value.view.documents.find((d) => d.id === fieldId);
  return {
    fieldId,
    status: document?.status ?? 'Uploaded',
    uploads: document?.uploads ?? [],
    outstanding: value.view.outstanding,
    hasRequestedDocuments: value.view.hasRequestedDocuments,
  };
}

/** `unknownDocument` is another file's request or none at all: not found, never "forbidden". */
function uploadProblem(result: Parameters<typeof problemFromAction>[0]) {
  if (result.kind === 'refused' && result.reason === 'unknownDocument') return problem(404, 'unknownDocument');
  if (result.kind === 'refused' && result.reason === 'alreadyUploaded') return problem(409, 'alreadyUploaded');
  return renameIssues(problemFromAction(result), { requestId: 'fieldId', uploadId: 'attachments' });
}

export const documentEndpoints: AnyEndpoint[] = [
  formEndpoint('mandate', 'A power of attorney for another person, as a PDF to sign and send back within 7 days.'),
  formEndpoint('goods-not-recieved', 'The form "goods not received", as a PDF to sign and send back within 7 days.'),
  formEndpoint('identity-theft', 'The form "identity theft", as a PDF to sign and send back within 7 days.'),
  formEndpoint(
    'goods-return',
    'The form "goods returned" (with the day they went back), as a PDF to sign and send back.',
  ),
  defineEndpoint({
    group: 'Document',
    name: 'GetStaticDocuments',
    method: 'GET',
    auth: 'none',
    cache: 'public15',
    summary: 'The printable forms of the download centre: title, the call that makes each and its fields.',
    response: z.object({
      returnWithinDays: z.number().int(),
      forms: z.array(
        z.object({ form: z.enum(formKinds), title: z.string(), call: z.string(), fields: z.array(z.string()) }),
      ),
    }),
    async handler(_input, ctx) {
      const t = serverTranslator(ctx.language, 'documents');
      return apiOk({
        returnWithinDays,
        forms: formKinds.map((form) => ({
          form,
          title: t(`forms.${form}.title`),
          call: `/api/Document/${formCalls[form]}`,
          fields: [...formFields[form]],
        })),
      });
    },
  }),
  defineEndpoint({
    group: 'Document',
    name: 'UploadDocuments',
    method: 'POST',
    auth: 'full',
    cache: 'none',
    bodyType: 'multipart',
    summary: `Send a requested document (fieldId of GetUploadFields) with its files: ${acceptedMediaTypes.join(', ')}; ${maxFileBytes / 1048576} MB each and ${maxTotalBytes / 1048576} MB together, at most ${maxFiles}.`,
    body: fieldIdBody,
    response: uploadFieldResponse,
    async handler({ body, files }, ctx) {
      // Asked first, before any file is stored: is this a document of this file that still wants files?
      const check = await runAction('uploadDocument', ctx.action, { requestId: body.fieldId, uploadId: [] });
      if (!check.ok && !(check.kind === 'refused' && check.reason === 'noFiles')) return uploadProblem(check);
      const attachments = files.filter((f) => f.field === 'attachments');
      if (attachments.length === 0)
        return problem(400, 'invalid', { issues: [{ path: ['attachments'], message: 'errors.upload.noFiles' }] });
      const received = await receiveApiAttachments(ctx, attachments, {
        field: 'attachments',
        context: 'documentRequest',
      });
      if (!received.ok) return received.problem;
      const result = await runAction('uploadDocument', ctx.action, {
        requestId: body.fieldId,
        uploadId: received.uploadIds,
      });
      return result.ok ? apiOk(answerOf(body.fieldId, result.value), 201) : uploadProblem(result);
    },
  }),
  defineEndpoint({
    group: 'Document',
    name: 'UploadDocumentLater',
    method: 'POST',
    auth: 'full',
    cache: 'none',
    summary: 'Say that a requested document (fieldId) will be sent later.',
    body: fieldIdBody,
    response: uploadFieldResponse,
    async handler({ body }, ctx) {
      const result = await runAction('postponeDocument', ctx.action, { requestId: body.fieldId });
      return result.ok ? apiOk(answerOf(body.fieldId, result.value)) : uploadProblem(result);
    },
  }),
];
