/**
 * The creditor's invoices of a file as the agency's resource (issue 29 item 1, decision 101):
 * `PUT /agency/v1/files/{reference}/invoices/{id}` puts one under the agency's own id, with its
 * PDF, as `multipart/form-data` (a `metadata` JSON part and a `pdf` part); `GET …/invoices` lists
 * them, `GET …/invoices/{id}` answers one with a download link that expires, as uploads do
 * (server/agency/attachments.ts). The invoice is a row of `invoices` like any other: the claim
 * information page lists it and the debtor downloads its PDF by the page's own invoice route.
 *
 * Versioned as the other upserts (decision 099, server/agency/versions.ts): resource `invoice`,
 * keyed by `<reference>/<id>`, its digest taken over the metadata and the PDF's SHA-256 and size.
 * The same body again is 200 with the same ETag and writes nothing; a change needs If-Match.
 *
 * The PDF goes to the document store (a folder or a bucket) outside any transaction (decision
 * 087): under a key of its own for each put, so a stored document never changes under its key.
 * It is stored only when its bytes are not already the invoice's; a put that is refused or finds
 * the bytes already there deletes what it stored, and one that replaces the PDF deletes the old.
 *
 * `DELETE …/invoices/{id}` removes an invoice (decision 106: one attached to the wrong file may be
 * another debtor's): its row is deleted in the transaction, so the claim page no longer lists it
 * and neither the page's route nor a download link serves it, and its PDF is deleted from the
 * store after the transaction, as a replaced one is.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { documentStore, type DocumentStore } from '../documents/store.ts';
import { logger } from '../http/logger.ts';
import { BodyRefused, mediaTypeOf, maxMultipartBodyBytes, maxTextFieldBytes } from '../http/request-body.ts';
import { languages } from '../i18n/languages.ts';
import { readToken, signToken } from '../security/signed-token.ts';
import { readMultipart } from '../uploads/multipart.ts';
import { maxFileBytes } from '../uploads/rules.ts';
import { agencyFile } from './file-status.ts';
import { deletePart, type PartDeletion } from './parts.ts';
import { unstorableText } from './import/line.ts';
import { parseReference, referenceOf, type FileKey } from './reference.ts';
import {
  digestOf,
  lockVersion,
  upsertVersioned,
  versionFor,
  type Preconditions,
  type UpsertRefusal,
} from './versions.ts';

/** The largest PDF an invoice may have: the portal's upload limit (spec 9). */
export const maxInvoicePdfBytes = maxFileBytes;
/** How long a download link of an invoice's PDF works. */
export const invoiceLinkSeconds = 300;
/** The agency's own id of an invoice, as the path carries it. */
export const invoiceIdPattern = '[A-Za-z0-9_.:-]{1,64}';

export const agencyInvoiceInput = z
  .object({
    number: z.string().trim().min(1).max(64).describe('The creditor’s invoice number, as printed on it.'),
    date: z.iso.date().describe('The invoice date (YYYY-MM-DD).'),
    dueDate: z.iso.date().nullable().default(null).describe('When it was due (YYYY-MM-DD), or null.'),
    amountMinor: z
      .number()
      .int()
      .positive()
      .max(100_000_000)
      .describe('The invoice’s amount in minor units (cents, öre, øre).'),
    currency: z.enum(['EUR', 'CHF', 'SEK', 'NOK']).describe('Must be the file’s currency.'),
    description: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe('What the invoice is for, in the creditor’s words: the claim page shows it.'),
    descriptions: z
      .partialRecord(z.enum(languages), z.string().trim().min(1).max(500))
      .nullable()
      .default(null)
      .describe('The description in other languages of the portal, where known; others show `description`.'),
  })
  .strict()
  .meta({ id: 'AgencyInvoiceInput', description: 'The `metadata` part of an invoice put.' });

export type AgencyInvoiceInput = z.output<typeof agencyInvoiceInput>;

export const agencyInvoiceSchema = z
  .object({
    id: z.string().describe('The agency’s own id of the invoice.'),
    reference: z.string().describe('The file’s reference, `-<subcase>` when not 1.'),
    number: z.string(),
    date: z.string(),
    dueDate: z.string().nullable(),
    amountMinor: z.number().int(),
    currency: z.string(),
    description: z.string(),
    descriptions: z.record(z.string(), z.string()).nullable(),
    pdf: z
      .object({
        sizeBytes: z.number().int(),
        sha256: z.string().describe('Hex SHA-256 of the PDF as stored: check a download against it.'),
      })
      .describe('The PDF the debtor downloads from the claim page.'),
  })
  .meta({ id: 'AgencyInvoice', description: 'An invoice of a file, put by the agency, with its PDF.' });

