/**
 * The upload center (spec 3 "Upload center", 4.3 "Upload"): documents the agency asked for,
 * sorted by category position; each is answered with an upload (status Uploaded) or postponed
 * (UploadLater). After each answer the requested-documents flag is worked out again.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { auditDebtor } from '../audit/log.ts';
import { getDatabase, withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { fileAddressee, mailAddresseeReceipt } from '../mail/addressee.ts';
import { attachUploads } from '../uploads/receive.ts';

export type DocumentStatus = (typeof t.documentRequests.$inferSelect)['status'];

export interface RequestedDocument {
  id: number;
  templateId: string;
  category: string;
  categoryPosition: number;
  status: DocumentStatus;
  uploads: Array<{ id: number; name: string }>;
}

export interface UploadCenterView {
  showUploadCenter: boolean;
  documents: RequestedDocument[];
  /** Some document has not been answered yet (neither uploaded nor postponed). */
  hasRequestedDocuments: boolean;
  /** Documents still missing (requested or postponed). */
  outstanding: number;
}

export function summarise(documents: ReadonlyArray<Pick<RequestedDocument, 'status'>>) {
  return {
    hasRequestedDocuments: documents.some((d) => d.status === 'requested'),
    outstanding: documents.filter((d) => d.status !== 'Uploaded').length,
  };
}

/**
 * Whether the debtor sees the upload centre: when the file's flag says so, or while a document
 * asked for is still missing. The flag is the agency's (its line's `showUploadCenter`, default
 * false); a line or whole-file PUT that leaves it false must not hide documents the agency asked
 * for through `/requested-documents` or the portal asked for with a plan (decision 102).
 */
export function uploadCenterShown(flag: boolean, documents: ReadonlyArray<Pick<RequestedDocument, 'status'>>): boolean {
  return flag || summarise(documents).outstanding > 0;
}

/** Whether the file is offered the upload center (`uploadCenterShown`): the service hub's tile. */
export async function uploadCenterOffered(fileId: number): Promise<boolean> {
  const db = await getDatabase();
  const [file] = await db.select({ show: t.files.showUploadCenter }).from(t.files).where(eq(t.files.id, fileId));
  if (!file) return false;
  if (file.show) return true;
  const documents = await db
    .select({ status: t.documentRequests.status })
    .from(t.documentRequests)
    .where(eq(t.documentRequests.fileId, fileId));
  return uploadCenterShown(file.show, documents);
}

/**
 * A file's document requests in the upload centre's order, each with the uploads made for it
 * (oldest first): what the upload centre shows, and what the agency reads back
 * (server/agency/requested-documents.ts).
 */
export async function documentRequestsWithUploads(db: Database, fileId: number) {
  const rows = await db
    .select()
    .from(t.documentRequests)
    .where(eq(t.documentRequests.fileId, fileId))
    .orderBy(asc(t.documentRequests.categoryPosition), asc(t.documentRequests.id));
  const uploads = rows.length
    ? await db
        .select({ id: t.uploads.id, name: t.uploads.originalName, ownerId: t.uploads.ownerId })
        .from(t.uploads)
        .where(
          and(
            eq(t.uploads.fileId, fileId),
            eq(t.uploads.context, 'documentRequest'),
            isNotNull(t.uploads.ownerId),
            inArray(
              t.uploads.ownerId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(t.uploads.id))
    : [];
  return rows.map((row) => ({
    ...row,
    uploads: uploads.filter((u) => u.ownerId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function loadUploadCenter(db: Database, fileId: number): Promise<UploadCenterView> {
  const [file] = await db.select({ show: t.files.showUploadCenter }).from(t.files).where(eq(t.files.id, fileId));
  const rows = await documentRequestsWithUploads(db, fileId);
  const documents = rows.map((r) => ({
    id: r.id,
    templateId: r.templateId,
    category: r.category,
    categoryPosition: r.categoryPosition,
    status: r.status,
    uploads: r.uploads,
  }));
  return { showUploadCenter: uploadCenterShown(file?.show ?? false, documents), documents, ...summarise(documents) };
}

interface Ctx {
  fileId: number;
  debtorId: number;
  language: string;
  clientAddress?: string;
  now?: Date;
}

const requestIdSchema = z.coerce.number().int().positive();

async function ownRequest(db: Database, fileId: number, requestId: unknown) {
  const parsed = requestIdSchema.safeParse(requestId);
  if (!parsed.success) return null;
  const [row] = await db
    .select()
    .from(t.documentRequests)
    .where(and(eq(t.documentRequests.id, parsed.data), eq(t.documentRequests.fileId, fileId)));
  return row ?? null;
}

export type UploadProblem =
  'unknownDocument' | 'alreadyUploaded' | 'noFiles' | 'notYours' | 'totalTooLarge' | 'tooMany';
export type AnswerResult = { ok: true; view: UploadCenterView } | { ok: false; problem: UploadProblem };

/** Attaches the debtor's pending uploads to a requested document: it becomes Uploaded. */
export async function uploadRequestedDocument(
  db: Database,
  ctx: Ctx,
  input: { requestId: unknown; uploadIds: number[] },
): Promise<AnswerResult> {
  const request = await ownRequest(db, ctx.fileId, input.requestId);
  if (!request) return { ok: false, problem: 'unknownDocument' };
  if (request.status === 'Uploaded') return { ok: false, problem: 'alreadyUploaded' };
  if (input.uploadIds.length === 0) return { ok: false, problem: 'noFiles' };
  const now = ctx.now ?? new Date();
  const outcome = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const attached = await attachUploads(tx, {
      fileId: ctx.fileId,
      context: 'documentRequest',
      ownerId: request.id,
      ids: input.uploadIds,
    });
    if (!attached.ok) return attached;
    await tx
      .update(t.documentRequests)
      .set({ status: 'Uploaded', updatedAt: now })
      .where(eq(t.documentRequests.id, request.id));
    const file = await fileAddressee(tx, ctx.fileId);
    if (file) await mailAddresseeReceipt(tx, file.email, file, ctx, { kind: 'documents' });
    await auditDebtor(tx, ctx, 'documents.uploaded', {
      at: now,
      detail: { requestId: request.id, templateId: request.templateId, files: attached.uploads.length },
    });
    return attached;
  });
  if (!outcome.ok) return { ok: false, problem: outcome.problem };
  return { ok: true, view: await loadUploadCenter(db, ctx.fileId) };
}

/** The debtor will send the document later: UploadLater. */
export async function postponeRequestedDocument(
  db: Database,
  ctx: Ctx,
  input: { requestId: unknown },
): Promise<AnswerResult> {
  const request = await ownRequest(db, ctx.fileId, input.requestId);
  if (!request) return { ok: false, problem: 'unknownDocument' };
  if (request.status === 'Uploaded') return { ok: false, problem: 'alreadyUploaded' };
  const now = ctx.now ?? new Date();
  await db
    .update(t.documentRequests)
    .set({ status: 'UploadLater', updatedAt: now })
    .where(eq(t.documentRequests.id, request.id));
  await auditDebtor(db, ctx, 'documents.postponed', {
    at: now,
    detail: { requestId: request.id, templateId: request.templateId },
  });
  return { ok: true, view: await loadUploadCenter(db, ctx.fileId) };
}

/** loadUploadCenter as a page calls it: it opens the database itself (decision 077). */
export const loadUploadCenterForPage = withDatabase(loadUploadCenter);
