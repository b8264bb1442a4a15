import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node';
import type { Database } from '#server/db/client.ts';
import { createUploadHandler, pendingUploads, uploadIdsFrom, type UploadContext, type UploadOutcome } from '#server/uploads/receive.ts';

/** Text fields of a multipart form are small; files never go through this handler. */
const textFields = unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 });

/**
 * Reads a form that may carry files (multipart without JavaScript) or only ids of files sent
 * before (with JavaScript, through the uploads endpoint). Files are streamed into storage as
 * pending uploads of the session's file; the form data keeps the text fields and every
 * `uploadId`, the new ones included. `kept` lists every pending upload now belonging to the form.
 */
export async function readFormWithUploads(request: Request, db: Database, options: { fileId: number; context: UploadContext }) {
  const contentType = request.headers.get('Content-Type') ?? '';
  let formData: FormData;
  let outcome: UploadOutcome = { accepted: [], refused: [] };
  if (contentType.startsWith('multipart/form-data')) {
    const uploads = createUploadHandler(db, options);
    formData = await unstable_parseMultipartFormData(request, async (part) => {
      if (part.filename !== undefined || part.name === 'uploadId') return uploads.handler(part);
      return textFields(part);
    });
    outcome = uploads.outcome;
    for (const upload of outcome.accepted) formData.append('uploadId', String(upload.id));
  } else {
    formData = await request.formData();
  }
  const kept = await pendingUploads(db, { ...options, ids: uploadIdsFrom(formData.getAll('uploadId')) });
  return { formData, outcome, kept };
}