export type AgencyInvoice = z.infer<typeof agencyInvoiceSchema>;

export const agencyInvoiceWithLinkSchema = agencyInvoiceSchema
  .extend({
    download: z.object({
      url: z
        .string()
        .describe('GET it without a bearer token until `expiresAt`: the PDF, as an attachment, with a `Digest`.'),
      expiresAt: z.string(),
    }),
  })
  .meta({ id: 'AgencyInvoiceWithLink', description: 'An invoice with a download link of its PDF that expires.' });

export type AgencyInvoiceWithLink = z.infer<typeof agencyInvoiceWithLinkSchema>;

/** What a multipart body of an invoice put holds once read: the metadata and the PDF's bytes. */
export interface InvoiceBody {
  metadata: AgencyInvoiceInput;
  pdf: Uint8Array;
}

export type InvoiceBodyProblem = {
  status: 400 | 413 | 415 | 422;
  code: 'invalid' | 'brokenBody' | 'tooLarge' | 'unsupportedMediaType' | 'brokenPdf';
  detail?: string;
  issues?: Array<{ path: string; message: string }>;
};

const pdfMagic = Buffer.from('%PDF-');
const pdfTrailer = Buffer.from('%%EOF');

/**
 * Whether the bytes are a PDF: `%PDF-` first (else 415), and `%%EOF` within the last kilobyte
 * (else 422: a PDF cut short on its way). Nothing more of the PDF is parsed.
 */
export function checkPdf(bytes: Uint8Array): InvoiceBodyProblem | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.byteLength === 0)
    return { status: 400, code: 'invalid', issues: [{ path: 'pdf', message: 'an empty file' }] };
  if (!buffer.subarray(0, pdfMagic.length).equals(pdfMagic))
    return {
      status: 415,
      code: 'unsupportedMediaType',
      detail: 'The pdf part is not a PDF (it does not start %PDF-).',
    };
  if (!buffer.subarray(Math.max(0, buffer.byteLength - 1024)).includes(pdfTrailer))
    return { status: 422, code: 'brokenPdf', detail: 'The PDF has no %%EOF at its end: it was cut short.' };
  return null;
}

async function collect(data: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of data) {
    size += chunk.byteLength;
    // Read to the end (the parser waits for it), but keep nothing past the limit.
    if (size > limit) over = true;
    else chunks.push(chunk);
  }
  return over ? null : Buffer.concat(chunks);
}

/**
 * Reads an invoice put: `multipart/form-data` with exactly a `metadata` part (JSON, as a field or
 * a file part) and a `pdf` part (a file part). Every way it can be wrong is a problem to answer
 * (415 another media type or bytes that are no PDF, 413 a PDF over 10 MB or a body over its
 * limit, 400 a broken body, missing, repeated or unknown parts or invalid metadata, 422 a PDF cut
 * short), never an exception.
 */
