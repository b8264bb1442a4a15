/**
 * The files and their debtors: creditors, debtors, files with their status history, the invoices
 * and collection costs a claim is made of, the payments booked on it and its event history.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
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
import { costKinds } from '../../claims/costs.ts';
import type { InstalmentTerms, MethodLists } from '../../terms/file-terms.ts';
import { createdAt, money } from './columns.ts';

export const creditors = pgTable('creditors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  country: char('country', { length: 2 }).notNull(),
  logoPath: text('logo_path'),
});

export const debtors = pgTable(
  'debtors',
  {
    id: serial('id').primaryKey(),
    /** The agency's own key of the debtor (bulk import, decision 096): a debtor's files find it by this. */
    agencyKey: text('agency_key'),
    /** 1 Mr, 2 Ms, 3 company (section 3, profile). */
    salutation: smallint('salutation').notNull(),
    personType: text('person_type', { enum: ['person', 'company'] })
      .notNull()
      .default('person'),
    companyName: text('company_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthdate: date('birthdate'),
    streetName: text('street_name').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: char('country_code', { length: 2 }).notNull(),
    email: text('email'),
    emailSetOnce: boolean('email_set_once').notNull().default(false),
    phone: text('phone'),
    mobile: text('mobile'),
    fax: text('fax'),
    iban: text('iban'),
    bic: text('bic'),
    accountHolder: text('account_holder'),
    matchcode: text('matchcode'),
    contactId: text('contact_id'),
    /** Swedish or Norwegian personal identity number, for bank-identity login; stored as a keyed hash. */
    personalNumberHash: text('personal_number_hash'),
    inFloodedArea: boolean('in_flooded_area').notNull().default(false),
    preferredLanguage: char('preferred_language', { length: 2 }),
    /** argon2id hash of the portal password. */
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    remindersDisabledAt: timestamp('reminders_disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('debtors_personal_number_idx').on(t.personalNumberHash),
    uniqueIndex('debtors_agency_key_idx').on(t.agencyKey),
  ],
);

/** The debtor a row belongs to. */
export const debtorRef = () =>
  integer('debtor_id')
    .notNull()
    .references(() => debtors.id);

/** Status codes of section 4.2. */
export const statusCodes = ['1', '2', '2a', '3', '3a', '20', '22', '23', '24', '40', '41', '42'] as const;

/** Sub-states of status 2 (section 4.2). */
export const subStates = [
  'deferred',
  'postponed',
  'sepaMandate',
  'instalmentRunning',
  'instalmentEnded',
  'paymentNoted',
  'sepaFailed',
  'instalmentOverdue',
] as const;

export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** 9-digit reference number; with the subcase it names one file. */
    refno: char('refno', { length: 9 }).notNull(),
    subcase: smallint('subcase').notNull().default(1),
    debtorId: debtorRef(),
    variant: text('variant').notNull(),
    creditorId: integer('creditor_id')
      .notNull()
      .references(() => creditors.id),
    originalCreditorId: integer('original_creditor_id').references(() => creditors.id),
    currency: char('currency', { length: 3 }).notNull(),
    statusCode: text('status_code', { enum: statusCodes }).notNull(),
    subState: text('sub_state', { enum: subStates }),
    statusDate: date('status_date').notNull(),
    /** What the claim is for, in the creditor's words, and the contract it arose from. */
    claimSubject: text('claim_subject').notNull(),
    /**
     * What the claim is for as a code of the subject catalogue with its parameters (decision 029),
     * e.g. purchase with { goods: 'clothing', order: '4471-2291' }: the portal words it in the
     * page's language. Null when the agency's system sent only the creditor's free text above.
     */
    subjectKey: text('subject_key'),
    subjectParams: jsonb('subject_params').$type<Record<string, string>>(),
    contractDate: date('contract_date'),
    /** Compact breakdown: main claim, interest, costs, payments; the total is derived. */
    mainClaimMinor: money('main_claim_minor').notNull(),
    interestMinor: money('interest_minor').notNull().default(0),
    costsMinor: money('costs_minor').notNull().default(0),
    paymentsMinor: money('payments_minor').notNull().default(0),
    totalMinor: integer('total_minor').generatedAlwaysAs(
      sql`main_claim_minor + interest_minor + costs_minor - payments_minor`,
    ),
    /** Interest: yearly rate in basis points and how it was calculated (RDG §13a). */
    interestRateBp: integer('interest_rate_bp'),
    interestBasis: text('interest_basis'),
    interestFrom: date('interest_from'),
    addressTraced: boolean('address_traced').notNull().default(false),
    /** Server-side flags that decide what the debtor sees. */
    hasVideo: boolean('has_video').notNull().default(false),
    showEventHistory: boolean('show_event_history').notNull().default(true),
    showUploadCenter: boolean('show_upload_center').notNull().default(false),
    /** Letter links count as full login for this file. */
    letterLinkIsFullLogin: boolean('letter_link_is_full_login').notNull().default(false),
    /** Instalment refusal code (section 8, 1 to 6) and the deposit it may require. */
    instalmentErrorCode: smallint('instalment_error_code'),
    depositRequiredMinor: money('deposit_required_minor'),
    /** Features refused for this file (403 text with phone contact). */
    functionsBlocked: boolean('functions_blocked').notNull().default(false),
    legalBlocking: boolean('legal_blocking').notNull().default(false),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    /**
     * The last breathing space the debtor asked for on /service/hardship (decision 068): when it
     * was asked (once per file in 12 months) and the last day collection is paused; reminders
     * stop until then, as while a dispute is reviewed (server/hardship/rules.ts `remindersPaused`).
     */
    breathingSpaceAt: timestamp('breathing_space_at', { withTimezone: true }),
    collectionPausedUntil: date('collection_paused_until'),
    /**
     * What the agency set for this file within its variant (decision 103, server/terms/file-terms.ts):
     * its own list of payment methods per purpose, and its instalment terms (a shorter longest plan,
     * a higher lowest monthly amount, a fee waived). Null: the variant's.
     */
    paymentMethods: jsonb('payment_methods').$type<MethodLists>(),
    instalmentTerms: jsonb('instalment_terms').$type<InstalmentTerms>(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_refno_subcase_idx').on(t.refno, t.subcase),
    index('files_debtor_idx').on(t.debtorId),
    check('files_refno_digits', sql`${t.refno} ~ '^[0-9]{9}$'`),
    check(
      'files_money_non_negative',
      sql`main_claim_minor >= 0 and interest_minor >= 0 and costs_minor >= 0 and payments_minor >= 0`,
    ),
  ],
);

