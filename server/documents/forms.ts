/**
 * The download center (spec 2.1 /download-center/{customForm}, section 3 "Download form
 * fields", section 9 "Printed forms must be signed and returned within 7 days") and the online
 * disputes that stand beside the forms ("not my debt", goods not received, goods returned,
 * identity theft).
 *
 * Framework-free: routes, a JSON API and the assistant call the same functions with the file of
 * the session, never one named by the client.
 */
import { formatReference } from '../auth/reference.ts';
import { truncateClientAddress } from '../security/client-address.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditDebtor } from '../audit/log.ts';
import { todayIso } from '../dates.ts';
import { remindersPaused as pausedByRules } from '../hardship/rules.ts';
import { isFinished } from '../claims/rules.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { debtorName, mailReceipt } from '../mail/addressee.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { AttachRefused, attachOrRollBack, type AttachProblem } from '../uploads/receive.ts';
import {
  disputeReasons,
  downloadFormSchema,
  formKinds,
  todayIsoDate,
  type DisputeReason,
  type DownloadFormValues,
  type FormKind,
} from './form-schemas.ts';
import { renderFormPdf, type Translate } from './pdf-forms.ts';
import type { DocumentStore } from './store.ts';

/** Codes after which nothing is owed or collected any more (section 4.2: 2a, 3, 3a). */

/** Days the debtor has to sign and send back a printed form (section 9). */
export const returnWithinDays = 7;

export interface DisputeState {
  disputedAt: string;
  reason: DisputeReason | null;
}

export interface DownloadCenterView {
  fileId: number;
  variant: string;
  reference: string;
  creditor: string;
  /** The debtor's profile as the forms' starting values. */
  prefill: Partial<DownloadFormValues>;
  /** Set while the agency reviews an objection: reminders are paused meanwhile. */
  dispute: DisputeState | null;
  /** A settled or stopped file takes no new objection online. */
  finished: boolean;
  agency: { name: string; street: string; postalCode: string; city: string; country: string };
}

function asReason(value: string | null): DisputeReason | null {
  return (disputeReasons as readonly string[]).includes(value ?? '') ? (value as DisputeReason) : null;
}

/**
 * Reminders pause while an objection is under review: a file with `disputedAt` set gets no
 * reminder until the agency has reviewed it (and cleared `disputedAt`, or settled the file). They
 * pause as well while a breathing space runs (server/hardship/rules.ts, decision 068). Any
 * reminder or dunning job asks this before it writes a letter or a mail.
 */
export function remindersPaused(
  file: { disputedAt: Date | string | null; collectionPausedUntil?: string | null },
  today: string = todayIso(),
): boolean {
  return pausedByRules(file, today);
}

