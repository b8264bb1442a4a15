import {
  pendingUploadsForPage,
  uploadHandlerForPage,
  uploadIdsFrom,
  type UploadContext,
} from '#server/uploads/receive.ts';
import { readForm } from '~/lib/form.server';

/**
 * Reads a form that may carry files (multipart without JavaScript) or only ids of files sent
 * before (with JavaScript, through the uploads endpoint). Files are streamed into storage as
 * pending uploads of the session's file; the form data keeps the text fields and every
 * `uploadId`, the new ones included. `kept` lists every pending upload now belonging to the form.
 * A body that cannot be read is refused like every other form (`readForm`).
 */
export async function readFormWithUploads(request: Request, options: { fileId: number; context: UploadContext }) {
  const uploads = await uploadHandlerForPage(options);
  const formData = await readForm(request, uploads);
  for (const upload of uploads.outcome.accepted) formData.append('uploadId', String(upload.id));
  const kept = await pendingUploadsForPage({ ...options, ids: uploadIdsFrom(formData.getAll('uploadId')) });
  return { formData, outcome: uploads.outcome, kept };
}
