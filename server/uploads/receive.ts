/**
 * Receiving uploads while they stream in. Each file part is read chunk by chunk: the first
 * bytes decide the type (magic bytes, confirmed by file-type), the size is counted as the bytes
 * pass, a SHA-256 is computed on the way, and the bytes go straight to the object store. A file
 * that turns out too large is removed and the rest of its part is read and dropped, so the
 * other fields of the form still arrive. Nothing keeps a whole file in memory.
 *
 * A store without room (StorageFullError) refuses the file as `storageFull`, like a file too
 * large: the rest of the body is still read, so the form's other fields arrive.
 *
 * An accepted file becomes a *pending* row in `uploads` (owner_id null) of the session's file:
 * if the rest of the form fails, the file is offered again by its id and never lost.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { createHash, randomUUID } from 'node:crypto';
import { concatBytes } from '../bytes.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { rowOfFile } from '../claims/file-queries.ts';
import { consumeAll } from '../limits/rate-limits.ts';
import {
  cleanFileName,
  maxFileBytes,
  maxFiles,
  maxTotalBytes,
  sniffMediaType,
  type AcceptedMediaType,
  type UploadProblem,
} from './rules.ts';
import { isStorageFull } from '../storage/files.ts';
import { objectStore, type ObjectStore } from './storage.ts';

export type UploadContext = (typeof t.uploads.$inferInsert)['context'];

/** One file part of a multipart body, as the multipart reader hands it over while it streams. */
export interface MultipartPart {
  name: string;
  filename?: string;
  contentType: string;
  data: AsyncIterable<Uint8Array>;
}

export interface AcceptedUpload {
  id: number;
  name: string;
  sizeBytes: number;
  mediaType: AcceptedMediaType;
}

export interface RefusedUpload {
  name: string;
  problem: UploadProblem;
}

/** What the files of one request may still use. */
export interface UploadBudget {
  bytesLeft: number;
  filesLeft: number;
}

export function freshBudget(usedBytes = 0, usedFiles = 0): UploadBudget {
  return { bytesLeft: Math.max(0, maxTotalBytes - usedBytes), filesLeft: Math.max(0, maxFiles - usedFiles) };
}

/** Enough for file-type to recognise the formats we take (it reads at most 4100 bytes). */
const headBytes = 4100;

class TooLarge extends Error {
  constructor(readonly problem: 'tooLarge' | 'totalTooLarge') {
    super(problem);
  }
}

async function drain(iterator: AsyncIterator<Uint8Array>): Promise<void> {
  for (;;) {
    const { done } = await iterator.next();
    if (done) return;
  }
}

export async function receiveFile(
  db: Database,
  input: {
    fileId: number;
    context: UploadContext;
    filename: string | undefined;
    data: AsyncIterable<Uint8Array>;
    budget: UploadBudget;
  },
  store: ObjectStore = objectStore(),
): Promise<{ ok: true; upload: AcceptedUpload } | { ok: false; refused: RefusedUpload }> {
  const name = cleanFileName(input.filename);
  const iterator = input.data[Symbol.asyncIterator]();
  const refuse = async (problem: UploadProblem) => {
    await drain(iterator);
    return { ok: false as const, refused: { name, problem } };
  };
  if (input.budget.filesLeft <= 0) return refuse('tooMany');

  // Read the head (a few kB) to judge the type before anything is stored.
  const headChunks: Uint8Array[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < headBytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    headChunks.push(next.value);
    headLength += next.value.length;
  }
  const head = concatBytes(headChunks, headLength);
  if (head.length === 0) return refuse('empty');
  const mediaType = sniffMediaType(head);
  const detected = await fileTypeFromBuffer(head);
  // Both must agree: our signature says an accepted type and file-type sees no other format.
  if (!mediaType || (detected && detected.mime !== mediaType)) return refuse('wrongType');

  const limit = Math.min(maxFileBytes, input.budget.bytesLeft);
  const hash = createHash('sha256');
  let size = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    const pass = (chunk: Uint8Array) => {
      size += chunk.length;
      if (size > limit) throw new TooLarge(size > maxFileBytes ? 'tooLarge' : 'totalTooLarge');
      hash.update(chunk);
      return chunk;
    };
    yield pass(head);
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield pass(next.value);
    }
  }

  const storageKey = `${input.fileId}/${randomUUID()}`;
  try {
    await store.put(storageKey, counted());
  } catch (error) {
    if (error instanceof TooLarge) return refuse(error.problem);
    // No room left: nothing was stored; the debtor is told so and the form keeps its values.
    if (isStorageFull(error)) return refuse('storageFull');
    throw error;
  }
  const [row] = await db
    .insert(t.uploads)
    .values({
      fileId: input.fileId,
      context: input.context,
      ownerId: null,
      originalName: name,
      mediaType,
      sizeBytes: size,
      storageKey,
      sha256: hash.digest('hex'),
    })
    .returning({ id: t.uploads.id });
  input.budget.bytesLeft -= size;
  input.budget.filesLeft -= 1;
  return { ok: true, upload: { id: row!.id, name, sizeBytes: size, mediaType } };
}

