/**
 * The modals of section 2.4 for the session's file: which ones to show (sorted by orderNo, one
 * at a time) and what the debtor's answers do. Framework-free: the dashboard route, the
 * /modals resource route and the assistant call the same functions.
 *
 * Sources of a modal:
 * - rows of the `modals` table (the agency's back office puts them there), shown until
 *   acknowledged, and only while their rule below still holds;
 * - rules without a row: the flood-area notice while the debtor lives in a flooded area, and a
 *   maintenance window announced in public/maintenance.json (server/maintenance.ts). Answering
 *   one of these writes an acknowledged row, so that it stays acknowledged across sessions.
 *
 * Every action checks that the modal belongs to the session's file and writes an audit entry.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { audit, auditDebtor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { MaintenanceAnnouncement } from '../maintenance.ts';
import { truncateClientAddress } from '../security/client-address.ts';
import { emailField, modalRefField } from './modal-forms.ts';
import { loadFileFacts, todayIso, type FileFacts, type SpecialOfferFacts } from './facts.ts';
import { isSpecialOfferValid, sortModals } from './rules.ts';

export type ModalKind = (typeof t.modalKinds)[number];
type ModalRow = typeof t.modals.$inferSelect;

/**
 * A modal as the dashboard shows it. `ref` names it in forms: the row id ("12"), or for a modal
 * that comes from a rule "rule:floodArea" / "rule:maintenance:<start>".
 */
export interface PendingModal {
  ref: string;
  kind: ModalKind;
  orderNo: number;
  /**
   * A notice: Escape and the close button acknowledge it. A decision (e-mail capture, special
   * offer) is never taken by closing the dialog; it only goes away for the moment.
   */
  acknowledgeOnClose: boolean;
  /** The special settlement offer: amount in the file's currency, the last valid day and the open amount it settles. */
  offer: { amountMinor: number; currency: string; validTill: string; settlesMinor: number } | null;
  /** A maintenance window (ISO date-times), when known. */
  maintenance: { from: string | null; until: string | null } | null;
}

/** Kinds the debtor decides on (closing the dialog decides nothing). */
export const decisionKinds: ReadonlySet<ModalKind> = new Set<ModalKind>(['emailCapture', 'specialOffer']);

/** Order of the modals that come from rules, in the orderNo space of the table's rows. */
const ruleOrder = { maintenance: 0, floodArea: 1 } as const;

export interface ModalSituation {
  /** Rows of the file's `modals` table, acknowledged ones included. */
  rows: ReadonlyArray<Pick<ModalRow, 'id' | 'kind' | 'orderNo' | 'payload' | 'acknowledgedAt'>>;
  debtor: { hasEmail: boolean; inFloodedArea: boolean };
  file: Pick<FileFacts, 'statusCode' | 'closedAt' | 'currency' | 'totalMinor'> & {
    specialOffer: SpecialOfferFacts | null;
  };
  /** The maintenance window announced for the variant and host, if any. */
  announcement: MaintenanceAnnouncement | null;
  /** Decisions (e-mail capture, special offer) need a full login; a reference-only session sees notices only. */
  level: 'limited' | 'full';
  today: string;
  now: Date;
}

const payloadString = (row: Pick<ModalRow, 'payload'>, key: string): string | null => {
  const value = row.payload?.[key];
  return typeof value === 'string' ? value : null;
};

/** Whether a row's modal still applies (the rule of its kind). */
export function rowApplies(row: Pick<ModalRow, 'kind' | 'payload'>, situation: Omit<ModalSituation, 'rows'>): boolean {
  const { debtor, file } = situation;
  if (decisionKinds.has(row.kind) && situation.level !== 'full') return false;
  switch (row.kind) {
    // AddEmailIfNotExists: asked only while no address is on file.
    case 'emailCapture':
      return !debtor.hasEmail;
    case 'floodArea':
      return debtor.inFloodedArea;
    // Only while the offer can still be taken and has not been accepted yet (section 9, 4.3).
    case 'specialOffer':
      return isSpecialOfferValid(file.specialOffer, situation.today) && !file.specialOffer.acceptedAt;
    // A maintenance notice is over once its window has ended.
    case 'maintenance': {
      const until = payloadString(row, 'until');
      return until === null || Date.parse(until) > situation.now.getTime();
    }
    // "The total may exclude delivery costs on an ongoing measure" (section 2.4). The agency
    // places the row when a measure's delivery costs are not in the total yet. Nobody signs in
    // while the measure runs (decision 019), so the notice holds afterwards, like unbilled
    // enforcement costs, until the file is closed or the row is acknowledged.
    case 'deliveryCosts':
      return file.closedAt === null;
    // Unbilled enforcement costs matter as long as the file is not closed.
    case 'unbilledEnforcementCosts':
      return file.closedAt === null;
    case 'redirectNotice':
    case 'dataMisuse':
      return true;
  }
}

