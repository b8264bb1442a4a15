/**
 * What a debtor asked or sent: requested documents and uploads, announced payments, messages,
 * callbacks, feedback, and profile change requests.
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
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.ts';
import { debtorRef, fileRef, files } from './files.ts';

export const documentRequests = pgTable(
  'document_requests',
  {
    id: serial('id').primaryKey(),
    fileId: fileRef(),
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
    fileId: fileRef(),
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
    fileId: fileRef(),
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
    fileId: fileRef(),
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
    fileId: fileRef(),
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
    debtorId: debtorRef(),
    fileId: fileRef(),
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