/** The outcome of the files of one request. */
export interface UploadOutcome {
  accepted: AcceptedUpload[];
  refused: RefusedUpload[];
}

/**
 * What the multipart reader (`multipart.ts`) feeds for one form: file parts of `fieldName` are
 * received into storage (never into the form data) and their outcome is collected in `outcome`;
 * file parts of any other field are read and dropped. Fields named `uploadId` that come before
 * the files count against the budget (files kept from an earlier attempt), so the 10 MB hold
 * across attempts too.
 */
export function createUploadHandler(
  db: Database,
  options: { fileId: number; context: UploadContext; fieldName?: string; store?: ObjectStore },
) {
  const fieldName = options.fieldName ?? 'files';
  const outcome: UploadOutcome = { accepted: [], refused: [] };
  const keptIds: number[] = [];
  let budget: UploadBudget | undefined;
  const onField = (name: string, value: string): void => {
    if (name !== 'uploadId') return;
    const id = Number(value);
    if (Number.isSafeInteger(id) && id > 0) keptIds.push(id);
  };
  const onFile = async (part: MultipartPart): Promise<void> => {
    const iterator = part.data[Symbol.asyncIterator]();
    if (part.name !== fieldName || !part.filename) {
      // An empty file input (no file chosen) or a file where none belongs: read and drop.
      await drain(iterator);
      return;
    }
    if (!budget) {
      const kept = await pendingUploads(db, { fileId: options.fileId, context: options.context, ids: keptIds });
      budget = freshBudget(
        kept.reduce((sum, u) => sum + u.sizeBytes, 0),
        kept.length,
      );
    }
    const result = await receiveFile(
      db,
      {
        fileId: options.fileId,
        context: options.context,
        filename: part.filename,
        data: { [Symbol.asyncIterator]: () => iterator },
        budget,
      },
      options.store,
    );
    if (result.ok) outcome.accepted.push(result.upload);
    else outcome.refused.push(result.refused);
  };
  return { onField, onFile, outcome };
}

// Pending uploads: re-offered after a failed attempt, attached when the form succeeds.

/** Pending uploads of the file and context among `ids`; ids of other files never match. */
export async function pendingUploads(
  db: Database,
  input: { fileId: number; context: UploadContext; ids: readonly number[] },
): Promise<AcceptedUpload[]> {
  const ids = input.ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: t.uploads.id,
      name: t.uploads.originalName,
      sizeBytes: t.uploads.sizeBytes,
      mediaType: t.uploads.mediaType,
    })
    .from(t.uploads)
    .where(
      and(
        eq(t.uploads.fileId, input.fileId),
        eq(t.uploads.context, input.context),
        isNull(t.uploads.ownerId),
        inArray(t.uploads.id, ids),
      ),
    )
    .orderBy(t.uploads.id);
  return rows;
}

/** Ids from form values (`uploadId` fields), deduplicated, garbage dropped. */
/** createUploadHandler and pendingUploads as a page's form reader calls them: they open the database themselves. */
export const uploadHandlerForPage = withDatabase(createUploadHandler);
export const pendingUploadsForPage = withDatabase(pendingUploads);

