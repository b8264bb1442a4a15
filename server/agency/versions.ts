/**
 * The versions of the agency's resources (decisions 086 and 099): a number per resource and key in
 * `agency_versions`, sent as the ETag and compared with `If-Match`. A version names one
 * representation: the row keeps the SHA-256 of the representation it was given for. Whenever the
 * API reads or writes the resource it hashes what the resource is now; the same digest keeps the
 * version, another one counts it up. So every change is counted, whoever made it (an upsert, the
 * bulk import, a payment booked in the portal, the debtor's own e-mail address), without any
 * writer knowing about versions, and what nobody changed never gets a new ETag.
 *
 * A number is given to one digest only (it is only ever counted up, under the row's lock), so an
 * `If-Match` that names it holds exactly when the resource is still what the caller read.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

/**
 * The resources with a version: a whole file (its status shares it), a debtor, an invoice of a file
 * (keyed `<reference>/<the agency's id>`, decision 101), and the parts of a file the agency sets
 * (decision 102): its special offer, down payment and requested documents (keyed by the reference) and each
 * of its modals (keyed `<reference>/<the agency's id>`); and the file's own terms (decision 103): its
 * payment methods and its instalment terms (keyed by the reference).
 */
export type VersionedResource =
  | 'file'
  | 'debtor'
  | 'invoice'
  | 'specialOffer'
  | 'downPayment'
  | 'requestedDocuments'
  | 'modal'
  | 'paymentMethods'
  | 'instalmentTerms';

export interface Recorded {
  version: number;
  digest: string | null;
}

export const etagOf = (version: number) => `"${version}"`;

/** Whether an If-Match header names this version (a list, weak or strong, or `*`). */
export function matches(header: string, version: number): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etagOf(version));
}

/**
 * The digest of a representation: SHA-256 of its JSON. The representation is built in one fixed
 * order of its fields, so the same state always gives the same digest.
 */
export function digestOf(representation: unknown): string {
  return createHash('sha256').update(JSON.stringify(representation)).digest('base64url');
}

/**
 * The digest a version row is given when its resource is deleted (decision 106: a modal or an
 * invoice): no representation hashes to it, so the deletion counts the version up, a resource put
 * again under the same key gets a version above every earlier one, and a second DELETE knows the
 * resource was there and is gone.
 */
export const deletedDigest = digestOf({ deleted: true });

/**
 * The version row of the resource, locked for the caller's transaction when there is one: a
 * writer takes it before it reads the resource, so that two writers of one resource meet one after
 * the other.
 */
export async function lockVersion(tx: Database, resource: VersionedResource, key: string): Promise<Recorded | null> {
  const [row] = await tx
    .select({ version: t.agencyVersions.version, digest: t.agencyVersions.digest })
    .from(t.agencyVersions)
    .where(and(eq(t.agencyVersions.resource, resource), eq(t.agencyVersions.key, key)))
    .for('update');
  return row ?? null;
}

/**
 * The version of the resource as it is now (`digest`): the recorded one when it names this digest,
 * else the next (1 for a resource seen for the first time), recorded with it. Run it inside the
 * transaction that read the representation; `known` is the row `lockVersion` answered, so that
 * an unchanged resource is answered without a write.
 */
export async function versionFor(
  tx: Database,
  resource: VersionedResource,
  key: string,
  digest: string,
  now: Date,
  known?: Recorded | null,
): Promise<Recorded> {
  if (known?.digest === digest) return known;
  const [counted] = await tx
    .insert(t.agencyVersions)
    .values({ resource, key, version: 1, digest, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.agencyVersions.resource, t.agencyVersions.key],
      set: { version: sql`${t.agencyVersions.version} + 1`, digest, updatedAt: now },
      setWhere: sql`${t.agencyVersions.digest} is distinct from ${digest}`,
    })
    .returning({ version: t.agencyVersions.version, digest: t.agencyVersions.digest });
  if (counted) return counted;
  // Another transaction recorded this digest first; the row is locked now (ON CONFLICT locks it).
  const [row] = await tx
    .select({ version: t.agencyVersions.version, digest: t.agencyVersions.digest })
    .from(t.agencyVersions)
    .where(and(eq(t.agencyVersions.resource, resource), eq(t.agencyVersions.key, key)));
  return row!;
}

