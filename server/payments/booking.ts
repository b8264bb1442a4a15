/**
 * Booking a paid payment, exactly once. The move to `paid` is a conditional UPDATE
 * (status in created/pending) inside the transaction that books: the file's payments, a
 * payments_made row with the new balance, whatever the payment was for (down payment, deposit,
 * instalment rows, special offer), and the refreshed status (section 4.2). A second caller (the
 * browser's return racing the webhook, a repeated webhook) finds nothing to update and books nothing.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { changeFileStatus } from '../claims/status-change.ts';
import { todayIso } from '../claims/facts.ts';
import { recordSystemEvent } from '../agency/events.ts';
import { paidPaymentView } from './paid-view.ts';
import { sourcesOf, type PaymentStatus } from './state.ts';

export type PaymentRow = typeof t.payments.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface BookingResult {
  booked: boolean;
  payment: PaymentRow | null;
  /** The file's status after the booking (section 4.2). */
  statusCode?: (typeof t.statusCodes)[number];
  /** What arrived beyond the amount still open, recorded as a credit to refund (minor units). */
  creditMinor?: number;
}

/** Moves a payment to a final failure state (failed, cancelled, expired) unless it is already final. */
export async function markFinished(
  db: Database,
  paymentId: string,
  to: Exclude<PaymentStatus, 'paid' | 'created' | 'pending'>,
  reason: string | null,
  now = new Date(),
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(t.payments)
    .set({ status: to, failureReason: reason, updatedAt: now })
    .where(and(eq(t.payments.id, paymentId), inArray(t.payments.status, sourcesOf(to))))
    .returning();
  return row ?? null;
}

/** Books the payment once; `amountMinor`/`currency` are what the provider reports and must match. */
export async function bookPayment(
  db: Database,
  paymentId: string,
  reported: { amountMinor: number; currency: string },
  now = new Date(),
): Promise<BookingResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(t.payments).where(eq(t.payments.id, paymentId));
    if (!current) return { booked: false, payment: null };
    // The provider charged amount + fee; anything else is not this payment.
    if (reported.currency !== current.currency || reported.amountMinor !== current.amountMinor + current.feeMinor) {
      return { booked: false, payment: current };
    }
    const [payment] = await tx
      .update(t.payments)
      .set({ status: 'paid', paidAt: now, updatedAt: now, failureReason: null })
      .where(and(eq(t.payments.id, paymentId), inArray(t.payments.status, sourcesOf('paid'))))
      .returning();
    if (!payment) return { booked: false, payment: current };
    const { statusCode, creditMinor } = await applyBooking(tx, bookingOf(payment), now);
    // The agency hears of the money in the same transaction that books it (issue 29).
    await recordSystemEvent(tx as unknown as Database, {
      type: 'payment.paid',
      step: 'bookPayment',
      door: 'provider',
      fileId: payment.fileId,
      at: now,
      result: {
        payment: paidPaymentView(payment),
        appliedMinor: payment.amountMinor - creditMinor,
        creditMinor,
        statusCode,
      },
    });
    return { booked: true, payment, statusCode, creditMinor };
  });
}

/** The part of a payment the claim can take, and what is left over as a credit: never a negative claim. */
export function splitPayment(openMinor: number, amountMinor: number): { appliedMinor: number; creditMinor: number } {
  const appliedMinor = Math.min(Math.max(0, openMinor), amountMinor);
  return { appliedMinor, creditMinor: amountMinor - appliedMinor };
}

/**
 * Money booked on a file: a payment the debtor made in the portal and its provider confirmed, or
 * one the agency received and reports (server/agency/bookings.ts). What it was for decides what
 * else it settles (a deposit, an instalment, the special offer); `partial` settles only the amount.
 */
