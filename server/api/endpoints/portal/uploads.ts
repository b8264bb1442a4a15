/** The Portal calls of the upload centre: what a requested document is and which are asked for. */
import { z } from 'zod';
import { loadUploadCenter } from '../../../documents/upload-center.ts';
import { hasTranslation, serverTranslator } from '../../../i18n/translate.ts';
import { acceptedMediaTypes, maxFileBytes, maxFiles, maxTotalBytes } from '../../../uploads/rules.ts';
import { apiOk, defineEndpoint, problem } from '../../define.ts';
import { sessionOf } from '../forderung.ts';

export const uploadsCalls = {
  GetUploadTemplate: defineEndpoint({
    group: 'Portal',
    name: 'GetUploadTemplate',
    method: 'GET',
    path: '/api/Portal/GetUploadTemplate/{templateId}',
    auth: 'full',
    cache: 'private15',
    summary: 'What a requested document is (title, hint in the language) and which files are taken.',
    params: z.object({ templateId: z.string().max(60) }),
    response: z.object({
      templateId: z.string(),
      title: z.string(),
      hint: z.string(),
      acceptedMediaTypes: z.array(z.string()),
      maxFileBytes: z.number().int(),
      maxTotalBytes: z.number().int(),
      maxFiles: z.number().int(),
    }),
    async handler({ params }, ctx) {
      const view = await loadUploadCenter(ctx.action.db, sessionOf(ctx).fileId);
      // Only a template this file was asked for: another file's requests reveal nothing.
      const asked = view.documents.some((d) => d.templateId === params.templateId);
      const key = `center.templates.${params.templateId}`;
      if (!asked || !hasTranslation('uploads', `${key}.title`)) return problem(404, 'notInFile');
      const t = serverTranslator(ctx.language, 'uploads');
      return apiOk({
        templateId: params.templateId,
        title: t(`${key}.title`),
        hint: t(`${key}.hint`),
        acceptedMediaTypes: [...acceptedMediaTypes],
        maxFileBytes,
        maxTotalBytes,
        maxFiles,
      });
    },
  }),
  GetUploadFields: defineEndpoint({
    group: 'Portal',
    name: 'GetUploadFields',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary: 'The documents the agency asked for (the upload centre), each a fieldId for UploadDocuments.',
    response: z.object({
      showUploadCenter: z.boolean(),
      hasRequestedDocuments: z.boolean(),
      outstanding: z.number().int(),
      fields: z.array(
        z.object({
          fieldId: z.number().int(),
          templateId: z.string(),
          category: z.string(),
          status: z.enum(['requested', 'Uploaded', 'UploadLater']),
          uploads: z.array(z.object({ id: z.number().int(), name: z.string() })),
        }),
      ),
    }),
    async handler(_input, ctx) {
      const view = await loadUploadCenter(ctx.action.db, sessionOf(ctx).fileId);
      return apiOk({
        showUploadCenter: view.showUploadCenter,
        hasRequestedDocuments: view.hasRequestedDocuments,
        outstanding: view.outstanding,
        fields: view.documents.map((d) => ({
          fieldId: d.id,
          templateId: d.templateId,
          category: d.category,
          status: d.status,
          uploads: d.uploads,
        })),
      });
    },
  }),
};
