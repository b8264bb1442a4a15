/**
 * Bulk import of the agency's letter batches (issue 29, decision 096): the import jobs with their
 * counts and the last line merged (a job resumes after it), the lines refused with the reason, and
 * the staging table the validated lines are copied into before each chunk is merged into the
 * debtors, creditors and files. The staging table is UNLOGGED (hand-set in migration 0017: the
 * schema cannot say it): its rows live only inside the chunk's own transaction.
 */
import {
  boolean,
  char,
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
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** One import of a batch: where it is read from, how far it got, and what it did. */
export const agencyImports = pgTable('agency_imports', {
  id: serial('id').primaryKey(),
  /** The API client that sent it; null for the command line. */
  clientId: text('client_id'),
  /** The batch as a file on this machine (the command line's, or the HTTP body as received). */
  source: text('source').notNull(),
  status: text('status', { enum: ['running', 'done', 'failed'] })
    .notNull()
    .default('running'),
  /** Lines of the batch per chunk (lines 1–N, N+1–2N, …): a resumed job keeps its chunks. */
  chunkLines: integer('chunk_lines').notNull(),
  /** The last line of the batch whose chunk was merged: a resumed job reads on after it. */
  lastMergedLine: integer('last_merged_line').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  filesCreated: integer('files_created').notNull().default(0),
  filesUpdated: integer('files_updated').notNull().default(0),
  debtorsCreated: integer('debtors_created').notNull().default(0),
  debtorsUpdated: integer('debtors_updated').notNull().default(0),
  creditorsCreated: integer('creditors_created').notNull().default(0),
  creditorsUpdated: integer('creditors_updated').notNull().default(0),
  /** Lines naming a file deleted in the portal: the file is left as it is. */
  filesDeleted: integer('files_deleted').notNull().default(0),
  statusChanges: integer('status_changes').notNull().default(0),
  /** Why the job stopped (failed): a broken gzip stream, too many lines, the database. */
  error: text('error'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** A line of a batch that was refused: its number, each field that was wrong and why, and its start. */
export const agencyImportRejects = pgTable(
  'agency_import_rejects',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => agencyImports.id),
    line: integer('line').notNull(),
    issues: jsonb('issues').$type<Array<{ path: string; message: string }>>().notNull(),
    /** The line's first 1,000 characters. */
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);

/**
 * Validated lines of the chunk being merged (UNLOGGED), one row per line: the debtor, the creditors
 * by name and the file. Written by COPY and deleted in the same transaction that merges them.
 */
export const agencyImportStage = pgTable(
  'agency_import_stage',
  {
    importId: integer('import_id').notNull(),
    line: integer('line').notNull(),
    refno: char('refno', { length: 9 }).notNull(),
    subcase: smallint('subcase').notNull(),
    variant: text('variant').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    debtorKey: text('debtor_key').notNull(),
    salutation: smallint('salutation').notNull(),
    personType: text('person_type').notNull(),
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
    phone: text('phone'),
    mobile: text('mobile'),
    preferredLanguage: char('preferred_language', { length: 2 }),
    matchcode: text('matchcode'),
    personalNumberHash: text('personal_number_hash'),
    creditorName: text('creditor_name').notNull(),
    creditorStreet: text('creditor_street').notNull(),
    creditorPostalCode: text('creditor_postal_code').notNull(),
    creditorCity: text('creditor_city').notNull(),
    creditorCountry: char('creditor_country', { length: 2 }).notNull(),
    originalCreditorName: text('original_creditor_name'),
    originalCreditorStreet: text('original_creditor_street'),
    originalCreditorPostalCode: text('original_creditor_postal_code'),
    originalCreditorCity: text('original_creditor_city'),
    originalCreditorCountry: char('original_creditor_country', { length: 2 }),
    statusCode: text('status_code').notNull(),
    subState: text('sub_state'),
    statusDate: date('status_date').notNull(),
    claimSubject: text('claim_subject').notNull(),
    subjectKey: text('subject_key'),
    subjectParams: jsonb('subject_params'),
    contractDate: date('contract_date'),
    mainClaimMinor: integer('main_claim_minor').notNull(),
    interestMinor: integer('interest_minor').notNull(),
    costsMinor: integer('costs_minor').notNull(),
    /** The line's `costLines` as it gave them (JSON), or null to keep the file's. */
    costLines: jsonb('cost_lines'),
    /** The line's `history` in date order (JSON), or null to keep the file's. */
    history: jsonb('history'),
    paymentsMinor: integer('payments_minor').notNull(),
    interestRateBp: integer('interest_rate_bp'),
    interestBasis: text('interest_basis'),
    interestFrom: date('interest_from'),
    hasVideo: boolean('has_video').notNull(),
    showEventHistory: boolean('show_event_history').notNull(),
    showUploadCenter: boolean('show_upload_center').notNull(),
    letterLinkIsFullLogin: boolean('letter_link_is_full_login').notNull(),
    instalmentErrorCode: smallint('instalment_error_code'),
    depositRequiredMinor: integer('deposit_required_minor'),
    functionsBlocked: boolean('functions_blocked').notNull(),
    legalBlocking: boolean('legal_blocking').notNull(),
    addressTraced: boolean('address_traced').notNull(),
  },
  (t) => [index('agency_import_stage_import_idx').on(t.importId, t.line)],
);
