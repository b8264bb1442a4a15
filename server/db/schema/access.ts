/**
 * Signing in and its limits: sessions, failed attempts, used letter links, rate-limit counters,
 * reminder opt-outs, used captcha challenges and bank-identity orders.
 */
import { boolean, char, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { debtorRef, fileRef } from './files.ts';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random session token; the token itself lives only in the cookie. */
    idHash: char('id_hash', { length: 64 }).primaryKey(),
    debtorId: debtorRef(),
    fileId: fileRef(),
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
    fileId: fileRef(),
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

/** Opt-outs from the e-mail reminder service, by e-mail link. */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  id: serial('id').primaryKey(),
  debtorId: debtorRef(),
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