export function uploadIdsFrom(values: ReadonlyArray<FormDataEntryValue | string>): number[] {
  const ids = values
    .map((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

export type AttachProblem = 'notYours' | 'totalTooLarge' | 'tooMany';
export type AttachResult = { ok: true; uploads: AcceptedUpload[] } | { ok: false; problem: AttachProblem };

/**
 * Thrown inside a transaction when its uploads cannot be attached, so that the owner row written
 * just before is rolled back with them; the caller turns it back into a typed result.
 */
export class AttachRefused extends Error {
  constructor(readonly problem: AttachProblem) {
    super(`uploads not attached: ${problem}`);
  }
}

/**
 * Attaches pending uploads to their owner row (announced payment, message, request). Every id
 * must be a pending upload of this file and context, and together they must fit the limits;
 * otherwise nothing is attached.
 */
export async function attachUploads(
  db: Database,
  input: { fileId: number; context: UploadContext; ownerId: number; ids: readonly number[] },
): Promise<AttachResult> {
  const uploads = await pendingUploads(db, input);
  if (uploads.length !== input.ids.length) return { ok: false, problem: 'notYours' };
  if (uploads.length > maxFiles) return { ok: false, problem: 'tooMany' };
  if (uploads.reduce((sum, u) => sum + u.sizeBytes, 0) > maxTotalBytes) return { ok: false, problem: 'totalTooLarge' };
  if (uploads.length === 0) return { ok: true, uploads };
  await db
    .update(t.uploads)
    .set({ ownerId: input.ownerId })
    .where(
      and(
        eq(t.uploads.fileId, input.fileId),
        eq(t.uploads.context, input.context),
        isNull(t.uploads.ownerId),
        inArray(
          t.uploads.id,
          uploads.map((u) => u.id),
        ),
      ),
    );
  return { ok: true, uploads };
}

/**
 * attachUploads inside the transaction that writes their owner row: a refusal throws
 * AttachRefused, so that the owner row is rolled back with it. Returns the uploads attached.
 */
export async function attachOrRollBack(
  db: Database,
  input: { fileId: number; context: UploadContext; ownerId: number; ids: readonly number[] },
): Promise<AcceptedUpload[]> {
  const attached = await attachUploads(db, input);
  if (!attached.ok) throw new AttachRefused(attached.problem);
  return attached.uploads;
}

/**
 * A debtor's submission with attachments, in one transaction: `insert` writes the owner row
 * (`returning({ id })`), the pending uploads `ids` are attached to it, then `finish` writes what
 * follows (events, mails, the audit entry). A refused attachment rolls it all back and is the answer.
 */
export async function submitWithUploads(
  db: Database,
  submission: {
    attach: { fileId: number; context: UploadContext; ids: readonly number[] };
    insert: (tx: Database) => Promise<Array<{ id: number }>>;
    finish: (tx: Database, id: number, attachments: AcceptedUpload[]) => Promise<void>;
  },
): Promise<{ ok: true; id: number } | { ok: false; problem: AttachProblem }> {
  const { attach, insert, finish } = submission;
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const [row] = await insert(tx);
      const id = row!.id;
      const attachments = await attachOrRollBack(tx, { ...attach, ownerId: id });
      await finish(tx, id, attachments);
      return { ok: true as const, id };
    });
  } catch (error) {
    if (error instanceof AttachRefused) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** An upload of the session's file, for download; another file's upload is simply not found. */
export async function findUpload(db: Database, input: { fileId: number; id: number }) {
  return rowOfFile(db, t.uploads, input);
}

/** Removes a pending upload of the session's file (the debtor took it off the list). */
export async function discardPendingUpload(
  db: Database,
  input: { fileId: number; id: number },
  store: ObjectStore = objectStore(),
): Promise<boolean> {
  const [row] = await db
    .delete(t.uploads)
    .where(and(eq(t.uploads.fileId, input.fileId), eq(t.uploads.id, input.id), isNull(t.uploads.ownerId)))
    .returning({ storageKey: t.uploads.storageKey });
  if (!row) return false;
  await store.delete(row.storageKey);
  return true;
}

/**
 * The limit on sending files (server/limits/rate-limits.ts): counted per request, one or more
 * files, per file and per client address. The uploads endpoint of the forms and the JSON API ask it.
 */
export async function consumeUploadLimit(
  db: Database,
  input: { fileId: number; clientAddress: string | undefined },
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const limit = await consumeAll(db, [
    ['uploadFile', String(input.fileId)],
    ['uploadClient', input.clientAddress],
  ]);
  return limit.ok ? { ok: true } : { ok: false, retryAfterSeconds: limit.retryAfterSeconds };
}

/** findUpload as a page calls it: it opens the database itself (decision 077). */
export const findUploadForPage = withDatabase(findUpload);

/** consumeUploadLimit as a page calls it: it opens the database itself (decision 077). */
export const consumeUploadLimitForPage = withDatabase(consumeUploadLimit);
