/**
 * What a debtor agreed or was offered: instalment plans and their rows, deferrals, deposits,
 * special offers, the dashboard's notices (modals), portal orders and SEPA mandates.
 */
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.ts';
import { fileRef } from './files.ts';

export const instalmentPlans = pgTable(
  'instalment_plans',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    status: text('status', { enum: ['pending', 'active', 'cancelled', 'completed'] }).notNull(),
    residualClaimMinor: money('residual_claim_minor').notNull(),
    feeMinor: money('fee_minor').notNull().default(0),
    expensesMinor: money('expenses_minor').notNull().default(0),
    vatMinor: money('vat_minor').notNull().default(0),
    totalMinor: money('total_minor').notNull(),
    monthlyMinor: money('monthly_minor').notNull(),
    instalmentCount: smallint('instalment_count').notNull(),
    firstDueOn: date('first_due_on').notNull(),
    providerId: text('provider_id'),
    isSepa: boolean('is_sepa').notNull().default(false),
    sepaFailed: boolean('sepa_failed').notNull().default(false),
    skipsUsed: smallint('skips_used').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('instalment_plans_file_idx').on(t.fileId)],
);

export const instalmentRows = pgTable(
  'instalment_rows',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => instalmentPlans.id),
    position: smallint('position').notNull(),
    dueOn: date('due_on').notNull(),
    amountMinor: money('amount_minor').notNull(),
    /** The claim including the fee before this instalment, and what remains after it. */
    claimMinor: money('claim_minor').notNull(),
    remainingMinor: money('remaining_minor').notNull(),
    isFinal: boolean('is_final').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [uniqueIndex('instalment_rows_plan_position_idx').on(t.planId, t.position)],
);

export const deferrals = pgTable(
  'deferrals',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    payBy: date('pay_by').notNull(),
    noticeDays: smallint('notice_days').notNull().default(30),
    feeMinor: money('fee_minor').notNull().default(0),
    providerId: text('provider_id'),
  },
  (t) => [index('deferrals_file_idx').on(t.fileId)],
);

/** Deposits (required after broken agreements) and down payments (before a plan). */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    kind: text('kind', { enum: ['deposit', 'downPayment'] }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    dueOn: date('due_on'),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('deposits_file_idx').on(t.fileId)],
);

export const specialOffers = pgTable(
  'special_offers',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    amountMinor: money('amount_minor').notNull(),
    validTill: date('valid_till').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the agency withdrew the offer (DELETE /agency/v1/files/{reference}/special-offer, decision
     * 106): the row stays, so what the debtor was offered stays known; a withdrawn latest offer means
     * the file has no offer the debtor can take.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('special_offers_file_idx').on(t.fileId)],
);

/** Modals of section 2.4, shown sorted by orderNo until acknowledged. */
export const modalKinds = [
  'emailCapture',
  'floodArea',
  'redirectNotice',
  'specialOffer',
  'maintenance',
  'dataMisuse',
  'deliveryCosts',
  'unbilledEnforcementCosts',
] as const;

export const modals = pgTable(
  'modals',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    kind: text('kind', { enum: modalKinds }).notNull(),
    orderNo: smallint('order_no').notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    response: text('response'),
    /**
     * The agency's own id of a notice it put (PUT /agency/v1/files/{reference}/modals/{id}, decision
     * 102): unique per file; null for modals that came otherwise (the demo, rules, the special offer).
     */
    agencyId: text('agency_id'),
    createdAt: createdAt(),
  },
  (t) => [index('modals_file_idx').on(t.fileId), uniqueIndex('modals_file_agency_idx').on(t.fileId, t.agencyId)],
);

/** Every agreement a debtor makes in the portal (section 3, "Portal order"). */
export const portalOrders = pgTable(
  'portal_orders',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    /** Truncated client address (last octet or 80 bits removed), never the full one. */
    ip: text('ip'),
    orderType: text('order_type', {
      enum: [
        'payDirect',
        'instalments',
        'deferral',
        'skipInstalment',
        'specialOffer',
        'partialPayment',
        'sepaMandate',
        'noticeOfCompletion',
        'downloadForm',
      ],
    }).notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull().defaultNow(),
    targetAmountMinor: money('target_amount_minor'),
    targetDate: date('target_date'),
    feesMinor: money('fees_minor').notNull().default(0),
    info: text('info'),
  },
  (t) => [index('portal_orders_file_idx').on(t.fileId)],
);

/**
 * Each SEPA direct debit mandate as signed, with its own account, reference and date: the
 * printable mandate (/sepa-mandate) shows these, never the debtor's current account, which a
 * later mandate or a profile change may have replaced.
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    mandateReference: text('mandate_reference').notNull().unique(),
    creditorId: text('creditor_id').notNull(),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    /** What the mandate pays: an instalment plan or a deferral, and that agreement's id. */
    purpose: text('purpose', { enum: ['plan', 'deferral'] }).notNull(),
    agreementId: integer('agreement_id').notNull(),
    targetDate: date('target_date').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sepa_mandates_file_idx').on(t.fileId, t.signedAt)],
);