export async function loadDownloadCenter(db: Database, fileId: number): Promise<DownloadCenterView | null> {
  const [row] = await db
    .select({ file: t.files, debtor: t.debtors, creditor: t.creditors.name })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .innerJoin(t.creditors, eq(t.creditors.id, t.files.creditorId))
    .where(eq(t.files.id, fileId));
  if (!row) return null;
  const { file, debtor } = row;
  const legal = variants[file.variant as VariantId]?.legal ?? variants.de.legal;
  return {
    fileId,
    variant: file.variant,
    reference: formatReference(file.refno, file.subcase),
    creditor: row.creditor,
    prefill: {
      firstName: debtor.firstName ?? '',
      lastName: debtor.lastName ?? '',
      born: debtor.birthdate ?? undefined,
      street: debtor.streetName,
      streetNumber: debtor.houseNumber,
      zip: debtor.postalCode,
      city: debtor.city,
      email: debtor.email ?? undefined,
    },
    dispute: file.disputedAt
      ? { disputedAt: file.disputedAt.toISOString(), reason: asReason(file.disputeReason) }
      : null,
    finished: isFinished(file.statusCode) || file.closedAt !== null,
    agency: {
      name: legal.name,
      street: legal.street,
      postalCode: legal.postalCode,
      city: legal.city,
      country: legal.country,
    },
  };
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The next id of a portal order, drawn before the order is written (its document is stored under it first). */
async function nextOrderId(db: Database): Promise<number> {
  const answer = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('portal_orders', 'id'))::int as id`,
  )) as unknown as { rows: Array<{ id: number }> };
  return answer.rows[0]!.id;
}

/** Where a created form is kept: beside the order that recorded it. */
export const formDocumentKey = (fileId: number, orderId: number) => `forms/${fileId}/${orderId}.pdf`;

const createFormInput = z.object({
  fileId: z.number().int().positive(),
  debtorId: z.number().int().positive(),
  form: z.enum(formKinds),
  values: z.record(z.string(), z.unknown()),
  clientAddress: z.string().optional(),
  language: z.string().min(2),
  locale: z.string().min(2),
});

export type CreateFormResult =
  { ok: true; orderId: number; returnBy: string } | { ok: false; reason: 'fileNotFound' | 'invalid' };

/**
 * Fills the form as a PDF, keeps it in the document store and records the creation: a portal
 * order (type downloadForm, info = the form's name) and an audit entry, in one transaction.
 *
 * The store may be a bucket across the network (decision 045), so the PDF is stored before that
 * transaction, never inside it (decision 087): the order's id is drawn from its sequence first, the
 * document is put under it, then the order, the audit entry and `options.commit` (the agency's
 * event) are written together. When that transaction fails the document is deleted again.
 */
export async function createDownloadForm(
  db: Database,
  store: DocumentStore,
  rawInput: z.input<typeof createFormInput>,
  options: {
    t: Translate;
    now?: Date;
    /** Runs in the transaction that records the form (the action layer's event). */
    commit?: (tx: Database, created: { orderId: number; returnBy: string }) => Promise<void>;
  },
): Promise<CreateFormResult> {
  const input = createFormInput.parse(rawInput);
  const now = options.now ?? new Date();
  const today = todayIsoDate(now);
  const parsed = downloadFormSchema(input.form, today).safeParse(input.values);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const view = await loadDownloadCenter(db, input.fileId);
  if (!view) return { ok: false, reason: 'fileNotFound' };
  const variant = variants[view.variant as VariantId] ?? variants.de;
  const returnBy = addDays(today, returnWithinDays);
  const countryName =
    new Intl.DisplayNames([input.locale], { type: 'region' }).of(view.agency.country) ?? view.agency.country;
  const bytes = await renderFormPdf({
    form: input.form,
    values: parsed.data as DownloadFormValues,
    reference: view.reference,
    creditor: view.creditor,
    agency: { ...view.agency, countryName },
    brand: variant.brand.name,
    createdOn: today,
    returnBy,
    language: input.language,
    locale: input.locale,
    t: options.t,
  });
  const orderId = await nextOrderId(db);
  const key = formDocumentKey(input.fileId, orderId);
  await store.put(key, bytes);
  try {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      await tx.insert(t.portalOrders).values({
        id: orderId,
        fileId: input.fileId,
        ip: truncateClientAddress(input.clientAddress),
        orderType: 'downloadForm',
        orderedAt: now,
        targetDate: returnBy,
        info: input.form,
      });
      await auditDebtor(tx, input, 'documents.formCreated', {
        detail: { form: input.form, orderId },
        at: now,
      });
      await options.commit?.(tx, { orderId, returnBy });
    });
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
  return { ok: true, orderId, returnBy };
}

/** A form created for this file, or null (another file's order looks exactly like a missing one). */
export async function findFormDocument(
  db: Database,
  fileId: number,
  form: FormKind,
  orderId: number,
): Promise<{ key: string; orderedAt: Date; returnBy: string | null } | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  const [order] = await db
    .select({ id: t.portalOrders.id, orderedAt: t.portalOrders.orderedAt, targetDate: t.portalOrders.targetDate })
    .from(t.portalOrders)
    .where(
      and(
        eq(t.portalOrders.id, orderId),
        eq(t.portalOrders.fileId, fileId),
        eq(t.portalOrders.orderType, 'downloadForm'),
        eq(t.portalOrders.info, form),
      ),
    );
  return order
    ? { key: formDocumentKey(fileId, order.id), orderedAt: order.orderedAt, returnBy: order.targetDate }
    : null;
}

// ---------------------------------------------------------------------------------------------
// Online dispute
// ---------------------------------------------------------------------------------------------

const disputeInput = z.object({
  fileId: z.number().int().positive(),
  debtorId: z.number().int().positive(),
  reason: z.enum(disputeReasons),
  statement: z.string().trim().min(20).max(4000),
  dateGoodsReturn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
  /** Pending uploads (context 'dispute') of this file, received by server/uploads/ while streaming. */
  uploadIds: z.array(z.number().int().positive()).default([]),
  language: z.string().min(2),
  clientAddress: z.string().optional(),
});

export type RaiseDisputeResult =
  | { ok: true; disputedAt: string; evidenceCount: number }
  | { ok: false; reason: 'fileNotFound' | 'finished' }
  | { ok: false; reason: 'alreadyDisputed'; disputedAt: string }
  | { ok: false; reason: 'evidence'; problem: AttachProblem };

/**
 * Records an objection: the file is marked disputed (once: a second objection changes nothing),
 * its evidence (uploads already received and judged by content) attached to the event
 * 'disputeRaised', the agency told through the outbox and the debtor sent a receipt when an
 * e-mail address is on file. Reminders pause from now on (remindersPaused) until the agency has
 * reviewed the objection. Evidence that is not this file's, or too much of it, refuses the whole
 * objection: nothing is marked.
 */
export async function raiseDispute(
  db: Database,
  rawInput: z.input<typeof disputeInput>,
  options: { now?: Date } = {},
): Promise<RaiseDisputeResult> {
  const input = disputeInput.parse(rawInput);
  const now = options.now ?? new Date();
  try {
    return await recordDispute(db, input, now);
  } catch (error) {
    if (error instanceof AttachRefused) return { ok: false, reason: 'evidence', problem: error.problem };
    throw error;
  }
}

function recordDispute(db: Database, input: z.output<typeof disputeInput>, now: Date): Promise<RaiseDisputeResult> {
  return db.transaction(async (tx): Promise<RaiseDisputeResult> => {
    const [row] = await tx
      .select({ file: t.files, debtor: t.debtors })
      .from(t.files)
      .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
      .where(eq(t.files.id, input.fileId));
    if (!row || row.file.debtorId !== input.debtorId) return { ok: false, reason: 'fileNotFound' };
    if (isFinished(row.file.statusCode) || row.file.closedAt) return { ok: false, reason: 'finished' };
    // Only the first objection marks the file: the condition makes a second one (or a double
    // click racing the first) change nothing.
    const [marked] = await tx
      .update(t.files)
      .set({ disputedAt: now, disputeReason: input.reason })
      .where(and(eq(t.files.id, input.fileId), isNull(t.files.disputedAt)))
      .returning({ disputedAt: t.files.disputedAt });
    if (!marked) {
      const [current] = await tx
        .select({ disputedAt: t.files.disputedAt })
        .from(t.files)
        .where(eq(t.files.id, input.fileId));
      return { ok: false, reason: 'alreadyDisputed', disputedAt: (current?.disputedAt ?? now).toISOString() };
    }
    const [event] = await tx
      .insert(t.events)
      .values({
        fileId: input.fileId,
        occurredAt: now,
        kind: 'disputeRaised',
        detail: { reason: input.reason, evidenceCount: input.uploadIds.length, remindersPaused: true },
      })
      .returning({ id: t.events.id });
    await attachOrRollBack(tx, {
      fileId: input.fileId,
      context: 'dispute',
      ownerId: event!.id,
      ids: input.uploadIds,
    });

    const variant = variants[row.file.variant as VariantId] ?? variants.de;
    const ref = formatReference(row.file.refno, row.file.subcase);
    const name = debtorName(row.debtor);
    await enqueueMail(tx, {
      to: variant.support.email,
      template: 'agencyDispute',
      language: variant.defaultLanguage,
      variant: variant.id,
      fileId: input.fileId,
      data: {
        reference: ref,
        reason: input.reason,
        statement: input.statement,
        dateGoodsReturn: input.dateGoodsReturn ?? null,
        evidenceCount: input.uploadIds.length,
        debtorName: name,
        replyEmail: row.debtor.email,
        disputedAt: now.toISOString(),
      },
    });
    await mailReceipt(tx, row.debtor.email, {
      language: input.language,
      variant: variant.id,
      fileId: input.fileId,
      data: { name, salutation: row.debtor.salutation, reference: ref, kind: 'dispute' },
    });
    await auditDebtor(tx, input, 'documents.disputeRaised', {
      detail: { reason: input.reason, evidenceCount: input.uploadIds.length },
      at: now,
    });
    return { ok: true, disputedAt: now.toISOString(), evidenceCount: input.uploadIds.length };
  });
}

/** How many forms a file has created (for the staff view and tests). */
export async function countCreatedForms(db: Database, fileId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.portalOrders)
    .where(and(eq(t.portalOrders.fileId, fileId), eq(t.portalOrders.orderType, 'downloadForm')));
  return row?.n ?? 0;
}

/** loadDownloadCenter as a page calls it: it opens the database itself (decision 077). */
export const loadDownloadCenterForPage = withDatabase(loadDownloadCenter);

/** findFormDocument as a page calls it: it opens the database itself (decision 077). */
export const findFormDocumentForPage = withDatabase(findFormDocument);