export async function readInvoiceBody(
  request: Request,
): Promise<{ ok: true; body: InvoiceBody } | { ok: false; problem: InvoiceBodyProblem }> {
  const contentType = request.headers.get('content-type');
  if (mediaTypeOf(contentType) !== 'multipart/form-data')
    return {
      ok: false,
      problem: {
        status: 415,
        code: 'unsupportedMediaType',
        detail: 'Send multipart/form-data with a `metadata` part (JSON) and a `pdf` part.',
      },
    };
  const seen = new Map<string, number>();
  const unknown: string[] = [];
  let metadataText: string | null = null;
  let pdf: Uint8Array | null = null;
  let pdfTooLarge = false;
  const note = (name: string) => {
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (name !== 'metadata' && name !== 'pdf') unknown.push(name);
  };
  try {
    await readMultipart(
      { contentType: contentType!, body: request.body, maxBodyBytes: maxMultipartBodyBytes },
      {
        onField: (name, value) => {
          note(name);
          if (name === 'metadata') metadataText = value;
        },
        onFile: async (part) => {
          note(part.name);
          if (part.name === 'pdf') {
            const bytes = await collect(part.data, maxInvoicePdfBytes);
            if (bytes) pdf = bytes;
            else pdfTooLarge = true;
          } else if (part.name === 'metadata') {
            const bytes = await collect(part.data, maxTextFieldBytes);
            if (!bytes) throw new BodyRefused('fieldTooLarge');
            metadataText = new TextDecoder().decode(bytes);
          } else await collect(part.data, 0);
        },
      },
    );
  } catch (error) {
    const refusal = error instanceof BodyRefused ? error : new BodyRefused('brokenForm');
    return {
      ok: false,
      problem:
        refusal.status === 413
          ? { status: 413, code: 'tooLarge' }
          : { status: 400, code: 'brokenBody', detail: 'The multipart body could not be read.' },
    };
  }
  if (pdfTooLarge)
    return {
      ok: false,
      problem: { status: 413, code: 'tooLarge', detail: `The PDF is over ${maxInvoicePdfBytes} bytes.` },
    };
  const issues: Array<{ path: string; message: string }> = [];
  for (const name of unknown) issues.push({ path: name, message: 'an unknown part' });
  for (const name of ['metadata', 'pdf']) {
    const count = seen.get(name) ?? 0;
    if (count === 0) issues.push({ path: name, message: 'missing' });
    if (count > 1) issues.push({ path: name, message: 'sent more than once' });
  }
  if (seen.has('pdf') && !pdf && !issues.some((issue) => issue.path === 'pdf'))
    issues.push({ path: 'pdf', message: 'must be a file part' });
  if (issues.length > 0) return { ok: false, problem: { status: 400, code: 'invalid', issues } };
  const text: string = metadataText ?? '';
  const unstorable = unstorableText(text);
  if (unstorable)
    return {
      ok: false,
      problem: { status: 400, code: 'invalid', issues: [{ path: 'metadata', message: unstorable }] },
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: { status: 400, code: 'brokenBody', detail: 'The metadata part is not JSON.' } };
  }
  const metadata = agencyInvoiceInput.safeParse(value);
  if (!metadata.success)
    return {
      ok: false,
      problem: {
        status: 400,
        code: 'invalid',
        issues: metadata.error.issues.map((issue) => ({
          path: ['metadata', ...issue.path.map(String)].join('.'),
          message: issue.message,
        })),
      },
    };
  const bad = checkPdf(pdf!);
  if (bad) return { ok: false, problem: bad };
  return { ok: true, body: { metadata: metadata.data, pdf: pdf! } };
}

type InvoiceRow = typeof t.invoices.$inferSelect;

const versionKey = (ref: FileKey, id: string) => `${referenceOf(ref)}/${id}`;

/** The invoice as the agency sees it, its fields in one fixed order (the digest is taken over it). */
function invoiceOf(row: InvoiceRow, reference: string, currency: string): AgencyInvoice {
  return {
    id: row.agencyId!,
    reference,
    number: row.invoiceNumber,
    date: row.invoiceDate,
    dueDate: row.dueDate,
    amountMinor: row.amountMinor,
    currency,
    description: row.description,
    descriptions: row.descriptions ?? null,
    pdf: { sizeBytes: row.documentBytes ?? 0, sha256: row.documentSha256 ?? '' },
  };
}

