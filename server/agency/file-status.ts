/**
 * The first upsert resource of the agency API (decision 086): a file's status code and sub-state,
 * addressed by the agency's own key (the reference number, `-<subcase>` when it is not 1) and
 * versioned. Every change counts the version up; the ETag is the version. `If-Match` with another
 * version is refused (412) and changes nothing; the same body sent again changes nothing and keeps
 * the version (an idempotent retry). The file row is locked while the version is compared and set.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { changeFileStatus } from '../claims/status-change.ts';
import { parseReference, referenceOf } from './reference.ts';

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
    version: z.number().int().describe('Counted up by every change; also the ETag.'),
  })
  .meta({ id: 'FileStatus' });

export type FileStatus = z.infer<typeof fileStatusSchema>;

const resource = 'fileStatus';

export const etagOf = (version: number) => `"${version}"`;

async function versionOf(db: Database, key: string): Promise<number> {
  const [row] = await db
    .select({ version: t.agencyVersions.version })
    .from(t.agencyVersions)
    .where(and(eq(t.agencyVersions.resource, resource), eq(t.agencyVersions.key, key)));
  return row?.version ?? 1;
}

/**
 * A file the agency names by its reference, unless deleted; with `lock` its row is locked for the
 * caller's transaction (the status upsert, a booking), so that two calls meet one after the other.
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

export async function readFileStatus(db: Database, reference: string): Promise<FileStatus | null> {
  const ref = parseReference(reference);
  if (!ref) return null;
  const file = await agencyFile(db, ref, false);
  if (!file) return null;
  const key = referenceOf(ref);
  return {
    reference: key,
    statusCode: file.statusCode,
    subState: file.subState,
    statusDate: file.statusDate,
    version: await versionOf(db, key),
  };
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
  const key = referenceOf(ref);
  return db.transaction(async (txn): Promise<PutResult> => {
    const tx = txn as unknown as Database;
    const file = await agencyFile(tx, ref, true);
    if (!file) return { ok: false, problem: 'notFound' };
    const version = await versionOf(tx, key);
    const current: FileStatus = {
      reference: key,
      statusCode: file.statusCode,
      subState: file.subState,
      statusDate: file.statusDate,
      version,
    };
    if (ifMatch !== null && !matches(ifMatch, version)) return { ok: false, problem: 'preconditionFailed', current };
    const same =
      file.statusCode === input.statusCode && file.subState === input.subState && file.statusDate === input.statusDate;
    if (same) return { ok: true, status: current, changed: false };
    await changeFileStatus(
      tx,
      file.id,
      { statusCode: input.statusCode, subState: input.subState, statusDate: input.statusDate },
      { reason: input.reason ?? 'agency', changedAt: now },
    );
    await tx
      .insert(t.agencyVersions)
      .values({ resource, key, version: version + 1, updatedAt: now })
      .onConflictDoUpdate({
        target: [t.agencyVersions.resource, t.agencyVersions.key],
        set: { version: sql`${t.agencyVersions.version} + 1`, updatedAt: now },
      });
    return {
      ok: true,
      changed: true,
      status: {
        ...current,
        statusCode: input.statusCode,
        subState: input.subState,
        statusDate: input.statusDate,
        version: version + 1,
      },
    };
  });
}

/** Whether an If-Match header names this version (a list, weak or strong, or `*`). */
export function matches(header: string, version: number): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etagOf(version));
}
