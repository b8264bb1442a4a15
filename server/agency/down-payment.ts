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
 * not changed (409 `downPaymentTaken`). One cancelled (the file was settled) is followed by a new one.
 * The deposit that earlier broken agreements require (spec 4.3, instalment error code 5) is the
 * file's `depositRequiredMinor` with `instalmentErrorCode` 5, in the whole file (`PUT /files/{reference}`).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { todayIso } from '../dates.ts';
import { maxAmountMinor } from './import/line.ts';
import { paymentsUnderWay } from '../payments/service/under-way.ts';
import { parseReference, referenceOf } from './reference.ts';
import { fileForPart, readPart } from './parts.ts';
import {
  digestOf,
  lockVersion,
  upsertVersioned,
  versionFor,
  type Preconditions,
  type UpsertRefusal,
} from './versions.ts';

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
      .describe('`pending` (to pay), `paid`, `cancelled` (the file was settled otherwise).'),
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

export type DownPaymentWrite =
  | { ok: true; created: boolean; changed: boolean; downPayment: AgencyDownPayment; version: number }
  | { ok: false; problem: 'notFound' }
  | { ok: false; problem: 'currency'; expected: string }
  /** Paid, or a payment of it under way: it is not changed. */
  | { ok: false; problem: 'downPaymentTaken'; downPayment: AgencyDownPayment; version: number }
  | { ok: false; problem: 'unprocessable'; issues: Array<{ path: string; message: string }> }
  | UpsertRefusal;

/**
 * PUT /files/{reference}/down-payment. Locks, in the order of a booking: the version row, the
 * file's row, the down payment's row.
 */
export async function putAgencyDownPayment(
  db: Database,
  reference: string,
  input: AgencyDownPaymentInput,
  preconditions: Preconditions,
  now = new Date(),
): Promise<DownPaymentWrite> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  return db.transaction(async (txn): Promise<DownPaymentWrite> => {
    const tx = txn as unknown as Database;
    const known = await lockVersion(tx, 'downPayment', key);
    const file = await fileForPart(tx, ref, true);
    if (!file) return { ok: false, problem: 'notFound' };
    if (input.currency !== file.currency) return { ok: false, problem: 'currency', expected: file.currency };
    const existing = await currentDownPayment(tx, file.id, true);
    const same = existing?.amountMinor === input.amountMinor && existing.dueOn === input.dueOn;
    if (existing && !same) {
      // A payment of it started and not yet paid or given up (the checkout's own notion).
      const underWay = (await paymentsUnderWay(tx, file.id)).rows.filter((p) => p.depositId === existing.id);
      if (existing.status === 'paid' || underWay.length > 0) {
        const downPayment = downPaymentOf(existing, key, file.currency);
        const recorded = await versionFor(tx, 'downPayment', key, digestOf(downPayment), now, known);
        return { ok: false, problem: 'downPaymentTaken', downPayment, version: recorded.version };
      }
    }
    if (!same) {
      const issues: Array<{ path: string; message: string }> = [];
      if (input.amountMinor > file.totalMinor)
        issues.push({ path: 'amountMinor', message: `more than the open amount (${file.totalMinor})` });
      if (input.dueOn < todayIso(now)) issues.push({ path: 'dueOn', message: 'a day that has passed' });
      if (issues.length > 0) return { ok: false, problem: 'unprocessable', issues };
    }
    const result = await upsertVersioned<AgencyDownPayment>(tx, {
      resource: 'downPayment',
      key,
      known,
      preconditions,
      now,
      read: async (q) => {
        const row = await currentDownPayment(q, file.id, false);
        return row && downPaymentOf(row, key, file.currency);
      },
      write: async (q) => {
        if (same) return;
        const values = { amountMinor: input.amountMinor, dueOn: input.dueOn };
        if (existing?.status === 'pending')
          await q.update(t.deposits).set(values).where(eq(t.deposits.id, existing.id));
        else await q.insert(t.deposits).values({ fileId: file.id, kind: 'downPayment', status: 'pending', ...values });
      },
    });
    if (!result.ok) return result;
    return {
      ok: true,
      created: result.created,
      changed: result.changed,
      downPayment: result.state,
      version: result.version,
    };
  });
}