/** The file's invoice under the agency's id, locked for the caller's transaction with `lock`. */
async function invoiceRow(db: Database, fileId: number, agencyId: string, lock = false): Promise<InvoiceRow | null> {
  const query = db
    .select()
    .from(t.invoices)
    .where(and(eq(t.invoices.fileId, fileId), eq(t.invoices.agencyId, agencyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A fresh key in the document store for a PDF of this file; a key is never written twice. */
const freshKey = (fileId: number) => `agency-invoices/${fileId}/${randomBytes(12).toString('hex')}.pdf`;

export type InvoiceWrite =
  | { ok: true; created: boolean; changed: boolean; invoice: AgencyInvoice; version: number }
  | { ok: false; problem: 'notFound' }
  | { ok: false; problem: 'currency'; expected: string }
  | UpsertRefusal;

/**
 * PUT /files/{reference}/invoices/{id}: makes the invoice or updates it to the body. The same
 * body again changes nothing and keeps the version; a change needs If-Match (428, 412, nothing
 * written). The PDF is stored before the transaction, only when it is not the invoice's already.
 */
export async function putAgencyInvoice(
  db: Database,
  reference: string,
  agencyId: string,
  body: InvoiceBody,
  preconditions: Preconditions,
  now = new Date(),
  store: DocumentStore = documentStore(),
): Promise<InvoiceWrite> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const sha256 = createHash('sha256').update(body.pdf).digest('hex');
  const file = await agencyFile(db, ref, false);
  if (!file) return { ok: false, problem: 'notFound' };
  if (body.metadata.currency !== file.currency) return { ok: false, problem: 'currency', expected: file.currency };
  const before = await invoiceRow(db, file.id, agencyId);
  // The PDF this put may use: the invoice's own when its bytes are the same, else stored anew.
  let stored: string | null = null;
  if (before?.documentSha256 !== sha256) {
    stored = freshKey(file.id);
    await store.put(stored, body.pdf);
  }
  let outcome: (InvoiceWrite & { used: string | null; replaced: string | null }) | 'again' = 'again';
  try {
    for (let attempt = 0; attempt < 3 && outcome === 'again'; attempt++) {
      if (attempt > 0 && !stored) {
        // The invoice's PDF changed between the look above and the transaction: store ours.
        stored = freshKey(file.id);
        await store.put(stored, body.pdf);
      }
      outcome = await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const known = await lockVersion(tx, 'invoice', versionKey(ref, agencyId));
        // The file's row locked: two puts of a new invoice meet one after the other.
        const locked = await agencyFile(tx, ref, true);
        if (!locked) return { ok: false, problem: 'notFound', used: null, replaced: null } as const;
        const existing = await invoiceRow(tx, locked.id, agencyId);
        const documentKey = existing?.documentSha256 === sha256 ? existing.documentKey : stored;
        if (!documentKey) return 'again' as const;
        const reading = async (q: Database) => {
          const row = await invoiceRow(q, locked.id, agencyId);
          return row && invoiceOf(row, referenceOf(ref), locked.currency);
        };
        const result = await upsertVersioned<AgencyInvoice>(tx, {
          resource: 'invoice',
          key: versionKey(ref, agencyId),
          known,
          preconditions,
          now,
          read: reading,
          write: async (q) => {
            const values = {
              invoiceNumber: body.metadata.number,
              invoiceDate: body.metadata.date,
              dueDate: body.metadata.dueDate,
              amountMinor: body.metadata.amountMinor,
              description: body.metadata.description,
              descriptions: body.metadata.descriptions,
              documentKey,
              documentSha256: sha256,
              documentBytes: body.pdf.byteLength,
            };
            if (existing) await q.update(t.invoices).set(values).where(eq(t.invoices.id, existing.id));
            else await q.insert(t.invoices).values({ ...values, fileId: locked.id, agencyId });
          },
        });
        if (!result.ok) return { ...result, used: null, replaced: null };
        const replaced =
          result.changed && existing?.documentKey && existing.documentKey !== documentKey ? existing.documentKey : null;
        return {
          ok: true,
          created: result.created,
          changed: result.changed,
          invoice: result.state,
          version: result.version,
          used: result.changed ? documentKey : (existing?.documentKey ?? null),
          replaced,
        } as const;
      });
    }
  } finally {
    // What this put stored and no invoice uses (refused, the same bytes found after all, a failure),
    // and the PDF it replaced: deleted after the transaction. A failed delete leaves a file behind, never a row without one.
    const unused = [
      typeof outcome === 'object' && stored !== null && outcome.used !== stored ? stored : null,
      typeof outcome === 'object' ? outcome.replaced : null,
      outcome === 'again' ? stored : null,
    ];
    for (const key of unused)
      if (key)
        await store
          .delete(key)
          .catch((error: unknown) => logger.error({ err: error, key }, 'deleting an unused invoice PDF failed'));
  }
  if (outcome === 'again') throw new Error(`the invoice ${agencyId} of ${reference} kept changing`);
  const { used: _used, replaced: _replaced, ...result } = outcome;
  return result;
}

/**
 * DELETE /files/{reference}/invoices/{id} (parts.ts `deletePart`): the invoice's row deleted, then
 * its PDF deleted from the store once the transaction has committed (a failed delete leaves a file
 * behind and is logged, never a row without its PDF).
 */
export async function deleteAgencyInvoice(
  db: Database,
  reference: string,
  agencyId: string,
  preconditions: Preconditions,
  now = new Date(),
  store: DocumentStore = documentStore(),
): Promise<PartDeletion<AgencyInvoice>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  // The PDF of the row the DELETE removed, to delete from the store once the row is gone for good.
  const removed: { documentKey: string | null } = { documentKey: null };
  const result = await deletePart(
    db,
    ref,
    { resource: 'invoice', key: versionKey(ref, agencyId) },
    preconditions,
    now,
    {
      row: (tx, file, lock) => invoiceRow(tx, file.id, agencyId, lock),
      of: (row, file) => invoiceOf(row, referenceOf(ref), file.currency),
      withdrawn: () => false,
      taken: () => false,
      write: async (tx, _file, row) => {
        removed.documentKey = row.documentKey;
        await tx.delete(t.invoices).where(eq(t.invoices.id, row.id));
      },
    },
  );
  const key = result.ok && result.withdrawn ? removed.documentKey : null;
  if (key)
    await store
      .delete(key)
      .catch((error: unknown) => logger.error({ err: error, key }, 'deleting a deleted invoice’s PDF failed'));
  return result;
}

