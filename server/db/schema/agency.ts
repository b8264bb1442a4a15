/**
 * The agency's side (issue 29): API clients, the event outbox, bookings the agency reports,
 * webhook subscriptions and deliveries, and versions of what the agency upserts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.ts';
import { fileRef } from './files.ts';

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
    fileId: fileRef(),
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

/**
 * The version of each resource the agency upserts (ETag / If-Match), by the agency's own key: a
 * whole file (`file`, by its reference; its status shares it), a debtor (`debtor`, by the
 * agency's key), an invoice (decision 101) and the parts of a file the agency sets (decision 102). Decision 099: the version is counted up when the resource is read or written
 * through the API and its representation is no longer the one `digest` names, whoever changed it.
 */
export const agencyVersions = pgTable(
  'agency_versions',
  {
    resource: text('resource').notNull(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    /** SHA-256 (base64url) of the representation this version names; null before decision 099. */
    digest: text('digest'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.key] })],
);
