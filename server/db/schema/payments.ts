/**
 * Payments started in the portal, credits beyond a claim, and the sandbox provider's sessions.
 */
import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.ts';
import { debtorRef, fileRef } from './files.ts';

/** Purposes a payment can settle (section 9 priority and the pay-direct query variants). */
export const paymentPurposes = [
  'openAmount',
  'remainder',
  'downPayment',
  'instalment',
  'deposit',
  'specialOffer',
  'partial',
] as const;

/** The payment state machine: created → pending → paid | failed | cancelled | expired (server/payments/state.ts). */
export const paymentStatuses = ['created', 'pending', 'paid', 'failed', 'cancelled', 'expired'] as const;

/**
 * Payments started in the portal through a provider (server/payments). The id is random and
 * unguessable; the idempotency key (one per form the debtor was shown) makes a repeated submit
 * return the same payment. A payment is booked once: the change to `paid` is a conditional UPDATE
 * in the same transaction as the booking, so a double return or a repeated webhook cannot book twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    fileId: fileRef(),
    debtorId: debtorRef(),
    variant: text('variant').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Provider id of section 3 ("1" … "11") or a country method (twint, swish, openBanking, noPaymentRequest). */
    providerId: text('provider_id').notNull(),
    purpose: text('purpose', { enum: paymentPurposes }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    feeMinor: money('fee_minor').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('created'),
    /** What the provider answered on failure: declined, cancelled, timeout, providerError. */
    failureReason: text('failure_reason'),
    /** The provider's own reference for this payment (the sandbox session id, a TWINT transaction id). */
    providerReference: text('provider_reference'),
    /** What it settles: the instalment row or the deposit / down payment row. */
    instalmentRowId: integer('instalment_row_id'),
    depositId: integer('deposit_id'),
    specialOfferId: integer('special_offer_id'),
    language: char('language', { length: 2 }).notNull().default('de'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_file_idempotency_idx').on(t.fileId, t.idempotencyKey),
    uniqueIndex('payments_provider_reference_idx').on(t.providerReference),
    index('payments_file_idx').on(t.fileId, t.createdAt),
    check('payments_amount_positive', sql`amount_minor > 0 and fee_minor >= 0`),
  ],
);

/**
 * Money received beyond what a file still owed (a bank transfer booked after the claim was
 * settled, two payments that crossed): the file's payments never exceed the claim, so the
 * excess lands here for the agency to refund. `refundedAt` is set by staff when it is paid back.
 */
export const credits = pgTable(
  'credits',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    paymentId: text('payment_id').references(() => payments.id),
    amountMinor: money('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reason: text('reason', { enum: ['overpayment'] })
      .notNull()
      .default('overpayment'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('credits_open_idx').on(t.fileId, t.refundedAt),
    check('credits_amount_positive', sql`amount_minor > 0`),
  ],
);

/**
 * The built-in sandbox payment provider's own records (server/payments/providers/sandbox.ts). A
 * real provider keeps these itself; the portal only learns about them through the signed webhook
 * and the status call. The id is random and is the last segment of the sandbox page's address.
 */
export const sandboxPaymentSessions = pgTable('sandbox_payment_sessions', {
  id: text('id').primaryKey(),
  /** The portal's payment id, echoed back in webhooks (the merchant reference). */
  merchantReference: text('merchant_reference').notNull(),
  method: text('method').notNull(),
  amountMinor: money('amount_minor').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  status: text('status', { enum: ['open', 'approved', 'declined', 'cancelled', 'expired'] })
    .notNull()
    .default('open'),
  /** Where the provider sends the browser back, for success and for failure. */
  successUrl: text('success_url').notNull(),
  failureUrl: text('failure_url').notNull(),
  /** Cash: the payment slip's number shown as a barcode. */
  slipNumber: text('slip_number'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
