/**
 * Evidence attached to an online dispute: judged by content (the first bytes, via file-type),
 * never by the name or the type the browser claims; at most 10 MB each and 10 MB together
 * (spec sections 5 and 9). Accepted files go to the document store under
 * `disputes/<fileId>/<uuid>.<ext>` with one `uploads` row each (context 'dispute').
 *
 * A small interface of its own for now; the upload module of the portal (server/uploads/) will
 * take its place, so callers only use `checkEvidence` and `storeEvidence`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { evidenceLimits } from './form-schemas.ts';
import type { DocumentStore } from './store.ts';

export type EvidenceMediaType = (typeof t.uploads.$inferInsert)['mediaType'];

const accepted: Record<string, { mediaType: EvidenceMediaType; ext: string }> = {
  'image/jpeg': { mediaType: 'image/jpeg', ext: 'jpg' },
  'image/png': { mediaType: 'image/png', ext: 'png' },
  'application/pdf': { mediaType: 'application/pdf', ext: 'pdf' },
  'image/tiff': { mediaType: 'image/tiff', ext: 'tif' },
};

/** A file as it came in: its name as the debtor's computer called it, and its bytes. */
export interface IncomingEvidence {
  name: string;
  bytes: Uint8Array;
}

export interface AcceptedEvidence extends IncomingEvidence {
  mediaType: EvidenceMediaType;
  ext: string;
  sha256: string;
}

/** Translation keys (documents namespace) of the reasons a file is refused. */
export type EvidenceError = 'errors.evidence.empty' | 'errors.evidence.type' | 'errors.evidence.tooLarge' | 'errors.evidence.tooLargeTogether' | 'errors.evidence.tooMany';

export type EvidenceCheck = { ok: true; files: AcceptedEvidence[] } | { ok: false; error: EvidenceError; fileName: string | null };

/** Reads browser `File`s (from a multipart form) into memory; they are at most 10 MB together. */
export async function readEvidence(files: readonly File[]): Promise<IncomingEvidence[]> {
  return Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
}

/** A name safe to keep and to show: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-120);
  return cleaned.length > 0 ? cleaned : 'evidence';
}

/** Checks every file; the first problem refuses the whole sending (nothing is half accepted). */
export async function checkEvidence(files: readonly IncomingEvidence[]): Promise<EvidenceCheck> {
  if (files.length > evidenceLimits.maxFiles) return { ok: false, error: 'errors.evidence.tooMany', fileName: null };
  // Sizes first (they need no reading), then the content of each file.
  let total = 0;
  for (const file of files) {
    const fileName = cleanFileName(file.name);
    if (file.bytes.byteLength === 0) return { ok: false, error: 'errors.evidence.empty', fileName };
    if (file.bytes.byteLength > evidenceLimits.maxFileBytes) return { ok: false, error: 'errors.evidence.tooLarge', fileName };
    total += file.bytes.byteLength;
  }
  if (total > evidenceLimits.maxTotalBytes) return { ok: false, error: 'errors.evidence.tooLargeTogether', fileName: null };
  const result: AcceptedEvidence[] = [];
  for (const file of files) {
    const fileName = cleanFileName(file.name);
    const detected = await fileTypeFromBuffer(file.bytes);
    const kind = detected ? accepted[detected.mime] : undefined;
    if (!kind) return { ok: false, error: 'errors.evidence.type', fileName };
    result.push({ name: fileName, bytes: file.bytes, mediaType: kind.mediaType, ext: kind.ext, sha256: createHash('sha256').update(file.bytes).digest('hex') });
  }
  return { ok: true, files: result };
}

/**
 * Writes checked files to the store and records them. Call inside the transaction that records
 * the dispute: if anything fails, no row points at a missing document (a stored document without
 * a row is harmless and never served).
 */
export async function storeEvidence(
  db: Database,
  store: DocumentStore,
  input: { fileId: number; ownerId: number | null; files: readonly AcceptedEvidence[]; now?: Date },
): Promise<number[]> {
  const ids: number[] = [];
  for (const file of input.files) {
    const storageKey = `disputes/${input.fileId}/${randomUUID()}.${file.ext}`;
    await store.put(storageKey, file.bytes);
    const [row] = await db
      .insert(t.uploads)
      .values({
        fileId: input.fileId,
        context: 'dispute',
        ownerId: input.ownerId,
        originalName: file.name,
        mediaType: file.mediaType,
        sizeBytes: file.bytes.byteLength,
        storageKey,
        sha256: file.sha256,
        createdAt: input.now ?? new Date(),
      })
      .returning({ id: t.uploads.id });
    ids.push(row!.id);
  }
  return ids;
}