/** GET /files/{reference}/invoices: the invoices the agency put on the file, by date. Null: no such file. */
export async function listAgencyInvoices(db: Database, reference: string): Promise<AgencyInvoice[] | null> {
  const ref = parseReference(reference);
  if (!ref) return null;
  const file = await agencyFile(db, ref, false);
  if (!file) return null;
  const rows = await db
    .select()
    .from(t.invoices)
    .where(and(eq(t.invoices.fileId, file.id), isNotNull(t.invoices.agencyId)))
    .orderBy(asc(t.invoices.invoiceDate), asc(t.invoices.id));
  return rows.map((row) => invoiceOf(row, referenceOf(ref), file.currency));
}

const linkPurpose = 'agency-invoice';
const linkPayload = z.object({
  i: z.number().int().positive(),
  s: z.string().length(64),
  c: z.string().min(1).max(100),
  e: z.number(),
});

/**
 * GET /files/{reference}/invoices/{id}: the invoice with a download link of its PDF made for
 * `clientId`, working for `invoiceLinkSeconds`; the link names the PDF's SHA-256, so that it
 * never serves another PDF put since. Null: no such file or invoice.
 */
export async function readAgencyInvoice(
  db: Database,
  reference: string,
  agencyId: string,
  clientId: string,
  prefix: string,
  now: Date,
): Promise<{ invoice: AgencyInvoiceWithLink; version: number } | null> {
  const ref = parseReference(reference);
  if (!ref) return null;
  const seen = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, 'invoice', versionKey(ref, agencyId));
    const file = await agencyFile(tx, ref, false);
    const row = file ? await invoiceRow(tx, file.id, agencyId) : null;
    if (!file || !row) return null;
    const invoice = invoiceOf(row, referenceOf(ref), file.currency);
    const recorded = await versionFor(tx, 'invoice', versionKey(ref, agencyId), digestOf(invoice), now, known);
    return { row, invoice, version: recorded.version };
  });
  if (!seen) return null;
  const { row, invoice, version } = seen;
  const expires = Math.floor(now.getTime() / 1000) + invoiceLinkSeconds;
  const token = signToken(linkPurpose, { i: row.id, s: row.documentSha256, c: clientId, e: expires });
  return {
    invoice: {
      ...invoice,
      download: { url: `${prefix}/invoice-pdfs/${token}`, expiresAt: new Date(expires * 1000).toISOString() },
    },
    version,
  };
}

/** A download link's token as the path carries it (payload and signature, base64url). */
export const invoicePdfTokenPattern = /^\/invoice-pdfs\/([A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43})$/;

/**
 * The PDF behind a download link, or why not: `invalid` for a token that is not one of ours, has
 * expired, or names a PDF the invoice no longer has (the same answer, so a guess learns nothing);
 * `gone` when the invoice or its bytes are no longer there.
 */
export async function openInvoicePdf(
  db: Database,
  token: string,
  now: Date,
  store: DocumentStore = documentStore(),
): Promise<
  | { ok: true; clientId: string; response: Response }
  | { ok: false; reason: 'invalid' | 'gone'; clientId: string | null }
> {
  const payload = readToken(linkPurpose, token, linkPayload, now);
  if (!payload) return { ok: false, reason: 'invalid', clientId: null };
  const [row] = await db.select().from(t.invoices).where(eq(t.invoices.id, payload.i));
  if (row && row.documentSha256 !== payload.s) return { ok: false, reason: 'invalid', clientId: payload.c };
  const opened = row?.documentKey ? await store.open(row.documentKey) : null;
  if (!row || !opened) return { ok: false, reason: 'gone', clientId: payload.c };
  const name = `${row.invoiceNumber.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || `invoice-${row.id}`}.pdf`;
  return {
    ok: true,
    clientId: payload.c,
    response: new Response(opened.body, {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(opened.sizeBytes),
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        digest: `sha-256=${Buffer.from(payload.s, 'hex').toString('base64')}`,
      },
    }),
  };
}
