/**
 * The files of a multipart API call, stored as pending uploads of the session's file through the
 * same upload module the pages use (server/uploads/receive.ts: type sniffing, size and count
 * budget, storage): a handler passes `input.files` and gets the upload ids its action takes.
 */
import type { Database } from '../db/client.ts';
import { consumeUploadLimit, createUploadHandler, type UploadContext, type UploadOutcome } from '../uploads/receive.ts';
import { problem, type ApiContext, type ApiProblem, type ApiUpload } from './define.ts';

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

/**
 * The attachments of a multipart call, received as the pages' upload field receives them
 * (app/routes/$portal.uploads.tsx): the upload limit per file and client address first
 * (server/uploads/receive.ts `consumeUploadLimit`), then each file stored with its type, size and
 * count checked. The ids the action takes, or the call's problem: 429 `rateLimited`, or 400
 * `uploadRefused` naming each refused file at `field.<index>`. No files: no ids, nothing counted.
 */
export async function receiveApiAttachments(
  ctx: ApiContext,
  files: readonly ApiUpload[],
  options: { field: string; context: UploadContext },
): Promise<{ ok: true; uploadIds: number[] } | { ok: false; problem: ApiProblem }> {
  if (files.length === 0) return { ok: true, uploadIds: [] };
  const fileId = ctx.session!.fileId;
  const db = ctx.action.db;
  const limit = await consumeUploadLimit(db, { fileId, clientAddress: ctx.action.clientKey });
  if (!limit.ok)
    return { ok: false, problem: problem(429, 'rateLimited', { retryAfterSeconds: limit.retryAfterSeconds }) };
  const outcome = await storeApiUploads(db, files, { fileId, context: options.context, fieldName: options.field });
  if (outcome.refused.length > 0)
    return {
      ok: false,
      problem: problem(400, 'uploadRefused', {
        issues: outcome.refused.map((r, index) => ({
          path: [options.field, index],
          message: `errors.upload.${r.problem}`,
        })),
        detail: { files: outcome.refused.map((r) => r.name).join(', ') },
      }),
    };
  return { ok: true, uploadIds: outcome.accepted.map((u) => u.id) };
}
