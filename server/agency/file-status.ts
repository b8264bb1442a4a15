/**
 * The first upsert resource of the agency API (decision 086): a file's status code and sub-state,
 * addressed by the agency's own key (the reference number, `-<subcase>` when it is not 1) and
 * versioned by the file's one version, which the whole file (server/agency/files.ts) shares
 * (decision 099): a change of the status counts it up, and so does any other change of the file.
 * The ETag is the version. `If-Match` with another version is refused (412) and changes nothing;
 * the same body sent again changes nothing and keeps the version (an idempotent retry). The
 * version row and the file row are locked while the version is compared and set.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { changeFileStatus } from '../claims/status-change.ts';
import { fileVersion, observeFile, readFileState, type FileState } from './files.ts';
import { parseReference } from './reference.ts';
import { matches } from './versions.ts';

export const fileStatusInput = z
  .object({
    statusCode: z.enum(t.statusCodes).describe('The status code of spec section 4.2.'),
    subState: z.enum(t.subStates).nullable().default(null).describe('The sub-state of status 2, else null.'),
    statusDate: z.iso.date().describe('Since when the status holds (YYYY-MM-DD).'),
    reason: z.string().max(500).optional().describe('Why, in the agency system’s words (kept in the status history).'),
  })
  .strict()
  .meta({ id: 'FileStatusInput' });

export const fileStatusSchema = z
  .object({
    reference: z.string().describe('The reference number, with `-<subcase>` when the subcase is not 1.'),
    statusCode: z.enum(t.statusCodes),
    subState: z.enum(t.subStates).nullable(),
    statusDate: z.string(),
    version: z
      .number()
      .int()
      .describe(
        'The file’s version, shared with the whole file (`getFile`): counted up by every change; also the ETag.',
      ),
  })
  .meta({ id: 'FileStatus' });

export type FileStatus = z.infer<typeof fileStatusSchema>;

/**
 * A file the agency names by its reference, unless deleted; with `lock` its row is locked for the
 * caller's transaction (a booking), so that two calls meet one after the other.
 */
export async function agencyFile(db: Database, ref: { refno: string; subcase: number }, lock: boolean) {
  const query = db
    .select({
      id: t.files.id,
      currency: t.files.currency,
      statusCode: t.files.statusCode,
      subState: t.files.subState,
      statusDate: t.files.statusDate,
    })
    .from(t.files)
    .where(and(eq(t.files.refno, ref.refno), eq(t.files.subcase, ref.subcase), isNull(t.files.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const statusOf = (state: FileState, version: number): FileStatus => ({
  reference: state.reference,
  statusCode: state.statusCode,
  subState: state.subState,
  statusDate: state.statusDate,
  version,
});

export async function readFileStatus(db: Database, reference: string, now = new Date()): Promise<FileStatus | null> {
  const ref = parseReference(reference);
  if (!ref) return null;
  return db.transaction(async (txn) => {
    const seen = await observeFile(txn as unknown as Database, ref, now, false);
    return seen && statusOf(seen.state, seen.recorded.version);
  });
}

export type PutResult =
  | { ok: true; status: FileStatus; changed: boolean }
  | { ok: false; problem: 'notFound' }
  | { ok: false; problem: 'preconditionFailed'; current: FileStatus };

export async function putFileStatus(
  db: Database,
  reference: string,
  input: z.output<typeof fileStatusInput>,
  ifMatch: string | null,
  now = new Date(),
): Promise<PutResult> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  return db.transaction(async (txn): Promise<PutResult> => {
    const tx = txn as unknown as Database;
    const seen = await observeFile(tx, ref, now, true);
    if (!seen) return { ok: false, problem: 'notFound' };
    const current = statusOf(seen.state, seen.recorded.version);
    if (ifMatch !== null && !matches(ifMatch, current.version))
      return { ok: false, problem: 'preconditionFailed', current };
    const same =
      current.statusCode === input.statusCode &&
      current.subState === input.subState &&
      current.statusDate === input.statusDate;
    if (same) return { ok: true, status: current, changed: false };
    await changeFileStatus(
      tx,
      seen.id,
      { statusCode: input.statusCode, subState: input.subState, statusDate: input.statusDate },
      { reason: input.reason ?? 'agency', changedAt: now },
    );
    const after = (await readFileState(tx, ref))!;
    const counted = await fileVersion(tx, ref, after.state, now, seen.recorded);
    return { ok: true, changed: true, status: statusOf(after.state, counted.version) };
  });
}