export interface Booking {
  fileId: number;
  amountMinor: number;
  currency: string;
  purpose: PaymentRow['purpose'];
  /** The portal's payment, when the debtor paid in the portal (credits and events name it). */
  paymentId: string | null;
  /** Who took the money: the portal's provider id, or `agency`. */
  providerId: string;
  /** What the booking row names: the portal's payment id, or the agency's own booking id. */
  reference: string;
  /** The day it is booked on; today when left out. */
  bookedOn?: string;
  depositId: number | null;
  instalmentRowId: number | null;
  specialOfferId: number | null;
  /** Why the file's status changed, for its history. */
  reason: string;
}

function bookingOf(payment: PaymentRow): Booking {
  return { ...payment, paymentId: payment.id, reference: payment.id, reason: `payment:${payment.purpose}` };
}

export async function applyBooking(
  tx: Tx,
  payment: Booking,
  now: Date,
): Promise<{ statusCode: (typeof t.statusCodes)[number]; creditMinor: number }> {
  const today = todayIso(now);
  // The file's row is locked: two bookings of the same file compare with the amount still open one after the other.
  const [file] = await tx.select().from(t.files).where(eq(t.files.id, payment.fileId)).for('update');
  if (!file) throw new Error('payment without file');
  const claimMinor = file.mainClaimMinor + file.interestMinor + file.costsMinor;
  const { appliedMinor, creditMinor } = splitPayment(claimMinor - file.paymentsMinor, payment.amountMinor);
  const paymentsMinor = file.paymentsMinor + appliedMinor;
  const balance = claimMinor - paymentsMinor;
  if (appliedMinor > 0) {
    await tx.update(t.files).set({ paymentsMinor }).where(eq(t.files.id, file.id));
    await tx.insert(t.paymentsMade).values({
      fileId: file.id,
      bookedOn: payment.bookedOn ?? today,
      amountMinor: appliedMinor,
      turnover: 'payment',
      balanceMinor: balance,
      providerId: payment.providerId,
      reference: payment.reference,
    });
  }
  await tx.insert(t.events).values({
    fileId: file.id,
    occurredAt: now,
    kind: 'payment',
    detail: {
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      provider: payment.providerId,
      purpose: payment.purpose,
    },
  });
  if (creditMinor > 0) {
    // Money beyond the claim (issue 11, finding 14): the agency refunds it; the claim stays at zero.
    await tx.insert(t.credits).values({
      fileId: file.id,
      paymentId: payment.paymentId,
      amountMinor: creditMinor,
      currency: payment.currency,
      reason: 'overpayment',
      createdAt: now,
    });
    await tx.insert(t.events).values({
      fileId: file.id,
      occurredAt: now,
      kind: 'overpayment',
      detail: {
        amountMinor: creditMinor,
        currency: payment.currency,
        paymentId: payment.paymentId ?? payment.reference,
      },
    });
  }

  let status: { code: (typeof t.statusCodes)[number]; subState: (typeof t.subStates)[number] | null } | null = null;
  const plans = await tx
    .select()
    .from(t.instalmentPlans)
    .where(and(eq(t.instalmentPlans.fileId, file.id), inArray(t.instalmentPlans.status, ['active', 'pending'])));
  const activePlan = plans.find((p) => p.status === 'active');
  const pendingPlan = plans.find((p) => p.status === 'pending');

  switch (payment.purpose) {
    case 'downPayment': {
      if (payment.depositId)
        await tx.update(t.deposits).set({ status: 'paid', paidAt: now }).where(eq(t.deposits.id, payment.depositId));
      // Section 4.3: the down payment is paid, the plan starts (code 24 ends).
      if (pendingPlan) {
        await tx.update(t.instalmentPlans).set({ status: 'active' }).where(eq(t.instalmentPlans.id, pendingPlan.id));
        status = { code: '2', subState: 'instalmentRunning' };
      }
      break;
    }
    case 'deposit': {
      if (payment.depositId)
        await tx.update(t.deposits).set({ status: 'paid', paidAt: now }).where(eq(t.deposits.id, payment.depositId));
      else
        await tx
          .insert(t.deposits)
          .values({ fileId: file.id, kind: 'deposit', amountMinor: payment.amountMinor, status: 'paid', paidAt: now });
      // Instalment error code 5 asked for this deposit; a new plan may now be made.
      if (file.instalmentErrorCode === 5)
        await tx
          .update(t.files)
          .set({ instalmentErrorCode: null, depositRequiredMinor: null })
          .where(eq(t.files.id, file.id));
      break;
    }
    case 'instalment': {
      if (payment.instalmentRowId) {
        await tx
          .update(t.instalmentRows)
          .set({ paidAt: now })
          .where(and(eq(t.instalmentRows.id, payment.instalmentRowId), isNull(t.instalmentRows.paidAt)));
      }
      if (activePlan) {
        const open = await tx
          .select({ id: t.instalmentRows.id })
          .from(t.instalmentRows)
          .where(and(eq(t.instalmentRows.planId, activePlan.id), isNull(t.instalmentRows.paidAt)));
        if (open.length === 0)
          await tx
            .update(t.instalmentPlans)
            .set({ status: 'completed' })
            .where(eq(t.instalmentPlans.id, activePlan.id));
        else if (file.statusCode === '2' && file.subState === 'instalmentOverdue')
          status = { code: '2', subState: 'instalmentRunning' };
      }
      break;
    }
    case 'remainder':
    case 'openAmount': {
      if (activePlan && balance <= 0) {
        await tx
          .update(t.instalmentRows)
          .set({ paidAt: now })
          .where(and(eq(t.instalmentRows.planId, activePlan.id), isNull(t.instalmentRows.paidAt)));
        await tx.update(t.instalmentPlans).set({ status: 'completed' }).where(eq(t.instalmentPlans.id, activePlan.id));
      }
      break;
    }
    case 'specialOffer': {
      if (payment.specialOfferId) {
        await tx.update(t.specialOffers).set({ paidAt: now }).where(eq(t.specialOffers.id, payment.specialOfferId));
        const [offer] = await tx.select().from(t.specialOffers).where(eq(t.specialOffers.id, payment.specialOfferId));
        if (offer && !offer.acceptedAt)
          await tx.update(t.specialOffers).set({ acceptedAt: now }).where(eq(t.specialOffers.id, offer.id));
      }
      // Section 4.2 code 2a: settled by settlement or compromise.
      status = { code: '2a', subState: null };
      break;
    }
    case 'partial':
      break;
  }

  // Section 4.2 code 3: nothing left to pay.
  if (balance <= 0 && status?.code !== '2a') {
    status = { code: '3', subState: null };
    for (const plan of plans)
      await tx.update(t.instalmentPlans).set({ status: 'completed' }).where(eq(t.instalmentPlans.id, plan.id));
    await tx
      .update(t.deposits)
      .set({ status: 'cancelled' })
      .where(and(eq(t.deposits.fileId, file.id), eq(t.deposits.status, 'pending')));
  }
  if (status && (status.code !== file.statusCode || status.subState !== file.subState)) {
    await changeFileStatus(
      tx,
      file.id,
      { statusCode: status.code, subState: status.subState, statusDate: today },
      { reason: payment.reason, changedAt: now },
    );
    return { statusCode: status.code, creditMinor };
  }
  return { statusCode: file.statusCode, creditMinor };
}

/** Rows of the active plan that are still open, earliest first (for paying the current instalment). */
export async function nextOpenRow(db: Database, fileId: number) {
  const [plan] = await db
    .select()
    .from(t.instalmentPlans)
    .where(and(eq(t.instalmentPlans.fileId, fileId), eq(t.instalmentPlans.status, 'active')));
  if (!plan) return null;
  const [row] = await db
    .select()
    .from(t.instalmentRows)
    .where(
      and(eq(t.instalmentRows.planId, plan.id), isNull(t.instalmentRows.paidAt), eq(t.instalmentRows.skipped, false)),
    )
    .orderBy(asc(t.instalmentRows.position))
    .limit(1);
  return row ?? null;
}
