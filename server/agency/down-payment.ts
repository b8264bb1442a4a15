/**
 * A file's down payment as the agency's resource (decision 102): `PUT /files/{reference}/down-payment`
 * asks the debtor to pay an amount by a day before anything else (spec 4.3 "pay the down payment
 * first, then complete the plan"), versioned as every upsert of the agency (decision 099).
 *
 * The debtor sees it as the demo file 100000003 shows its own: a pending row of `deposits` (kind
 * `downPayment`) is what the dashboard asks to pay first (spec 9 "amount to pay priority"), with its
 * due date, and the checkout's down payment (`/checkout/pay-direct?downpayment=true`). The label
 * "down payment pending" is status 24, the file's status (`PUT /files/{reference}/status`).
 *
 * What the debtor did is never undone: a down payment paid, or with a payment of it under way, is
 * not changed (409 `downPaymentTaken`). One cancelled (the file was settled, or the agency took it
 * back) is followed by a new one.
 *
 * `DELETE /files/{reference}/down-payment` takes a pending down payment back (decision 106): the
 * row is `cancelled`, as a settled file's is, so the dashboard and the checkout no longer ask for it
 * and the GET answers it as `cancelled`.
 * The deposit that earlier broken agreements require (spec 4.3, instalment error code 5) is the
 * file's `depositRequiredMinor` with `instalmentErrorCode` 5, in the whole file (`PUT /files/{reference}`).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { maxAmountMinor } from './import/line.ts';
import { parseReference, referenceOf } from './reference.ts';
import type { PaymentRow } from '../payments/booking.ts';
import {
  amountByDayIssues,
  deletePart,
  putAnsweredPart,
  readPart,
  type AnsweredPartWrite,
  type PartDeletion,
} from './parts.ts';
import type { Preconditions } from './versions.ts';

export const agencyDownPaymentInput = z
  .object({
    amountMinor: z
      .number()
      .int()
      .min(1)
      .max(maxAmountMinor)
      .describe('What the debtor pays first, in minor units; at most the open amount.'),
    currency: z.enum(['EUR', 'CHF', 'SEK', 'NOK']).describe('Must be the file’s currency.'),
    dueOn: z.iso.date().describe('The day it is due (YYYY-MM-DD), today or later.'),
  })
  .strict()
  .meta({ id: 'AgencyDownPaymentInput', description: 'The down payment the debtor pays before anything else.' });

export type AgencyDownPaymentInput = z.output<typeof agencyDownPaymentInput>;

export const agencyDownPaymentSchema = z
  .object({
    reference: z.string().describe('The file’s reference, `-<subcase>` when not 1.'),
    amountMinor: z.number().int(),
    currency: z.string(),
    dueOn: z.string().nullable(),
    status: z
      .enum(['pending', 'paid', 'cancelled'])
      .describe(
        '`pending` (to pay), `paid`, `cancelled` (the file was settled otherwise, or you took it back with `deleteDownPayment`).',
      ),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'AgencyDownPayment', description: 'The file’s down payment and whether the debtor paid it.' });

export type AgencyDownPayment = z.infer<typeof agencyDownPaymentSchema>;

type DepositRow = typeof t.deposits.$inferSelect;

/** The file's down payment: the pending one, else the latest (as the dashboard reads it); locked with `lock`. */
async function currentDownPayment(db: Database, fileId: number, lock: boolean): Promise<DepositRow | null> {
  const query = db
    .select()
    .from(t.deposits)
    .where(and(eq(t.deposits.fileId, fileId), eq(t.deposits.kind, 'downPayment')))
    .orderBy(sql`(${t.deposits.status} = 'pending') desc`, desc(t.deposits.createdAt), desc(t.deposits.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const downPaymentOf = (row: DepositRow, reference: string, currency: string): AgencyDownPayment => ({
  reference,
  amountMinor: row.amountMinor,
  currency,
  dueOn: row.dueOn,
  status: row.status,
  paidAt: row.paidAt ? row.paidAt.toISOString() : null,
});

/** Whether the debtor took the down payment: paid it, or a payment of it is under way. */
const downPaymentTaken = (row: DepositRow, underWay: PaymentRow[]) =>
  row.status === 'paid' || underWay.some((p) => p.depositId === row.id);

export type DownPaymentRead =
  { ok: true; downPayment: AgencyDownPayment; version: number } | { ok: false; problem: 'notFound' | 'noDownPayment' };

/** GET /files/{reference}/down-payment: the down payment with its version. */
export async function readAgencyDownPayment(
  db: Database,
  reference: string,
  now = new Date(),
): Promise<DownPaymentRead> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  const read = await readPart(db, ref, { resource: 'downPayment', key }, now, async (tx, file) => {
    const row = await currentDownPayment(tx, file.id, false);
    return row ? downPaymentOf(row, key, file.currency) : null;
  });
  if (read.ok) return { ok: true, downPayment: read.part, version: read.version };
  return { ok: false, problem: read.missing === 'part' ? 'noDownPayment' : 'notFound' };
}

/**
 * PUT /files/{reference}/down-payment (parts.ts `putAnsweredPart`). Paid, or a payment of it under
 * way: not changed (409 `downPaymentTaken`). A pending one is changed in place; after one paid or
 * cancelled it is a new one.
 */
export async function putAgencyDownPayment(
  db: Database,
  reference: string,
  input: AgencyDownPaymentInput,
  preconditions: Preconditions,
  now = new Date(),
): Promise<AnsweredPartWrite<AgencyDownPayment>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  return putAnsweredPart(db, ref, { resource: 'downPayment', key }, preconditions, now, {
    currency: input.currency,
    row: (tx, file, lock) => currentDownPayment(tx, file.id, lock),
    of: (row, file) => downPaymentOf(row, key, file.currency),
    same: (row) => row.amountMinor === input.amountMinor && row.dueOn === input.dueOn,
    taken: downPaymentTaken,
    check: (file) => amountByDayIssues(file, input.amountMinor, 'dueOn', input.dueOn, now),
    write: async (tx, file, existing) => {
      const values = { amountMinor: input.amountMinor, dueOn: input.dueOn };
      if (existing?.status === 'pending') await tx.update(t.deposits).set(values).where(eq(t.deposits.id, existing.id));
      else await tx.insert(t.deposits).values({ fileId: file.id, kind: 'downPayment', status: 'pending', ...values });
    },
  });
}

/**
 * DELETE /files/{reference}/down-payment (parts.ts `deletePart`): the pending down payment is no
 * longer asked (`cancelled`). Paid, or a payment of it under way: not taken back (409
 * `downPaymentTaken`). One already cancelled: nothing to do (204).
 */
export async function deleteAgencyDownPayment(
  db: Database,
  reference: string,
  preconditions: Preconditions,
  now = new Date(),
): Promise<PartDeletion<AgencyDownPayment>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  return deletePart(db, ref, { resource: 'downPayment', key }, preconditions, now, {
    row: (tx, file, lock) => currentDownPayment(tx, file.id, lock),
    of: (row, file) => downPaymentOf(row, key, file.currency),
    withdrawn: (row) => row.status === 'cancelled',
    taken: async (row, underWay) => downPaymentTaken(row, await underWay()),
    write: (tx, _file, row) => tx.update(t.deposits).set({ status: 'cancelled' }).where(eq(t.deposits.id, row.id)),
  });
}
