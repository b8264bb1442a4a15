/**
 * The payments under way of a file (created or pending: their money may still arrive): which they
 * are, which of them a newer payment supersedes (decision 058), and cancelling one.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { markFinished, type PaymentRow } from '../booking.ts';
import { methods, type MethodKey } from '../methods.ts';
import { applyProviderStatus, paymentProvider } from './provider.ts';

/** Payments of the file started but not yet paid or given up: their money may still arrive. Newest first. */
export async function paymentsUnderWay(
  db: Database,
  fileId: number,
): Promise<{ totalMinor: number; latest: PaymentRow | null; rows: PaymentRow[] }> {
  const rows = await db
    .select()
    .from(t.payments)
    .where(and(eq(t.payments.fileId, fileId), inArray(t.payments.status, ['created', 'pending'])))
    .orderBy(desc(t.payments.createdAt));
  return { totalMinor: sumOf(rows), latest: rows[0] ?? null, rows };
}

export const sumOf = (rows: readonly Pick<PaymentRow, 'amountMinor'>[]) =>
  rows.reduce((sum, row) => sum + row.amountMinor, 0);

/** An awaited transfer or cash slip: instructions the debtor may follow for days (not a provider's page). */
export function isAwaitedInstructions(payment: Pick<PaymentRow, 'providerId' | 'status'>): boolean {
  return (
    (payment.status === 'pending' || payment.status === 'created') &&
    methods[payment.providerId as MethodKey]?.flow === 'instructions'
  );
}

/**
 * The awaited transfers and cash slips (of `under`, newest first) that a new payment of
 * `amountMinor` replaces (decision 058): none while it fits beside everything under way, else the
 * oldest first until it fits. Payments at a provider's page are never superseded; when the
 * amount does not fit even without the awaited instructions, nothing is (the caller refuses).
 */
export function supersededBy(under: readonly PaymentRow[], totalMinor: number, amountMinor: number): PaymentRow[] {
  let openMinor = totalMinor - sumOf(under);
  const superseded: PaymentRow[] = [];
  for (const row of [...under].reverse()) {
    if (amountMinor <= openMinor) break;
    if (!isAwaitedInstructions(row)) continue;
    superseded.push(row);
    openMinor += row.amountMinor;
  }
  return amountMinor <= openMinor ? superseded : [];
}

/** Tells the provider that a superseded payment's instructions are void; a failure is logged by nobody and changes nothing. */
export async function forgetAtProvider(db: Database, payment: PaymentRow): Promise<void> {
  const provider = paymentProvider(db);
  if (!provider || !payment.providerReference) return;
  await provider.cancel(payment.providerReference).catch(() => null);
}

/**
 * The debtor cancels a payment under way (to choose another way to pay). The provider is told
 * first, outside any transaction; when it reports another outcome (the payment went through after
 * all), that outcome is applied instead. The cancellation and `commit` (the agency's event) are
 * written in one transaction; a payment that is no longer under way is returned as it is.
 */
export async function cancelPayment(
  db: Database,
  payment: PaymentRow,
  commit?: (tx: Database, cancelled: PaymentRow) => Promise<void>,
): Promise<PaymentRow> {
  if (payment.status !== 'pending' && payment.status !== 'created') return payment;
  const provider = paymentProvider(db);
  const status = provider && payment.providerReference ? await provider.cancel(payment.providerReference) : null;
  if (status && status.outcome !== 'cancelled') return applyProviderStatus(db, payment, status);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // The provider's notice (its webhook) may have marked it cancelled while it was being told.
    const cancelled =
      (await markFinished(tx, payment.id, 'cancelled', 'cancelled')) ??
      (await tx.select().from(t.payments).where(eq(t.payments.id, payment.id)).for('update'))[0];
    if (!cancelled) return payment;
    if (commit && cancelled.status === 'cancelled') await commit(tx, cancelled);
    return cancelled;
  });
}