function toPending(
  row: Pick<ModalRow, 'id' | 'kind' | 'orderNo' | 'payload'>,
  situation: Omit<ModalSituation, 'rows'>,
): PendingModal {
  const offer =
    row.kind === 'specialOffer' && situation.file.specialOffer
      ? {
          amountMinor: situation.file.specialOffer.amountMinor,
          currency: situation.file.currency,
          validTill: situation.file.specialOffer.validTill,
          settlesMinor: Math.max(0, situation.file.totalMinor),
        }
      : null;
  const maintenance =
    row.kind === 'maintenance' ? { from: payloadString(row, 'from'), until: payloadString(row, 'until') } : null;
  return {
    ref: String(row.id),
    kind: row.kind,
    orderNo: row.orderNo,
    acknowledgeOnClose: !decisionKinds.has(row.kind),
    offer,
    maintenance,
  };
}

const maintenanceRuleRef = (announcement: MaintenanceAnnouncement) => `rule:maintenance:${announcement.from}`;

/**
 * The modals to show now, pure: the unacknowledged rows whose rule holds, plus the modals of
 * rules that have no row yet, sorted by orderNo (at equal orderNo rows first, in their order).
 */
export function selectPendingModals(situation: ModalSituation): PendingModal[] {
  const rows = situation.rows
    .filter((row) => rowApplies(row, situation))
    .map((row) => ({ ...toPending(row, situation), acknowledgedAt: row.acknowledgedAt }));
  const fromRules: Array<PendingModal & { acknowledgedAt: null }> = [];
  if (situation.debtor.inFloodedArea && !situation.rows.some((r) => r.kind === 'floodArea')) {
    fromRules.push({
      ref: 'rule:floodArea',
      kind: 'floodArea',
      orderNo: ruleOrder.floodArea,
      acknowledgeOnClose: true,
      offer: null,
      maintenance: null,
      acknowledgedAt: null,
    });
  }
  const announcement = situation.announcement;
  if (
    announcement &&
    !situation.rows.some(
      (r) => r.kind === 'maintenance' && payloadString(r, 'ruleRef') === maintenanceRuleRef(announcement),
    )
  ) {
    fromRules.push({
      ref: maintenanceRuleRef(announcement),
      kind: 'maintenance',
      orderNo: ruleOrder.maintenance,
      acknowledgeOnClose: true,
      offer: null,
      maintenance: { from: announcement.from, until: announcement.until },
      acknowledgedAt: null,
    });
  }
  return sortModals([...rows, ...fromRules]).map(({ acknowledgedAt: _acknowledged, ...modal }) => modal);
}

export interface PendingModalsOptions {
  level?: 'limited' | 'full';
  announcement?: MaintenanceAnnouncement | null;
  now?: Date;
  /** The file's facts for the same day, when the caller has just read them (the dashboard). */
  facts?: FileFacts;
}

/** The file's modal rows and its debtor, as the situation needs them. */
export interface ModalReads {
  owner: { debtorId: number; email: string | null; inFloodedArea: boolean };
  rows: ModalSituation['rows'];
}

/** The situation from what was read (pure): the dashboard reads it with the rest of its page. */
export function modalSituation(
  facts: FileFacts,
  reads: ModalReads,
  today: string,
  options: PendingModalsOptions,
): ModalSituation & { debtorId: number } {
  const { owner, rows } = reads;
  return {
    debtorId: owner.debtorId,
    rows,
    debtor: { hasEmail: Boolean(owner.email?.trim()), inFloodedArea: owner.inFloodedArea },
    file: {
      statusCode: facts.statusCode,
      closedAt: facts.closedAt,
      currency: facts.currency,
      totalMinor: facts.totalMinor,
      specialOffer: facts.specialOffer,
    },
    announcement: options.announcement ?? null,
    level: options.level ?? 'full',
    today,
    now: options.now ?? new Date(),
  };
}

