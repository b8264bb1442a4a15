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

/** The resources with a version: a whole file (its status shares it) and a debtor. */
export type VersionedResource = 'file' | 'debtor';

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
