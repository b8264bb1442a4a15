/**
 * The portal's data model (section 3 of the spec). Money is always an integer of minor units
 * (cents, öre, Rappen) next to an ISO currency code; never a float.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => integer(name);

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
  (t) => [index('debtors_personal_number_idx').on(t.personalNumberHash)],
);

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
    debtorId: integer('debtor_id')
      .notNull()
      .references(() => debtors.id),
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

export const fileStatusHistory = pgTable(
  'file_status_history',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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
  },
  (t) => [index('invoices_file_idx').on(t.fileId)],
);

/** Collection costs, each with type, amount and legal basis (RDG §13a). */
export const collectionCosts = pgTable(
  'collection_costs',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** instalmentFee and settlementFee: charged by the portal when a plan or pay later is agreed (decision 026). */
    kind: text('kind', {
      enum: [
        'collectionFee',
        'dunningFee',
        'addressInquiry',
        'creditorCosts',
        'courtFee',
        'other',
        'instalmentFee',
        'settlementFee',
      ],
    }).notNull(),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The debtor journey: letter, reminder, payment, agreement, portal visit, … */
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [index('events_file_idx').on(t.fileId, t.occurredAt)],
);

export const instalmentPlans = pgTable(
  'instalment_plans',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    amountMinor: money('amount_minor').notNull(),
    validTill: date('valid_till').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    kind: text('kind', { enum: modalKinds }).notNull(),
    orderNo: smallint('order_no').notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [index('modals_file_idx').on(t.fileId)],
);

export const documentRequests = pgTable(
  'document_requests',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    templateId: text('template_id').notNull(),
    category: text('category').notNull(),
    categoryPosition: smallint('category_position').notNull(),
    status: text('status', { enum: ['requested', 'Uploaded', 'UploadLater'] })
      .notNull()
      .default('requested'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_requests_file_idx').on(t.fileId)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    context: text('context', {
      enum: ['announcedPayment', 'documentRequest', 'message', 'profileChange', 'proofOfIncome', 'dispute'],
    }).notNull(),
    /** The row in the owning table (announced payment, request, message, …). */
    ownerId: integer('owner_id'),
    originalName: text('original_name').notNull(),
    mediaType: text('media_type', { enum: ['image/jpeg', 'image/png', 'application/pdf', 'image/tiff'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_file_idx').on(t.fileId)],
);

export const announcedPayments = pgTable(
  'announced_payments',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    payee: text('payee', { enum: ['agency', 'creditor', 'sisterBrand'] }).notNull(),
    paidOn: date('paid_on').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    payerName: text('payer_name').notNull(),
    payerIban: text('payer_iban'),
    payerBic: text('payer_bic'),
    payeeName: text('payee_name'),
    payeeIban: text('payee_iban'),
    payeeBic: text('payee_bic'),
    reference: text('reference'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('announced_payments_file_idx').on(t.fileId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    subjectId: smallint('subject_id').notNull(),
    subSubject: text('sub_subject'),
    body: text('body').notNull(),
    email: text('email'),
    phone: text('phone'),
    fromAssistant: boolean('from_assistant').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('messages_file_idx').on(t.fileId)],
);

export const callbacks = pgTable(
  'callbacks',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    phone: text('phone').notNull(),
    reason: text('reason').notNull(),
    weekday: smallint('weekday').notNull(),
    timeOfDay: text('time_of_day', { enum: ['morning', 'noon', 'afternoon', 'evening'] }).notNull(),
    hour: text('hour').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('callbacks_weekday', sql`${t.weekday} between 1 and 6`), index('callbacks_file_idx').on(t.fileId)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id').references(() => files.id),
    source: text('source', { enum: ['portal', 'call', 'payment', 'leftWithoutPayment'] }).notNull(),
    stars: smallint('stars'),
    freeText: text('free_text'),
    questionAnswered: boolean('question_answered'),
    friendliness: smallint('friendliness'),
    satisfaction: smallint('satisfaction'),
    solutionShown: boolean('solution_shown'),
    callbackPhone: text('callback_phone'),
    callbackReason: text('callback_reason'),
    paymentMethod: text('payment_method'),
    paymentProvider: text('payment_provider'),
    createdAt: createdAt(),
  },
  (t) => [
    check('feedback_stars', sql`stars is null or stars between 1 and 5`),
    index('feedback_file_idx').on(t.fileId),
  ],
);

export const feedbackOptOuts = pgTable('feedback_opt_outs', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => files.id),
  createdAt: createdAt(),
});

