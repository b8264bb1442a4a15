/**
 * The documents the agency asks a debtor for, as its resource (decision 102): `PUT
 * /files/{reference}/requested-documents` with the list of document templates asked for, in the
 * order the upload centre shows them; versioned as every upsert of the agency (decision 099).
 *
 * The debtor sees them as the demo file 100000012 shows its requests: rows of `document_requests`
 * in the upload centre (title and hint per template in every language, locales/<lang>/uploads.json)
 * and the dashboard's "documents still missing". A list with documents turns the file's upload
 * centre on, as the portal does when it asks for a proof of income itself.
 *
 * What the debtor did is kept: a document listed again keeps its status (uploaded, postponed) and
 * its uploads; an uploaded document left out of the list stays, uploaded (it was sent); a document
 * not uploaded and left out is no longer asked for (its row is deleted).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { documentRequestsWithUploads } from '../documents/upload-center.ts';
import { parseReference, referenceOf } from './reference.ts';
import { putStandingPart, readPart, type StandingPartWrite } from './parts.ts';
import type { Preconditions } from './versions.ts';

/**
 * The document templates the upload centre can show, with the category the portal files them
 * under (the demo's and the instalment plan's own requests use the same): each has its title and
 * hint in every language of the portal.
 */
export const documentTemplates = {
  identityDocument: 'identity',
  proofOfIncome: 'income',
  paymentReceipt: 'payments',
} as const;

export type DocumentTemplate = keyof typeof documentTemplates;
const templateIds = Object.keys(documentTemplates) as [DocumentTemplate, ...DocumentTemplate[]];

export const agencyRequestedDocumentsInput = z
  .object({
    documents: z
      .array(
        z
          .object({
            templateId: z
              .enum(templateIds)
              .describe(
                'The document asked for: `identityDocument`, `proofOfIncome` or `paymentReceipt` (titled and explained to the debtor in each language).',
              ),
          })
          .strict(),
      )
      .max(templateIds.length)
      .refine((list) => new Set(list.map((d) => d.templateId)).size === list.length, 'a template is listed twice')
      .describe('Every document asked for, in the order the upload centre shows them; an empty list asks for none.'),
  })
  .strict()
  .meta({ id: 'AgencyRequestedDocumentsInput', description: 'The documents the agency asks the debtor for.' });

export type AgencyRequestedDocumentsInput = z.output<typeof agencyRequestedDocumentsInput>;

const statusNames = { requested: 'requested', Uploaded: 'uploaded', UploadLater: 'postponed' } as const;

export const agencyRequestedDocumentsSchema = z
  .object({
    reference: z.string().describe('The file’s reference, `-<subcase>` when not 1.'),
    documents: z.array(
      z.object({
        templateId: z.string(),
        category: z.string(),
        position: z.number().int().describe('Its place in the upload centre (1 first).'),
        status: z
          .enum(['requested', 'uploaded', 'postponed'])
          .describe(
            '`requested` (not answered), `uploaded` by the debtor, `postponed` (the debtor will send it later).',
          ),
        uploadIds: z
          .array(z.number().int())
          .describe('The debtor’s uploads of it: `GET /uploads/{id}` answers each with a download link.'),
      }),
    ),
  })
  .meta({
    id: 'AgencyRequestedDocuments',
    description:
      'The documents asked for and what the debtor did; an uploaded document stays listed when a later list leaves it out.',
  });

export type AgencyRequestedDocuments = z.infer<typeof agencyRequestedDocumentsSchema>;

type RequestRow = typeof t.documentRequests.$inferSelect;

async function requestRows(db: Database, fileId: number): Promise<RequestRow[]> {
  return db
    .select()
    .from(t.documentRequests)
    .where(eq(t.documentRequests.fileId, fileId))
    .orderBy(asc(t.documentRequests.categoryPosition), asc(t.documentRequests.id));
}

async function readDocuments(db: Database, fileId: number, reference: string): Promise<AgencyRequestedDocuments> {
  const rows = await documentRequestsWithUploads(db, fileId);
  return {
    reference,
    documents: rows.map((r) => ({
      templateId: r.templateId,
      category: r.category,
      position: r.categoryPosition,
      status: statusNames[r.status],
      uploadIds: r.uploads.map((u) => u.id),
    })),
  };
}

export type RequestedDocumentsRead =
  { ok: true; documents: AgencyRequestedDocuments; version: number } | { ok: false; problem: 'notFound' };

/** GET /files/{reference}/requested-documents: the documents with the list's version. */
export async function readAgencyRequestedDocuments(
  db: Database,
  reference: string,
  now = new Date(),
): Promise<RequestedDocumentsRead> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  const read = await readPart(db, ref, { resource: 'requestedDocuments', key }, now, (tx, file) =>
    readDocuments(tx, file.id, key),
  );
  return read.ok ? { ok: true, documents: read.part, version: read.version } : { ok: false, problem: 'notFound' };
}

/**
 * PUT /files/{reference}/requested-documents. The list always exists (empty at first): a change of
 * a list with documents needs `If-Match` (the debtor's answers and the portal's own requests count
 * it up), a list with none yet does not; the same list again writes nothing. Always 200. Locks: the
 * version row, then the file's row (a debtor's upload changes one row and is seen by the digest).
 */
export async function putAgencyRequestedDocuments(
  db: Database,
  reference: string,
  input: AgencyRequestedDocumentsInput,
  preconditions: Preconditions,
  now = new Date(),
): Promise<StandingPartWrite<AgencyRequestedDocuments>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  return putStandingPart(db, ref, { resource: 'requestedDocuments', key }, preconditions, now, {
    read: (tx, file) => readDocuments(tx, file.id, key),
    // While nothing is asked for, nothing of the debtor's can be overwritten.
    unset: (documents) => documents.documents.length === 0,
    write: (tx, file) => writeDocuments(tx, file.id, input, now),
  });
}

async function writeDocuments(db: Database, fileId: number, input: AgencyRequestedDocumentsInput, now: Date) {
  const rows = await requestRows(db, fileId);
  const listed = input.documents.map((d) => d.templateId as string);
  // Left out and not uploaded: no longer asked for. An uploaded document stays, as it was sent.
  const withdrawn = rows.filter((r) => !listed.includes(r.templateId) && r.status !== 'Uploaded').map((r) => r.id);
  if (withdrawn.length > 0) await db.delete(t.documentRequests).where(inArray(t.documentRequests.id, withdrawn));
  for (const [index, { templateId }] of input.documents.entries()) {
    const position = index + 1;
    const category = documentTemplates[templateId];
    const same = rows.filter((r) => r.templateId === templateId);
    if (same.length === 0) {
      await db.insert(t.documentRequests).values({ fileId, templateId, category, categoryPosition: position });
      continue;
    }
    // Listed again: its place and category follow the list, its status and uploads stay.
    const moved = same.filter((r) => r.categoryPosition !== position || r.category !== category).map((r) => r.id);
    if (moved.length > 0)
      await db
        .update(t.documentRequests)
        .set({ categoryPosition: position, category, updatedAt: now })
        .where(inArray(t.documentRequests.id, moved));
  }
  // Documents asked for show in the upload centre (as a request the portal makes itself turns it on).
  if (listed.length > 0)
    await db
      .update(t.files)
      .set({ showUploadCenter: true })
      .where(and(eq(t.files.id, fileId), eq(t.files.showUploadCenter, false)));
}
