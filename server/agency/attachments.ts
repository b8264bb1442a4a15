/**
 * The files debtors uploaded (receipts, requested documents, attachments of messages and disputes),
 * for the agency (issue 29: "attachments by signed, expiring URLs"). An event names its uploads by
 * id; `GET /agency/v1/uploads/{id}` (scope `files:read`) answers what the upload is and a download
 * link that works for a few minutes without a bearer token, as a presigned bucket URL does: the
 * agency's document system can fetch it directly, and a link copied into a log or a ticket is dead
 * soon after. The link is a token signed for this purpose (server/security/signed-token.ts) naming
 * the upload, the client it was made for and when it expires; the download is audited under that
 * client.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { readToken, signToken } from '../security/signed-token.ts';
import { objectStore } from '../uploads/storage.ts';

/** How long a download link works. */
export const attachmentLinkSeconds = 300;

const purpose = 'agency-attachment';
const tokenPayload = z.object({ u: z.number().int().positive(), c: z.string().min(1).max(100), e: z.number() });

export const uploadSchema = z
  .object({
    id: z.number().int().describe('The upload id events name (`uploadId`, `uploadIds`).'),
    file: z.object({ reference: z.string(), subcase: z.number().int() }).describe('The file it belongs to.'),
    context: z
      .enum(['announcedPayment', 'documentRequest', 'message', 'profileChange', 'proofOfIncome', 'dispute'])
      .describe('What the debtor uploaded it with.'),
    name: z.string().describe('The file name the debtor gave it.'),
    mediaType: z.enum(['image/jpeg', 'image/png', 'application/pdf', 'image/tiff']),
    sizeBytes: z.number().int(),
    sha256: z.string().describe('Hex SHA-256 of the bytes: check the download against it.'),
    uploadedAt: z.string().describe('ISO 8601, UTC.'),
    download: z.object({
      url: z
        .string()
        .describe('GET it without a bearer token until `expiresAt`; the bytes with the media type, as an attachment.'),
      expiresAt: z.string(),
    }),
  })
  .meta({ id: 'Upload', description: 'A file a debtor uploaded, with a download link that expires.' });

export type AgencyUpload = z.infer<typeof uploadSchema>;

async function uploadRow(db: Database, id: number) {
  const [row] = await db
    .select({ upload: t.uploads, refno: t.files.refno, subcase: t.files.subcase })
    .from(t.uploads)
    .innerJoin(t.files, eq(t.files.id, t.uploads.fileId))
    .where(eq(t.uploads.id, id));
  return row ?? null;
}

/** An upload as the agency sees it, with a download link made for `clientId`; null when there is none. */
export async function readUpload(
  db: Database,
  id: number,
  clientId: string,
  prefix: string,
  now: Date,
): Promise<AgencyUpload | null> {
  const row = await uploadRow(db, id);
  if (!row) return null;
  const expires = Math.floor(now.getTime() / 1000) + attachmentLinkSeconds;
  const token = signToken(purpose, { u: id, c: clientId, e: expires });
  return {
    id,
    file: { reference: row.refno, subcase: row.subcase },
    context: row.upload.context,
    name: row.upload.originalName,
    mediaType: row.upload.mediaType,
    sizeBytes: row.upload.sizeBytes,
    sha256: row.upload.sha256,
    uploadedAt: row.upload.createdAt.toISOString(),
    download: { url: `${prefix}/attachments/${token}`, expiresAt: new Date(expires * 1000).toISOString() },
  };
}

/** A download link's token as the path carries it (payload and signature, base64url). */
export const attachmentTokenPattern = /^\/attachments\/([A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43})$/;

/**
 * The bytes behind a download link, or why not: `invalid` for a token that is not one of ours or
 * has expired (the same answer, so that a guess learns nothing), `gone` when the upload or its bytes
 * are no longer there (the retention rules delete them).
 */
export async function openAttachment(
  db: Database,
  token: string,
  now: Date,
): Promise<
  | { ok: true; clientId: string; uploadId: number; response: Response }
  | { ok: false; reason: 'invalid' | 'gone'; clientId: string | null }
> {
  const payload = readToken(purpose, token, tokenPayload, now);
  if (!payload) return { ok: false, reason: 'invalid', clientId: null };
  const row = await uploadRow(db, payload.u);
  const stored = row ? await objectStore().open(row.upload.storageKey) : null;
  if (!row || !stored) return { ok: false, reason: 'gone', clientId: payload.c };
  const name = row.upload.originalName.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || `upload-${payload.u}`;
  return {
    ok: true,
    clientId: payload.c,
    uploadId: payload.u,
    response: new Response(stored.body, {
      status: 200,
      headers: {
        'content-type': row.upload.mediaType,
        'content-length': String(stored.sizeBytes),
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        digest: `sha-256=${Buffer.from(row.upload.sha256, 'hex').toString('base64')}`,
      },
    }),
  };
}
