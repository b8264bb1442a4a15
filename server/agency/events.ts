/**
 * The events the portal reports to the agency (issue 29, decision 087): one per debtor action that
 * went through, written to the outbox (`agency_events`) in the action's own transaction by
 * server/actions/run.ts, the one place every action passes. An action that is refused, invalid or
 * fails leaves no event.
 *
 * Each action has exactly one event type (the map below is typed by the registry: a new action
 * does not compile without its event). The envelope follows the Standard Webhooks payload shape
 * (`type`, `timestamp`, `data`), with the event's id and the file beside them; `data` holds the
 * action's input as its schema read it and the action's result, both with secrets (passwords,
 * tokens) and binary contents left out. The same envelope is delivered as a webhook and served by
 * the pull feed, byte for byte.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ActionName } from '../actions/registry.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

/** The event type of each action (`<area>.<what happened>`). */
export const eventTypeOf = {
  startPayment: 'payment.started',
  cancelPayment: 'payment.cancelled',
  mailTransfer: 'payment.transferDetailsMailed',
  leavePaymentFeedback: 'feedback.paymentFeedbackLeft',
  givePaymentFeedback: 'feedback.paymentFeedbackGiven',
  agreePlan: 'agreement.planAgreed',
  continuePendingPlan: 'agreement.planContinued',
  grantDeferral: 'agreement.deferralGranted',
  skipInstalment: 'agreement.instalmentSkipped',
  mailPlan: 'agreement.planMailed',
  announcePayment: 'payment.announced',
  sendMessage: 'contact.messageSent',
  requestCallback: 'contact.callbackRequested',
  requestProfileChange: 'profile.changeRequested',
  requestNoticeOfCompletion: 'claim.noticeOfCompletionRequested',
  requestBreathingSpace: 'hardship.breathingSpaceRequested',
  createForm: 'document.formCreated',
  raiseDispute: 'claim.disputed',
  uploadDocument: 'document.uploaded',
  postponeDocument: 'document.postponed',
  acknowledgeNotice: 'notice.acknowledged',
  captureEmail: 'profile.emailCaptured',
  answerSpecialOffer: 'offer.answered',
  giveFeedback: 'feedback.given',
  optOutOfSurveys: 'feedback.surveysOptedOut',
} as const satisfies Record<ActionName, string>;

/**
 * Events that no debtor action writes: what happens to a file outside the debtor's own steps, each
 * written in the transaction of the change it reports. `payment.paid`: the payment provider
 * confirmed a payment and the portal booked it (the money the agency must hear of first);
 * `reminders.disabled`: the debtor followed the opt-out link of a reminder mail (no session).
 */
export const systemEventDescriptions = {
  'payment.paid':
    'The payment provider confirmed a payment and the portal booked it on the file; `result.payment` has its id, method, purpose, amount and fee (minor units) and when it was paid, `result.appliedMinor` what went to the claim, `result.creditMinor` what arrived beyond it (to refund), `result.statusCode` the file’s status after it.',
  'reminders.disabled':
    'The debtor switched off e-mail reminders, by the link in a reminder mail (`door` mail) or the JSON API (`door` api); written for each of the debtor’s files, `result.mailEventId` names the mail.',
} as const;
export type SystemEventType = keyof typeof systemEventDescriptions;

export type EventType = (typeof eventTypeOf)[ActionName] | SystemEventType;
export const eventTypes = [
  ...new Set([...Object.values(eventTypeOf), ...Object.keys(systemEventDescriptions)]),
].sort() as EventType[];

/** What each event type tells, for the OpenAPI document and docs/agency-api.md. */
export const eventDescriptions: Record<EventType, string> = {
  'payment.started':
    'The debtor started a payment (card, wallet, transfer, cash slip …); `result.payment` has its id, method, purpose, amount and status.',
  'payment.cancelled':
    'The debtor cancelled a payment under way to choose another way to pay; `result.payment` is the cancelled payment.',
  'payment.transferDetailsMailed': 'The bank-transfer details of a payment were mailed to the debtor.',
  'feedback.paymentFeedbackLeft': 'The debtor left the payment page with feedback (why they did not pay).',
  'feedback.paymentFeedbackGiven': 'The debtor rated a paid payment.',
  'agreement.planAgreed': 'The debtor agreed an instalment plan (with a SEPA mandate when `input.sepa`).',
  'agreement.planContinued': 'The debtor continued a pending instalment plan.',
  'agreement.deferralGranted': 'The debtor was granted a deferral (pay later) to a date.',
  'agreement.instalmentSkipped': 'The debtor skipped one instalment of the running plan.',
  'agreement.planMailed': 'The instalment plan was mailed to the debtor.',
  'payment.announced':
    'The debtor said they already paid (payee, date, amount, payer account, receipts as upload ids).',
  'contact.messageSent': 'The debtor sent a message (subject, text, attachments as upload ids).',
  'contact.callbackRequested': 'The debtor asked for a call back (phone number, day and time window).',
  'profile.changeRequested': 'The debtor asked for a change of name, address, phone or e-mail (the agency decides).',
  'claim.noticeOfCompletionRequested': 'The debtor asked for the notice of completion of a settled claim.',
  'hardship.breathingSpaceRequested':
    'The debtor asked for a breathing space; collection pauses until `result.pausedUntil`.',
  'document.formCreated': 'The debtor created a form to download and return (e.g. a declaration of income).',
  'claim.disputed': 'The debtor disputed the claim (reason, text, evidence as upload ids).',
  'document.uploaded': 'The debtor uploaded a document the agency asked for.',
  'document.postponed': 'The debtor postponed a requested document.',
  'notice.acknowledged': 'The debtor acknowledged a notice shown on the dashboard.',
  'profile.emailCaptured': 'The debtor gave an e-mail address when the portal asked for one.',
  'offer.answered': 'The debtor accepted or declined the special settlement offer.',
  'feedback.given': 'The debtor rated the portal.',
  'feedback.surveysOptedOut': 'The debtor opted out of surveys.',
  ...systemEventDescriptions,
};

