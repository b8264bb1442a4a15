/**
 * The files of a multipart API call, stored as pending uploads of the session's file through the
 * same upload module the pages use (server/uploads/receive.ts: type sniffing, size and count
 * budget, storage): a handler passes `input.files` and gets the upload ids its action takes.
 */
import type { Database } from '../db/client.ts';
import { createUploadHandler, type UploadContext, type UploadOutcome } from '../uploads/receive.ts';
import type { ApiUpload } from './define.ts';

export async function storeApiUploads(
  db: Database,
  files: readonly ApiUpload[],
  options: { fileId: number; context: UploadContext; fieldName: string },
): Promise<UploadOutcome> {
  const handler = createUploadHandler(db, {
    fileId: options.fileId,
    context: options.context,
    fieldName: options.fieldName,
  });
  for (const file of files) {
    await handler.onFile({
      name: file.field,
      filename: file.filename,
      contentType: file.contentType,
      data: (async function* () {
        yield file.bytes;
      })(),
    });
  }
  return handler.outcome;
}