export const profileChangeRequests = pgTable(
  'profile_change_requests',
  {
    id: serial('id').primaryKey(),
    debtorId: integer('debtor_id')
      .notNull()
      .references(() => debtors.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    reason: text('reason', {
      enum: ['addressError', 'nameError', 'marriage', 'divorce', 'move', 'secondAddress', 'misc'],
    }).notNull(),
    changes: jsonb('changes').$type<Record<string, string | null>>().notNull(),
    relocationDate: date('relocation_date'),
    status: text('status', { enum: ['pending', 'processed', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('profile_change_requests_file_idx').on(t.fileId)],
);

/** Every agreement a debtor makes in the portal (section 3, "Portal order"). */
export const portalOrders = pgTable(
  'portal_orders',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random session token; the token itself lives only in the cookie. */
    idHash: char('id_hash', { length: 64 }).primaryKey(),
    debtorId: integer('debtor_id')
      .notNull()
      .references(() => debtors.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    loginType: text('login_type', { enum: ['reference', 'password', 'letterLink', 'bankId'] }).notNull(),
    level: text('level', { enum: ['limited', 'full'] }).notNull(),
    /**
     * Which door the session belongs to: `web` = the browser's cookie, `api` = a bearer token of the
     * JSON API (decision 044). A cookie never opens an API session and a bearer token never a web one.
     */
    channel: text('channel', { enum: ['web', 'api'] })
      .notNull()
      .default('web'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    /** Re-authentication time for step-up before a SEPA mandate or a profile change. */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (t) => [index('sessions_debtor_idx').on(t.debtorId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    /** What the limit counts: the client address, the reference number or a staff e-mail, as keyed hashes. */
    keyType: text('key_type', { enum: ['client', 'reference', 'staff'] }).notNull(),
    keyHash: char('key_hash', { length: 64 }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_idx').on(t.keyType, t.keyHash, t.attemptedAt)],
);

/** Single-use letter links (the QR code on the letter). */
export const letterLinks = pgTable(
  'letter_links',
  {
    tokenHash: char('token_hash', { length: 64 }).primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('letter_links_file_idx').on(t.fileId)],
);

/**
 * Counters of the rate limits on mail-sending and public posts (server/limits/rate-limits.ts),
 * shared by every instance; the layout rate-limiter-flexible's Drizzle store expects. The key is
 * "<limit>:<keyed hash>", never an address or a reference number in clear.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor', { enum: ['debtor', 'visitor', 'system', 'staff', 'agency'] }).notNull(),
    debtorId: integer('debtor_id'),
    fileId: integer('file_id'),
    action: text('action').notNull(),
    /** Never a reference number, IBAN, e-mail address or token in clear. */
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
    clientHash: char('client_hash', { length: 64 }),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    language: char('language', { length: 2 }).notNull(),
    variant: text('variant').notNull(),
    fileId: integer('file_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * While a worker sends the row, no other worker takes it (server/mail/worker.ts): set when an
     * attempt is claimed, cleared when it ends. A worker that dies mid-send leaves it set; the row
     * is tried again once this time has passed.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

/** The assistant's anonymised intent log, reviewed by support staff. */
/**
 * The assistant's intent log for staff review (server/assistant/intent-log.ts is its one door):
 * one row per turn, the text only after anonymisation. No debtor, file, reference or session id:
 * only a random conversation id that leads nowhere. Rows are deleted after the retention period
 * (server/retention/, decision 040).
 */
export const intentLog = pgTable(
  'intent_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Random per conversation (server/assistant/intent-log.ts newConversationId); never derived from a session or file. */
    conversationId: text('conversation_id'),
    variant: text('variant').notNull(),
    language: char('language', { length: 2 }).notNull(),
    anonymisedText: text('anonymised_text').notNull(),
    intentId: text('intent_id').notNull(),
    confidence: integer('confidence_permille').notNull(),
    /** Whether the assistant asked back instead of acting (low confidence). */
    clarified: boolean('clarified').notNull().default(false),
    engine: text('engine', { enum: ['embedded', 'model'] })
      .notNull()
      .default('embedded'),
    slots: jsonb('slots').$type<Record<string, string>>(),
    /** The deep link or form the answer offered (a path without the variant's base), if any. */
    actionOffered: text('action_offered'),
    outcome: text('outcome'),
    /** With outcome 'refused': the spec's reason code. */
    refusalReason: text('refusal_reason'),
    latencyMs: integer('latency_ms'),
    correctedIntent: text('corrected_intent'),
    correctedSlots: jsonb('corrected_slots').$type<Record<string, string>>(),
    correctedBy: integer('corrected_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    /**
     * The staff view found text in this entry that still matched a pattern of personal data
     * (issue 27): the stored text was masked again at that moment, and the entry waits for
     * deletion from the desk ("delete flagged entries").
     */
    piiFlaggedAt: timestamp('pii_flagged_at', { withTimezone: true }),
  },
  (t) => [index('intent_log_at_idx').on(t.at), index('intent_log_corrected_idx').on(t.correctedAt)],
);

/**
 * Support staff who review the assistant (issue 15, decision 041): separate from debtors, with
 * an argon2id password and a TOTP second factor. The TOTP secret is stored encrypted.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    role: text('role', { enum: ['reviewer', 'admin'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** AES-GCM sealed base32 secret (server/staff/totp.ts). */
    totpSecret: text('totp_secret').notNull(),
    /** Set once the first code from the authenticator app was accepted (enrolment done). */
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_accounts_email_idx').on(t.email)],
);

/** Staff sessions, apart from the debtors' (own cookie, own timeouts). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 of the random token in the staff cookie. */
    idHash: char('id_hash', { length: 64 }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** `password`: the password was right, the TOTP code is still due; only `full` reaches the desk. */
    stage: text('stage', { enum: ['password', 'full'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * The chat pane's conversations (decision 039): kept on the server so that they survive
 * navigation, bound to the session that started them (`session_key`: the session's id hash, or
 * null for a visitor) and reached only through a random id in the browser's cookie. The raw
 * messages are purged 24 hours after `created_at` (spec 9, AI chat logs); what staff review is
 * the anonymised intent log, never this table.
 */
export const chatTranscripts = pgTable(
  'chat_transcripts',
  {
    id: char('id', { length: 32 }).primaryKey(),
    sessionKey: char('session_key', { length: 64 }),
    variant: text('variant').notNull(),
    messages: jsonb('messages')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_transcripts_created_at_idx').on(table.createdAt)],
);

/** Opt-outs from the e-mail reminder service, by e-mail link. */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  id: serial('id').primaryKey(),
  debtorId: integer('debtor_id')
    .notNull()
    .references(() => debtors.id),
  eventId: text('event_id').notNull(),
  createdAt: createdAt(),
});

/** Captcha solutions already used: each proof of work counts once. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  signature: char('signature', { length: 64 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Bank-identity orders of the built-in sandbox provider (server/auth/bank-id/sandbox.ts): the
 * Swedish app-based order flow and the Norwegian redirect flow. A real provider keeps its orders
 * itself; this table only stands in for it. The personal number is kept as a keyed hash, the
 * Norwegian authorization code as a SHA-256; neither is ever stored in clear.
 */
export const bankIdOrders = pgTable(
  'bank_id_orders',
  {
    /** Random, unguessable (UUID v4); also the last segment of the sandbox app's address. */
    orderRef: text('order_ref').primaryKey(),
    country: text('country', { enum: ['SE', 'NO'] }).notNull(),
    status: text('status', { enum: ['pending', 'complete', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** While pending: outstandingTransaction, userSign, …; once failed: userCancel, expiredTransaction, … */
    hint: text('hint'),
    personalNumberHash: char('personal_number_hash', { length: 64 }),
    /** Norway: the random state the portal gets back with the code. */
    state: text('state'),
    /** Norway: SHA-256 of the one-time authorization code. */
    codeHash: char('code_hash', { length: 64 }),
    /** Norway: where the provider sends the browser back (the portal's callback). */
    redirectUri: text('redirect_uri'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the portal took the result (collect or code exchange); a result is handed out once. */
    collectedAt: timestamp('collected_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('bank_id_orders_code_idx').on(t.codeHash), index('bank_id_orders_expires_idx').on(t.expiresAt)],
);

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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    debtorId: integer('debtor_id')
      .notNull()
      .references(() => debtors.id),
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
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
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

/**
 * Machine clients of the agency API (/agency/v1, decision 086): OAuth 2.0 client credentials. The
 * secret is 32 random bytes shown once by `npm run agency:client`; only its SHA-256 is stored.
 */
export const agencyClients = pgTable('agency_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  secretHash: char('secret_hash', { length: 64 }).notNull(),
  /** What the client may ask for: `events:read`, `webhooks:manage`, `files:read`, `files:write`. */
  scopes: text('scopes').array().notNull(),
  /** Calls per minute, counted per client (the token endpoint included). */
  requestsPerMinute: integer('requests_per_minute').notNull().default(600),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * The outbox of what debtors did (decision 087): one row per successful debtor action, written in
 * the action's own transaction by server/actions/run.ts. `seq` is the pull feed's cursor; `txid`
 * (the writing transaction) keeps a reader from passing an event whose transaction has not
 * committed yet. `payload` is the envelope exactly as it is delivered and signed.
 */
export const agencyEvents = pgTable(
  'agency_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    fileId: integer('file_id'),
    debtorId: integer('debtor_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('agency_events_id_idx').on(t.id), index('agency_events_file_idx').on(t.fileId, t.seq)],
);

/**
 * Payments the agency received and reported (PUT /agency/v1/files/{reference}/payments/{id}):
 * booked on the file once per the agency's own id; the same id again answers this row.
 */
export const agencyBookings = pgTable(
  'agency_bookings',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** The agency's own id of the booking. */
    agencyId: text('agency_id').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    bookedOn: date('booked_on').notNull(),
    /** What went to the claim, and what arrived beyond it (a credit to refund). */
    appliedMinor: money('applied_minor').notNull(),
    creditMinor: money('credit_minor').notNull(),
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agency_bookings_file_agency_idx').on(t.fileId, t.agencyId)],
);

/** Webhook endpoints an agency client subscribed; the Standard Webhooks secret is sealed (AES-GCM). */
export const agencyWebhooks = pgTable('agency_webhooks', {
  id: text('id').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => agencyClients.id),
  url: text('url').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  /** Event types to deliver; null: all. */
  eventTypes: text('event_types').array(),
  /** The last event (`seq`) the delivery worker made a delivery row for. */
  cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** One event to one endpoint: pending (with its next attempt), delivered, or dead after the last attempt. */
export const agencyDeliveries = pgTable(
  'agency_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => agencyWebhooks.id),
    eventSeq: bigint('event_seq', { mode: 'number' })
      .notNull()
      .references(() => agencyEvents.seq),
    fileId: integer('file_id'),
    status: text('status', { enum: ['pending', 'delivered', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agency_deliveries_event_idx').on(t.webhookId, t.eventSeq),
    index('agency_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('agency_deliveries_file_idx').on(t.webhookId, t.fileId, t.eventSeq),
  ],
);

/** The version of each resource the agency upserts (ETag / If-Match), by the agency's own key. */
export const agencyVersions = pgTable(
  'agency_versions',
  {
    resource: text('resource').notNull(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.key] })],
);
