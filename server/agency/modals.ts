/**
 * The notices the agency queues for a debtor (the modals of spec 2.4), as its resource (decision
 * 102): `PUT /files/{reference}/modals/{id}` by the agency's own id, versioned per modal as every
 * upsert of the agency (decision 099). The debtor sees it as the demo file 100000013 shows its
 * notices: a row of `modals`, shown on the dashboard after the next sign-in, one at a time by
 * `orderNo`, worded in the debtor's language (locales/<lang>/modals.json), until acknowledged.
 *
 * An acknowledged notice is never reset: a PUT that would change it is 409 `acknowledged` (the
 * same body again is still 200). To show a notice again, put it under a new id.
 *
 * `DELETE /files/{reference}/modals/{id}` withdraws a notice the debtor has not acknowledged
 * (decision 106): its row is deleted (the debtor did nothing with it that could be kept), so the
 * dashboard no longer shows it and an acknowledgement posted from a page shown before finds
 * nothing. An acknowledged one stays (409 `acknowledged`). The id may be put again: a new notice.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { parseReference, referenceOf, type FileKey } from './reference.ts';
import { deletePart, fileForPart, readPart, type PartDeletion } from './parts.ts';
import {
  digestOf,
  lockVersion,
  upsertVersioned,
  versionFor,
  type Preconditions,
  type UpsertRefusal,
} from './versions.ts';

/** The agency's own id of a modal, as the path carries it. */
export const modalIdPattern = '[A-Za-z0-9_.:-]{1,64}';

/**
 * The kinds the agency may queue. Not here: the special offer (its own resource, with the offer),
 * the flood-area notice (shown by the debtor's flooded-area flag) and maintenance (announced for a
 * whole portal in public/maintenance.json).
 */
export const agencyModalKinds = [
  'redirectNotice',
  'dataMisuse',
  'deliveryCosts',
  'unbilledEnforcementCosts',
  'emailCapture',
] as const;

export const agencyModalInput = z
  .object({
    kind: z
      .enum(agencyModalKinds)
      .describe(
        '`redirectNotice` (another team handles the case), `dataMisuse` (another debtor’s data misused), `deliveryCosts` (the total may exclude delivery costs of a measure), `unbilledEnforcementCosts`, `emailCapture` (asks for an e-mail address while the portal has none).',
      ),
    orderNo: z
      .number()
      .int()
      .min(0)
      .max(999)
      .describe('Its place in the queue: lower first (the portal’s maintenance notice is 0, the flood-area one 1).'),
  })
  .strict()
  .meta({ id: 'AgencyModalInput', description: 'A notice the debtor sees on the dashboard until acknowledged.' });

export type AgencyModalInput = z.output<typeof agencyModalInput>;

export const agencyModalSchema = z
  .object({
    id: z.string().describe('The agency’s own id of the modal.'),
    reference: z.string().describe('The file’s reference, `-<subcase>` when not 1.'),
    kind: z.string(),
    orderNo: z.number().int(),
    acknowledgedAt: z.string().nullable().describe('When the debtor acknowledged it; null while it is shown.'),
    response: z
      .string()
      .nullable()
      .describe(
        'The debtor’s answer: `acknowledged`, or for an e-mail capture `emailStored`, `emailAlreadyOnFile`, `continuedWithoutEmail`.',
      ),
  })
  .meta({
    id: 'AgencyModal',
    description: 'A notice the agency queued for the debtor, and whether it was acknowledged.',
  });

export type AgencyModal = z.infer<typeof agencyModalSchema>;

type ModalRow = typeof t.modals.$inferSelect;

const versionKey = (ref: FileKey, id: string) => `${referenceOf(ref)}/${id}`;

function modalOf(row: ModalRow, reference: string): AgencyModal {
  return {
    id: row.agencyId!,
    reference,
    kind: row.kind,
    orderNo: row.orderNo,
    acknowledgedAt: row.acknowledgedAt ? row.acknowledgedAt.toISOString() : null,
    response: row.response,
  };
}

