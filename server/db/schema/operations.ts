/**
 * The portal's own records: the audit log, the mail outbox, the assistant's intent log and
 * transcripts, and the staff desk's accounts and sessions.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
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
import { createdAt } from './columns.ts';

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
