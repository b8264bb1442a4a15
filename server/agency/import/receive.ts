/**
 * The HTTP door's body (POST /agency/v1/imports, decision 096): an NDJSON batch, gzip or not,
 * streamed to a file under DATA_DIR/agency-imports as it arrives (never held in memory), so that
 * the import runs after the answer and can be resumed from the same bytes. What is refused is
 * named for the problem the door answers: another media type or content coding (415), a body over
 * `maxImportBodyBytes` (413), an empty body or one declared gzip that is not (400).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import {
  batchMediaType,
  BodyRefused,
  declaredLengthExceeds,
  limitedChunks,
  maxBatchBodyBytes,
  mediaTypeOf,
} from '../../http/request-body.ts';
import { isGzip } from './read.ts';

/** The largest batch the HTTP door takes (as sent): a million files are about 200 MB gzipped. */
export const maxImportBodyBytes = maxBatchBodyBytes;
export const importMediaType = batchMediaType;

export type Received =
  | { ok: true; file: string; bytes: number }
  | { ok: false; status: 400 | 413 | 415; code: 'unsupportedMediaType' | 'tooLarge' | 'brokenBody'; detail: string };

export async function receiveBatch(request: Request, dataDir: string): Promise<Received> {
  if (mediaTypeOf(request.headers.get('content-type')) !== importMediaType)
    return { ok: false, status: 415, code: 'unsupportedMediaType', detail: `Send ${importMediaType}.` };
  const coding = (request.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (coding !== 'identity' && coding !== 'gzip')
    return { ok: false, status: 415, code: 'unsupportedMediaType', detail: 'Content-Encoding: gzip or none.' };
  if (declaredLengthExceeds(request.headers.get('content-length'), maxImportBodyBytes))
    return { ok: false, status: 413, code: 'tooLarge', detail: `At most ${maxImportBodyBytes} bytes.` };
  const folder = path.resolve(dataDir, 'agency-imports');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${randomUUID()}.ndjson${coding === 'gzip' ? '.gz' : ''}`);
  const out = createWriteStream(file, { mode: 0o600 });
  let bytes = 0;
  let refusal: Received | null = null;
  try {
    for await (const chunk of limitedChunks(request.body, maxImportBodyBytes)) {
      if (bytes === 0 && coding === 'gzip' && chunk.byteLength >= 2 && !isGzip(chunk)) {
        refusal = { ok: false, status: 400, code: 'brokenBody', detail: 'Content-Encoding says gzip; it is not.' };
        break;
      }
      bytes += chunk.byteLength;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } catch (error) {
    refusal =
      error instanceof BodyRefused && error.reason === 'tooLarge'
        ? { ok: false, status: 413, code: 'tooLarge', detail: `At most ${maxImportBodyBytes} bytes.` }
        : { ok: false, status: 400, code: 'brokenBody', detail: 'The body could not be read to its end.' };
  }
  out.end();
  await once(out, 'close');
  if (!refusal && bytes === 0) refusal = { ok: false, status: 400, code: 'brokenBody', detail: 'An empty batch.' };
  if (refusal) {
    rmSync(file, { force: true });
    return refusal;
  }
  return { ok: true, file, bytes };
}