/** The file's modal under the agency's id, locked for the caller's transaction with `lock`. */
async function modalRow(db: Database, fileId: number, agencyId: string, lock = false): Promise<ModalRow | null> {
  const query = db
    .select()
    .from(t.modals)
    .where(and(eq(t.modals.fileId, fileId), eq(t.modals.agencyId, agencyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** GET /files/{reference}/modals: the modals the agency put on the file, by orderNo; null for no file. */
export async function listAgencyModals(db: Database, reference: string): Promise<AgencyModal[] | null> {
  const ref = parseReference(reference);
  if (!ref) return null;
  const file = await fileForPart(db, ref, false);
  if (!file) return null;
  const rows = await db
    .select()
    .from(t.modals)
    .where(and(eq(t.modals.fileId, file.id), isNotNull(t.modals.agencyId)))
    .orderBy(asc(t.modals.orderNo), asc(t.modals.id));
  return rows.map((row) => modalOf(row, referenceOf(ref)));
}

export type ModalRead = { ok: true; modal: AgencyModal; version: number } | { ok: false; problem: 'notFound' };

/** GET /files/{reference}/modals/{id}: one modal with its version. */
export async function readAgencyModal(
  db: Database,
  reference: string,
  agencyId: string,
  now = new Date(),
): Promise<ModalRead> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const read = await readPart(db, ref, { resource: 'modal', key: versionKey(ref, agencyId) }, now, async (tx, file) => {
    const row = await modalRow(tx, file.id, agencyId);
    return row ? modalOf(row, referenceOf(ref)) : null;
  });
  return read.ok ? { ok: true, modal: read.part, version: read.version } : { ok: false, problem: 'notFound' };
}

export type ModalWrite =
  | { ok: true; created: boolean; changed: boolean; modal: AgencyModal; version: number }
  | { ok: false; problem: 'notFound' }
  /** The debtor acknowledged the modal: it is not changed. */
  | { ok: false; problem: 'acknowledged'; modal: AgencyModal; version: number }
  | UpsertRefusal;

/**
 * PUT /files/{reference}/modals/{id}. Locks: the version row, then the file's row (two puts of a
 * new modal meet one after the other); the debtor's acknowledgement is one conditional update of the
 * row, seen by the digest.
 */
export async function putAgencyModal(
  db: Database,
  reference: string,
  agencyId: string,
  input: AgencyModalInput,
  preconditions: Preconditions,
  now = new Date(),
): Promise<ModalWrite> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = versionKey(ref, agencyId);
  return db.transaction(async (txn): Promise<ModalWrite> => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, 'modal', key);
    const file = await fileForPart(tx, ref, true);
    if (!file) return { ok: false, problem: 'notFound' };
    const existing = await modalRow(tx, file.id, agencyId);
    const same = existing?.kind === input.kind && existing.orderNo === input.orderNo;
    if (existing?.acknowledgedAt && !same) {
      const modal = modalOf(existing, referenceOf(ref));
      const recorded = await versionFor(tx, 'modal', key, digestOf(modal), now, known);
      return { ok: false, problem: 'acknowledged', modal, version: recorded.version };
    }
    const result = await upsertVersioned<AgencyModal>(tx, {
      resource: 'modal',
      key,
      known,
      preconditions,
      now,
      read: async (q) => {
        const row = await modalRow(q, file.id, agencyId);
        return row && modalOf(row, referenceOf(ref));
      },
      write: async (q) => {
        if (same) return;
        if (existing)
          await q
            .update(t.modals)
            .set({ kind: input.kind, orderNo: input.orderNo })
            .where(eq(t.modals.id, existing.id));
        else await q.insert(t.modals).values({ fileId: file.id, agencyId, kind: input.kind, orderNo: input.orderNo });
      },
    });
    if (!result.ok) return result;
    return { ok: true, created: result.created, changed: result.changed, modal: result.state, version: result.version };
  });
}

/**
 * DELETE /files/{reference}/modals/{id} (parts.ts `deletePart`): a modal the debtor has not
 * acknowledged is deleted; an acknowledged one is not (409 `acknowledged`). The debtor's
 * acknowledgement is one conditional update of the row: after the row is gone it changes nothing,
 * and before, the DELETE waits for its lock and sees it.
 */
export async function deleteAgencyModal(
  db: Database,
  reference: string,
  agencyId: string,
  preconditions: Preconditions,
  now = new Date(),
): Promise<PartDeletion<AgencyModal>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  return deletePart(db, ref, { resource: 'modal', key: versionKey(ref, agencyId) }, preconditions, now, {
    row: (tx, file, lock) => modalRow(tx, file.id, agencyId, lock),
    of: (row) => modalOf(row, referenceOf(ref)),
    withdrawn: () => false,
    taken: (row) => row.acknowledgedAt !== null,
    write: (tx, _file, row) => tx.delete(t.modals).where(eq(t.modals.id, row.id)),
  });
}