async function loadSituation(
  db: Database,
  fileId: number,
  today: string,
  options: PendingModalsOptions,
): Promise<(ModalSituation & { debtorId: number }) | null> {
  const facts = options.facts ?? (await loadFileFacts(db, fileId, { today }));
  if (!facts) return null;
  const [owner] = await db
    .select({ debtorId: t.debtors.id, email: t.debtors.email, inFloodedArea: t.debtors.inFloodedArea })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(eq(t.files.id, fileId));
  if (!owner) return null;
  const rows = await db
    .select()
    .from(t.modals)
    .where(eq(t.modals.fileId, fileId))
    .orderBy(t.modals.orderNo, t.modals.id);
  return modalSituation(facts, { owner, rows }, today, options);
}

/**
 * The modals of section 2.4 that apply to the file, not yet acknowledged, sorted by orderNo.
 * `today` is the ISO date the rules use (offer validity).
 */
export async function pendingModals(
  db: Database,
  fileId: number,
  today: string = todayIso(),
  options: PendingModalsOptions = {},
): Promise<PendingModal[]> {
  const situation = await loadSituation(db, fileId, today, options);
  return situation ? selectPendingModals(situation) : [];
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

/** Who is answering: the session's debtor and file, never taken from the form. */
export interface ModalActor {
  fileId: number;
  debtorId: number;
  level: 'limited' | 'full';
  clientAddress?: string;
  /** The maintenance window currently announced (to acknowledge a rule-based maintenance notice). */
  announcement?: MaintenanceAnnouncement | null;
  now?: Date;
}

export const acknowledgeInput = z.object({ modal: modalRefField });
export const captureEmailInput = z.object({
  modal: modalRefField,
  email: emailField,
});
export const specialOfferInput = z.object({ modal: modalRefField, response: z.enum(['accept', 'decline']) });

/** Refusals shared by every action: the modal is not the session's, or not of the right kind. */
export type ModalRefusal = 'notFound' | 'wrongKind' | 'needsFullLogin';

type Resolved = { source: 'row'; row: ModalRow } | { source: 'rule'; modal: PendingModal };

/**
 * Finds the modal named by `ref` for the actor's file. A row of another file is refused exactly
 * like a row that does not exist; a rule-based modal must be one that applies to the file now.
 */
async function resolveModal(db: Database, actor: ModalActor, ref: string): Promise<Resolved | null> {
  if (/^\d+$/.test(ref)) {
    const [row] = await db
      .select()
      .from(t.modals)
      .where(and(eq(t.modals.id, Number(ref)), eq(t.modals.fileId, actor.fileId)));
    return row ? { source: 'row', row } : null;
  }
  const pending = await pendingModals(db, actor.fileId, todayIso(actor.now), {
    level: actor.level,
    announcement: actor.announcement ?? null,
    now: actor.now,
  });
  const modal = pending.find((m) => m.ref === ref);
  return modal ? { source: 'rule', modal } : null;
}

async function refuse(
  db: Database,
  actor: ModalActor,
  action: string,
  reason: ModalRefusal,
  ref: string,
): Promise<{ ok: false; error: ModalRefusal }> {
  await auditDebtor(db, actor, `modal.${action}.refused`, {
    detail: { reason, modal: ref.slice(0, 80) },
    at: actor.now,
  });
  return { ok: false, error: reason };
}

/** Marks a row acknowledged (once; an acknowledged modal stays acknowledged) or writes the acknowledged row of a rule-based modal. */
async function markAcknowledged(
  db: Database,
  actor: ModalActor,
  resolved: Resolved,
  response: string,
): Promise<{ kind: ModalKind; changed: boolean }> {
  const at = actor.now ?? new Date();
  if (resolved.source === 'row') {
    const updated = await db
      .update(t.modals)
      .set({ acknowledgedAt: at, response })
      .where(and(eq(t.modals.id, resolved.row.id), eq(t.modals.fileId, actor.fileId), isNull(t.modals.acknowledgedAt)))
      .returning({ id: t.modals.id });
    return { kind: resolved.row.kind, changed: updated.length > 0 };
  }
  const { modal } = resolved;
  await db.insert(t.modals).values({
    fileId: actor.fileId,
    kind: modal.kind,
    orderNo: modal.orderNo,
    payload: { ruleRef: modal.ref, from: modal.maintenance?.from ?? null, until: modal.maintenance?.until ?? null },
    acknowledgedAt: at,
    response,
  });
  return { kind: modal.kind, changed: true };
}

/**
 * A notice's answer that first reads its raw input with `schema`: `invalid` when it does not fit,
 * otherwise `answer` with the input read.
 */
function readFirst<S extends z.ZodType, R>(
  schema: S,
  answer: (db: Database, actor: ModalActor, input: z.output<S>) => Promise<R>,
) {
  return async (db: Database, actor: ModalActor, raw: z.input<S>): Promise<R | { ok: false; error: 'invalid' }> => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? answer(db, actor, parsed.data) : { ok: false, error: 'invalid' };
  };
}

