/**
 * A file's special settlement offer as the agency's resource (decision 102): `PUT
 * /files/{reference}/special-offer` makes the file's current offer or replaces its amount and last
 * day, versioned as every upsert of the agency (decision 099: digest-based, `If-Match`, 428/412,
 * the same body again 200 with nothing written).
 *
 * The debtor sees it as the demo file 100000008 shows its offer: the offer row (`special_offers`,
 * the latest one is the file's offer: the dashboard's amount to pay, the checkout's special deal)
 * and a `specialOffer` modal, shown once on the dashboard until the debtor accepts or declines it.
 *
 * What the debtor did with an offer is never undone: an offer accepted, paid, or with a payment of
 * it under way is not changed (409 `offerTaken`). A declined offer stays declined; a PUT with
 * another amount or day after it is a new offer (a new row and a new modal), as the agency's second
 * offer is.
 *
 * `DELETE /files/{reference}/special-offer` withdraws an open or declined offer (decision 106): the
 * row stays with `withdrawn_at`, so what the debtor was offered stays known, and the file has no
 * offer the debtor can take (the claim facts read a withdrawn latest offer as none: no amount on
 * the dashboard, no special deal at the checkout, no modal). The GET answers it as `withdrawn`; a
 * PUT after it is a new offer.
 */
import { and, desc, eq, isNull, max } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { maxAmountMinor } from './import/line.ts';
import type { PaymentRow } from '../payments/booking.ts';
import {
  amountByDayIssues,
  deletePart,
  putAnsweredPart,
  readPart,
  type AnsweredPartWrite,
  type PartDeletion,
} from './parts.ts';
import { parseReference, referenceOf } from './reference.ts';
import type { Preconditions } from './versions.ts';

export const agencySpecialOfferInput = z
  .object({
    amountMinor: z
      .number()
      .int()
      .min(1)
      .max(maxAmountMinor)
      .describe('What the debtor pays to settle the file, in minor units; at most the open amount.'),
    currency: z.enum(['EUR', 'CHF', 'SEK', 'NOK']).describe('Must be the file’s currency.'),
    validTill: z.iso.date().describe('The last day the offer can be taken (YYYY-MM-DD), today or later.'),
  })
  .strict()
  .meta({ id: 'AgencySpecialOfferInput', description: 'The file’s special settlement offer, as the agency sets it.' });

export type AgencySpecialOfferInput = z.output<typeof agencySpecialOfferInput>;

export const specialOfferStatuses = ['open', 'declined', 'withdrawn', 'accepted', 'paid'] as const;

export const agencySpecialOfferSchema = z
  .object({
    reference: z.string().describe('The file’s reference, `-<subcase>` when not 1.'),
    amountMinor: z.number().int(),
    currency: z.string(),
    validTill: z.string(),
    status: z
      .enum(specialOfferStatuses)
      .describe(
        '`open` (not answered; after `validTill` the debtor no longer sees it), `declined`, `withdrawn` (by `deleteSpecialOffer`; the debtor no longer sees it), `accepted` (to be paid), `paid`.',
      ),
    acceptedAt: z.string().nullable(),
    declinedAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    withdrawnAt: z
      .string()
      .optional()
      .describe('When you withdrew the offer; only on a withdrawn one (`declinedAt` keeps the debtor’s answer).'),
  })
  .meta({
    id: 'AgencySpecialOffer',
    description: 'The file’s current special settlement offer and what the debtor did.',
  });

export type AgencySpecialOffer = z.infer<typeof agencySpecialOfferSchema>;

type OfferRow = typeof t.specialOffers.$inferSelect;