const jsonValue: z.ZodType<unknown> = z.unknown();

/** The envelope of every event (as delivered and as served by the pull feed). */
export const eventEnvelopeSchema = z
  .object({
    id: z.string().describe('The event id: the `webhook-id` header, the same on every delivery of this event.'),
    type: z.enum(eventTypes as [EventType, ...EventType[]]),
    timestamp: z.string().describe('When the debtor acted (ISO 8601, UTC).'),
    file: z
      .object({
        reference: z.string().describe('The reference number (9 digits) the agency gave the file.'),
        subcase: z.number().int(),
      })
      .describe('The file the debtor acted on.'),
    data: z.object({
      action: z
        .string()
        .describe(
          'The portal action that ran (docs/architecture.md, the action layer); for an event no debtor action wrote, the step that wrote it (`bookPayment`).',
        ),
      door: z
        .enum(['page', 'assistant', 'api', 'provider', 'mail'])
        .describe(
          'Where it came from: the debtor on a page, in the assistant or by the JSON API, or by a link in a mail; or the payment provider’s confirmation.',
        ),
      input: z
        .record(z.string(), jsonValue)
        .describe('The action’s input as its schema read it; passwords, tokens and file contents left out.'),
      result: jsonValue.describe(
        'What the action answered (ids of the records it made, dates, amounts in minor units).',
      ),
    }),
  })
  .meta({ id: 'Event', description: 'One thing a debtor did, as the agency receives it.' });

export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

const secretKey = /pass(word)?|secret|token|^t$|captcha|altcha/i;

/**
 * A value made safe and plain for the agency: secrets' keys and binary contents left out, dates as
 * ISO strings, depth and lengths bounded (a hostile input never makes an event huge).
 */
export function plainValue(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > 10_000 ? value.slice(0, 10_000) : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth >= 6) return null;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Blob) return undefined;
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => plainValue(item, depth + 1) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, 100)) {
      if (secretKey.test(key) || typeof item === 'function') continue;
      const plain = plainValue(item, depth + 1);
      if (plain !== undefined) out[key] = plain;
    }
    return out;
  }
  return undefined;
}

export interface ActionEvent {
  action: ActionName;
  door: 'page' | 'assistant' | 'api';
  fileId: number;
  debtorId: number;
  reference: string;
  subcase: number;
  input: unknown;
  result: unknown;
  at: Date;
}

export function newEventId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}

/** The envelope of one action's event. */
export function envelopeOf(event: ActionEvent, id: string = newEventId()): EventEnvelope {
  const input = plainValue(event.input);
  return {
    id,
    type: eventTypeOf[event.action],
    timestamp: event.at.toISOString(),
    file: { reference: event.reference, subcase: event.subcase },
    data: {
      action: event.action,
      door: event.door,
      input: input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {},
      result: plainValue(event.result) ?? null,
    },
  };
}

/** Writes the action's event to the outbox with `db`, the action's transaction. */
export async function recordActionEvent(db: Database, event: ActionEvent): Promise<EventEnvelope> {
  return insertEvent(db, event, envelopeOf(event));
}

/**
 * Writes an event no debtor action wrote (`systemEventDescriptions`) with `db`, the transaction of
 * the change it reports; the file's reference and debtor are read in it.
 */
export async function recordSystemEvent(
  db: Database,
  event: {
    type: SystemEventType;
    step: string;
    door: 'provider' | 'mail' | 'api';
    fileId: number;
    result: unknown;
    at: Date;
  },
): Promise<EventEnvelope> {
  const [file] = await db
    .select({ refno: t.files.refno, subcase: t.files.subcase, debtorId: t.files.debtorId })
    .from(t.files)
    .where(eq(t.files.id, event.fileId));
  if (!file) throw new Error(`no file ${event.fileId} for ${event.type}`);
  const envelope: EventEnvelope = {
    id: newEventId(),
    type: event.type,
    timestamp: event.at.toISOString(),
    file: { reference: file.refno, subcase: file.subcase },
    data: { action: event.step, door: event.door, input: {}, result: plainValue(event.result) ?? null },
  };
  return insertEvent(db, { fileId: event.fileId, debtorId: file.debtorId, at: event.at }, envelope);
}

async function insertEvent(
  db: Database,
  event: { fileId: number; debtorId: number; at: Date },
  envelope: EventEnvelope,
): Promise<EventEnvelope> {
  await db.insert(t.agencyEvents).values({
    id: envelope.id,
    type: envelope.type,
    fileId: event.fileId,
    debtorId: event.debtorId,
    occurredAt: event.at,
    payload: envelope as unknown as Record<string, unknown>,
  });
  return envelope;
}

/**
 * Whether the outbox already holds an event of this type about a payment (`result.payment.id`): a
 * request repeated with the same idempotency key writes `payment.started` only when the first run
 * could not (it stopped between the provider's call and its last transaction), and a cancellation
 * the provider's own notice recorded first is reported once; the agency hears of each once.
 */
export async function paymentEventWritten(
  db: Database,
  type: EventType,
  fileId: number,
  paymentId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ seq: t.agencyEvents.seq })
    .from(t.agencyEvents)
    .where(
      and(
        eq(t.agencyEvents.fileId, fileId),
        eq(t.agencyEvents.type, type),
        sql`${t.agencyEvents.payload} -> 'data' -> 'result' -> 'payment' ->> 'id' = ${paymentId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