export type AcknowledgeResult = { ok: true; kind: ModalKind } | { ok: false; error: ModalRefusal | 'invalid' };

/**
 * "Understood" on a notice, or "continue without e-mail" on the e-mail capture. A decision on
 * a special offer is never taken this way (use `respondToSpecialOffer`).
 */
export const acknowledgeModal = readFirst(acknowledgeInput, acknowledge);

async function acknowledge(
  db: Database,
  actor: ModalActor,
  { modal: ref }: z.output<typeof acknowledgeInput>,
): Promise<AcknowledgeResult> {
  const resolved = await resolveModal(db, actor, ref);
  if (!resolved) return refuse(db, actor, 'acknowledge', 'notFound', ref);
  const kind = resolved.source === 'row' ? resolved.row.kind : resolved.modal.kind;
  if (kind === 'specialOffer') return refuse(db, actor, 'acknowledge', 'wrongKind', ref);
  if (kind === 'emailCapture' && actor.level !== 'full') return refuse(db, actor, 'acknowledge', 'needsFullLogin', ref);
  const response = kind === 'emailCapture' ? 'continuedWithoutEmail' : 'acknowledged';
  const { changed } = await markAcknowledged(db, actor, resolved, response);
  await auditDebtor(db, actor, kind === 'emailCapture' ? 'email.capture.skipped' : 'modal.acknowledged', {
    detail: { kind, repeated: !changed },
    at: actor.now,
  });
  return { ok: true, kind };
}

export type CaptureEmailResult =
  | { ok: true; stored: boolean }
  | { ok: false; error: ModalRefusal }
  | { ok: false; error: 'invalid'; fieldErrors: Record<string, string[]> }
  /** The address could not be stored; the debtor may continue without one. */
  | { ok: false; error: 'notStored' };

/**
 * AddEmailIfNotExists: a valid address is stored only while the debtor has none; either way the
 * e-mail capture is answered. If storing fails the modal stays, and "continue without e-mail"
 * remains possible.
 */
export async function captureEmail(
  db: Database,
  actor: ModalActor,
  raw: z.input<typeof captureEmailInput>,
): Promise<CaptureEmailResult> {
  const ref = typeof raw.modal === 'string' ? raw.modal : '';
  const parsed = captureEmailInput.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'email');
      (fieldErrors[field] ??= []).push(issue.message);
    }
    if (fieldErrors.modal) return refuse(db, actor, 'captureEmail', 'notFound', ref);
    return { ok: false, error: 'invalid', fieldErrors };
  }
  if (actor.level !== 'full') return refuse(db, actor, 'captureEmail', 'needsFullLogin', ref);
  const resolved = await resolveModal(db, actor, parsed.data.modal);
  if (!resolved) return refuse(db, actor, 'captureEmail', 'notFound', ref);
  const kind = resolved.source === 'row' ? resolved.row.kind : resolved.modal.kind;
  if (kind !== 'emailCapture') return refuse(db, actor, 'captureEmail', 'wrongKind', ref);

  const at = actor.now ?? new Date();
  let stored: boolean;
  try {
    stored = await db.transaction(async (tx) => {
      const updated = await tx
        .update(t.debtors)
        .set({ email: parsed.data.email, emailSetOnce: true, updatedAt: at })
        .where(and(eq(t.debtors.id, actor.debtorId), isNull(t.debtors.email)))
        .returning({ id: t.debtors.id });
      await markAcknowledged(
        tx as unknown as Database,
        actor,
        resolved,
        updated.length > 0 ? 'emailStored' : 'emailAlreadyOnFile',
      );
      return updated.length > 0;
    });
  } catch {
    await auditDebtor(db, actor, 'email.capture.failed', {
      at,
    });
    return { ok: false, error: 'notStored' };
  }
  await auditDebtor(db, actor, stored ? 'email.capture.stored' : 'email.capture.alreadyOnFile', {
    at,
  });
  return { ok: true, stored };
}