/** The file a row belongs to, named the same way in every table of a file's rows. */
export const fileRef = () =>
  integer('file_id')
    .notNull()
    .references(() => files.id);

export const fileStatusHistory = pgTable(
  'file_status_history',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    statusCode: text('status_code', { enum: statusCodes }).notNull(),
    subState: text('sub_state', { enum: subStates }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
  },
  (t) => [index('file_status_history_file_idx').on(t.fileId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date'),
    amountMinor: money('amount_minor').notNull(),
    description: text('description').notNull(),
    /**
     * The description in other languages, where the agency's system has it (decision 029): free
     * text of the creditor's invoice has no catalogue to code it with. Missing languages show
     * `description`, the original wording.
     */
    descriptions: jsonb('descriptions').$type<Record<string, string>>(),
    /** Key of the PDF in document storage (outside the web root). */
    documentKey: text('document_key'),
    /**
     * The agency's own id of the invoice (PUT /agency/v1/files/{reference}/invoices/{id}, decision
     * 101): unique per file; null for invoices that came otherwise (the demo, files before the API).
     */
    agencyId: text('agency_id'),
    /** Hex SHA-256 and size of the stored PDF, where the agency put it (its version names them). */
    documentSha256: char('document_sha256', { length: 64 }),
    documentBytes: integer('document_bytes'),
  },
  (t) => [index('invoices_file_idx').on(t.fileId), uniqueIndex('invoices_file_agency_idx').on(t.fileId, t.agencyId)],
);

/** Collection costs, each with type, amount and legal basis (RDG §13a). */
export const collectionCosts = pgTable(
  'collection_costs',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    /** instalmentFee and settlementFee: charged by the portal when a plan or pay later is agreed (decision 026). */
    kind: text('kind', { enum: costKinds }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    legalBasis: text('legal_basis').notNull(),
    vatIncluded: boolean('vat_included').notNull().default(false),
  },
  (t) => [index('collection_costs_file_idx').on(t.fileId)],
);

export const paymentsMade = pgTable(
  'payments_made',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    bookedOn: date('booked_on').notNull(),
    amountMinor: money('amount_minor').notNull(),
    /** What the booking was: payment, refund, correction. */
    turnover: text('turnover', { enum: ['payment', 'refund', 'correction'] })
      .notNull()
      .default('payment'),
    balanceMinor: money('balance_minor').notNull(),
    providerId: text('provider_id'),
    reference: text('reference'),
  },
  (t) => [index('payments_made_file_idx').on(t.fileId)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The debtor journey: letter, reminder, payment, agreement, portal visit, … */
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [index('events_file_idx').on(t.fileId, t.occurredAt)],
);