/** The preconditions of an upsert, as the request sent them. */
export interface Preconditions {
  ifMatch: string | null;
  ifNoneMatch: string | null;
}

export type UpsertRefusal = {
  ok: false;
  problem: 'preconditionRequired' | 'preconditionFailed';
  /** The current version; null when the resource does not exist. */
  version: number | null;
};

export type UpsertResult<S> =
  { ok: true; created: boolean; changed: boolean; state: S; version: number } | UpsertRefusal;

/**
 * Why a write of a resource (`version` null when it does not exist) may not go on: an existing
 * resource needs `If-Match` (428) naming its version (412); `If-Match` cannot match what does not
 * exist, and `If-None-Match: *` refuses what does (412, RFC 9110 section 13.1). A DELETE meets the
 * same rule (parts.ts `deletePart`).
 */
export function refusalOf(version: number | null, { ifMatch, ifNoneMatch }: Preconditions): UpsertRefusal | null {
  const refuse = (problem: UpsertRefusal['problem']): UpsertRefusal => ({ ok: false, problem, version });
  if (version === null) return ifMatch !== null ? refuse('preconditionFailed') : null;
  if (ifNoneMatch !== null && matches(ifNoneMatch, version)) return refuse('preconditionFailed');
  if (ifMatch === null) return refuse('preconditionRequired');
  return matches(ifMatch, version) ? null : refuse('preconditionFailed');
}

class Refused extends Error {
  constructor(readonly refusal: UpsertRefusal) {
    super(refusal.problem);
  }
}

/**
 * A versioned upsert in the caller's transaction (decision 099), which has locked the version row
 * (`known`, from `lockVersion`) and the resource's own row. It reads the resource, versions what it
 * is, then writes and reads it again inside a savepoint:
 *   - nothing changed (the same body again, or a retry whose answer was lost): the current version,
 *     whatever the preconditions say, as RFC 9110 section 13.1.1 allows;
 *   - it changed and the preconditions hold: the next version;
 *   - it changed and they do not: the savepoint is rolled back, nothing is written, 428 or 412.
 * So whether the write changes anything is decided by the write itself (the merge's own rules),
 * never by a second copy of them here.
 */
export async function upsertVersioned<S>(
  tx: Database,
  options: {
    resource: VersionedResource;
    key: string;
    known: Recorded | null;
    preconditions: Preconditions;
    now: Date;
    read: (tx: Database) => Promise<S | null>;
    write: (tx: Database) => Promise<unknown>;
  },
): Promise<UpsertResult<S>> {
  const { resource, key, known, preconditions, now, read, write } = options;
  const before = await read(tx);
  const beforeDigest = before === null ? null : digestOf(before);
  const recorded = beforeDigest === null ? known : await versionFor(tx, resource, key, beforeDigest, now, known);
  const refusal = refusalOf(before === null ? null : recorded!.version, preconditions);
  try {
    return await tx.transaction(async (savepoint): Promise<UpsertResult<S>> => {
      const sp = savepoint as unknown as Database;
      await write(sp);
      const after = await read(sp);
      if (after === null) throw new Error(`the upsert of ${resource} ${key} left nothing to read`);
      const digest = digestOf(after);
      if (digest === beforeDigest)
        return { ok: true, created: false, changed: false, state: after, version: recorded!.version };
      if (refusal) throw new Refused(refusal);
      const counted = await versionFor(sp, resource, key, digest, now, recorded);
      return { ok: true, created: before === null, changed: true, state: after, version: counted.version };
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}