export type SpecialOfferResult =
  | { ok: true; response: 'accept'; amountMinor: number; currency: string }
  | { ok: true; response: 'decline' }
  | { ok: false; error: ModalRefusal | 'invalid' | 'offerUnavailable' };

/**
 * The debtor's answer to the special settlement offer (section 4.3 "accept and pay, or
 * decline"). Accept records acceptedAt and a portal order `specialOffer` with the offer amount
 * and validity; the debtor then pays the offer amount (/checkout/pay-direct?offer=true).
 * Decline records declinedAt; the offer no longer counts as the amount to pay (section 9).
 */
export const respondToSpecialOffer = readFirst(specialOfferInput, answerSpecialOffer);

async function answerSpecialOffer(
  db: Database,
  actor: ModalActor,
  { modal: ref, response }: z.output<typeof specialOfferInput>,
): Promise<SpecialOfferResult> {
  if (actor.level !== 'full') return refuse(db, actor, 'specialOffer', 'needsFullLogin', ref);
  const resolved = await resolveModal(db, actor, ref);
  if (!resolved) return refuse(db, actor, 'specialOffer', 'notFound', ref);
  if (resolved.source !== 'row' || resolved.row.kind !== 'specialOffer')
    return refuse(db, actor, 'specialOffer', 'wrongKind', ref);

  const at = actor.now ?? new Date();
  const today = todayIso(at);
  const result = await db.transaction(async (tx): Promise<SpecialOfferResult> => {
    const [offer] = await tx
      .select()
      .from(t.specialOffers)
      .where(eq(t.specialOffers.fileId, actor.fileId))
      .orderBy(desc(t.specialOffers.id))
      .limit(1)
      .for('update');
    const [file] = await tx.select({ currency: t.files.currency }).from(t.files).where(eq(t.files.id, actor.fileId));
    const facts = offer
      ? {
          amountMinor: offer.amountMinor,
          validTill: offer.validTill,
          acceptedAt: offer.acceptedAt?.toISOString() ?? null,
          declinedAt: offer.declinedAt?.toISOString() ?? null,
          paidAt: offer.paidAt?.toISOString() ?? null,
        }
      : null;
    // An offer the agency withdrew (decision 106) can no longer be taken, even from a page shown before.
    if (!offer || !file || offer.withdrawnAt || !isSpecialOfferValid(facts, today) || offer.acceptedAt)
      return { ok: false, error: 'offerUnavailable' };
    const tdb = tx as unknown as Database;
    if (response === 'accept') {
      await tx.update(t.specialOffers).set({ acceptedAt: at }).where(eq(t.specialOffers.id, offer.id));
      await tx.insert(t.portalOrders).values({
        fileId: actor.fileId,
        ip: truncateClientAddress(actor.clientAddress),
        orderType: 'specialOffer',
        orderedAt: at,
        targetAmountMinor: offer.amountMinor,
        targetDate: offer.validTill,
        info: 'accepted',
      });
      await markAcknowledged(tdb, actor, resolved, 'accepted');
      return { ok: true, response: 'accept', amountMinor: offer.amountMinor, currency: file.currency };
    }
    await tx.update(t.specialOffers).set({ declinedAt: at }).where(eq(t.specialOffers.id, offer.id));
    await markAcknowledged(tdb, actor, resolved, 'declined');
    return { ok: true, response: 'decline' };
  });
  await audit(db, {
    actor: 'debtor',
    action: result.ok
      ? `specialOffer.${result.response === 'accept' ? 'accepted' : 'declined'}`
      : 'specialOffer.unavailable',
    debtorId: actor.debtorId,
    fileId: actor.fileId,
    clientAddress: actor.clientAddress,
    at,
  });
  return result;
}