/** The file's current offer (its latest), locked for the caller's transaction with `lock`. */
async function currentOffer(db: Database, fileId: number, lock: boolean): Promise<OfferRow | null> {
  const query = db
    .select()
    .from(t.specialOffers)
    .where(eq(t.specialOffers.fileId, fileId))
    .orderBy(desc(t.specialOffers.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The offer as the agency reads it. What the debtor did comes first (a payment booked after a
 * withdrawal still reads `paid`). `withdrawnAt` is only there on a withdrawn offer, so that every
 * other offer reads (and is versioned) as before withdrawals existed.
 */
function offerOf(row: OfferRow, reference: string, currency: string): AgencySpecialOffer {
  const status = row.paidAt
    ? 'paid'
    : row.acceptedAt
      ? 'accepted'
      : row.withdrawnAt
        ? 'withdrawn'
        : row.declinedAt
          ? 'declined'
          : 'open';
  return {
    reference,
    amountMinor: row.amountMinor,
    currency,
    validTill: row.validTill,
    status,
    acceptedAt: iso(row.acceptedAt),
    declinedAt: iso(row.declinedAt),
    paidAt: iso(row.paidAt),
    ...(row.withdrawnAt ? { withdrawnAt: row.withdrawnAt.toISOString() } : {}),
  };
}

/** Whether the debtor took the offer: accepted it, paid it, or a payment of it is under way. */
const offerTaken = (row: OfferRow, underWay: PaymentRow[]) =>
  row.acceptedAt !== null || row.paidAt !== null || underWay.some((p) => p.specialOfferId === row.id);

export type SpecialOfferRead =
  { ok: true; offer: AgencySpecialOffer; version: number } | { ok: false; problem: 'notFound' | 'noOffer' };

/** GET /files/{reference}/special-offer: the current offer with its version. */
export async function readAgencySpecialOffer(
  db: Database,
  reference: string,
  now = new Date(),
): Promise<SpecialOfferRead> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  const read = await readPart(db, ref, { resource: 'specialOffer', key }, now, async (tx, file) => {
    const row = await currentOffer(tx, file.id, false);
    return row ? offerOf(row, key, file.currency) : null;
  });
  if (read.ok) return { ok: true, offer: read.part, version: read.version };
  return { ok: false, problem: read.missing === 'part' ? 'noOffer' : 'notFound' };
}

/**
 * PUT /files/{reference}/special-offer (parts.ts `putAnsweredPart`; a debtor's answer locks the
 * offer row first, then its modal). Accepted, paid, or a payment of it under way: not changed (409
 * `offerTaken`). An open offer (also one past its day) is changed in place; after a decline or a
 * withdrawal it is a new offer (also with the withdrawn one's amount and day). Either way its modal
 * shows it.
 */
export async function putAgencySpecialOffer(
  db: Database,
  reference: string,
  input: AgencySpecialOfferInput,
  preconditions: Preconditions,
  now = new Date(),
): Promise<AnsweredPartWrite<AgencySpecialOffer>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  return putAnsweredPart(db, ref, { resource: 'specialOffer', key }, preconditions, now, {
    currency: input.currency,
    row: (tx, file, lock) => currentOffer(tx, file.id, lock),
    of: (row, file) => offerOf(row, key, file.currency),
    same: (row) => !row.withdrawnAt && row.amountMinor === input.amountMinor && row.validTill === input.validTill,
    taken: offerTaken,
    check: (file) => amountByDayIssues(file, input.amountMinor, 'validTill', input.validTill, now),
    write: async (tx, file, existing) => {
      const payload = { amountMinor: input.amountMinor, validTill: input.validTill };
      if (existing && !existing.declinedAt && !existing.withdrawnAt)
        await tx.update(t.specialOffers).set(payload).where(eq(t.specialOffers.id, existing.id));
      else await tx.insert(t.specialOffers).values({ fileId: file.id, ...payload });
      await showOfferModal(tx, file.id, payload);
    },
  });
}

/**
 * DELETE /files/{reference}/special-offer (parts.ts `deletePart`): the open or declined offer
 * withdrawn (`withdrawn_at`; a declined one too, so that the agency's record says it was withdrawn,
 * while nothing changes for the debtor). Accepted, paid, or a payment of it under way: not withdrawn
 * (409 `offerTaken`). Its unanswered modal stays in the queue, unseen while the file has no offer
 * the debtor can take, and shows the next offer put.
 */
export async function deleteAgencySpecialOffer(
  db: Database,
  reference: string,
  preconditions: Preconditions,
  now = new Date(),
): Promise<PartDeletion<AgencySpecialOffer>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  return deletePart(db, ref, { resource: 'specialOffer', key }, preconditions, now, {
    row: (tx, file, lock) => currentOffer(tx, file.id, lock),
    of: (row, file) => offerOf(row, key, file.currency),
    withdrawn: (row) => row.withdrawnAt !== null,
    taken: async (row, underWay) => offerTaken(row, await underWay()),
    write: (tx, _file, row) =>
      tx.update(t.specialOffers).set({ withdrawnAt: now }).where(eq(t.specialOffers.id, row.id)),
  });
}

/**
 * The offer's modal: the file's unanswered `specialOffer` modal shows the offer now (the modal reads
 * the file's current offer); without one, a new one after the file's other modals. An answered
 * (acknowledged) modal is never reset.
 */
async function showOfferModal(db: Database, fileId: number, payload: { amountMinor: number; validTill: string }) {
  const waiting = await db
    .update(t.modals)
    .set({ payload })
    .where(and(eq(t.modals.fileId, fileId), eq(t.modals.kind, 'specialOffer'), isNull(t.modals.acknowledgedAt)))
    .returning({ id: t.modals.id });
  if (waiting.length > 0) return;
  const [last] = await db
    .select({ orderNo: max(t.modals.orderNo) })
    .from(t.modals)
    .where(eq(t.modals.fileId, fileId));
  await db.insert(t.modals).values({ fileId, kind: 'specialOffer', orderNo: (last?.orderNo ?? 0) + 1, payload });
}
