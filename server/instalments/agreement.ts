/**
 * What every agreement (a plan, a deferral, skipping an instalment) does alike: one transaction that
 * locks the file's row, so that a repeated or simultaneous submit never makes a second agreement,
 * with its portal order, audit entry and confirmation mail; the file's status; the costs charged.
 */
import { eq, sql } from 'drizzle-orm';
import { audit } from '../audit/log.ts';
import type { ActiveSession } from '../auth/session.ts';
import { todayIso, type StatusCode, type SubState } from '../claims/facts.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { enqueueMail, type MailData, type MailTemplate } from '../mail/outbox.ts';
import { truncateClientAddress } from '../security/client-address.ts';
import { loadFileContext, type ActionContext, type FileContext, type Tx } from './context.ts';
import { maskIban } from './sepa.ts';

export function lockFile(tx: Tx, fileId: number) {
  return tx.select({ id: t.files.id }).from(t.files).where(eq(t.files.id, fileId)).for('update');
}

export async function setStatus(
  tx: Tx,
  fileId: number,
  statusCode: StatusCode,
  subState: SubState | null,
  reason: string,
  today: string,
) {
  await tx.update(t.files).set({ statusCode, subState, statusDate: today }).where(eq(t.files.id, fileId));
  await tx.insert(t.fileStatusHistory).values({ fileId, statusCode, subState, reason });
}

/** What an agreement works with inside its transaction, and the records every agreement writes alike. */
export interface Agreement {
  tx: Tx;
  /** The file's context, read under the lock. */
  ctx: FileContext;
  now: Date;
  today: string;
  /** The client address truncated, as portal orders keep it. */
  ip: string | null;
  /** The agreement's portal order for the file, ordered now from the truncated client address; `info` is kept as JSON. */
  order(order: {
    orderType: (typeof t.portalOrders.$inferInsert)['orderType'];
    targetAmountMinor: number;
    targetDate: string | null;
    feesMinor: number;
    info: Record<string, unknown>;
  }): Promise<void>;
  /** The confirmation mail, when the debtor has an address: whether one was queued. */
  mail<K extends MailTemplate>(template: K, data: MailData[K]): Promise<boolean>;
  /** The agreement's audit entry: by the debtor, for the file, from the client address, now. */
  audit(action: string, detail: Record<string, string | number | boolean | null>): Promise<void>;
}

/**
 * Runs an agreement in one transaction that first locks the file's row, so that a repeated or
 * simultaneous submit waits and then finds the agreement made, and then reads the file's context
 * under that lock as of the action's time. A file the session cannot read answers `missing`,
 * one of the agreement's own refusals.
 */
export async function inAgreement<R>(
  db: Database,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  actx: ActionContext,
  missing: NoInfer<R>,
  work: (agreement: Agreement) => Promise<R>,
): Promise<R> {
  const now = actx.now ?? new Date();
  const today = todayIso(now);
  return db.transaction(async (tx) => {
    await lockFile(tx, session.fileId);
    const ctx = await loadFileContext(tx, session, today);
    if (!ctx) return missing;
    const ip = truncateClientAddress(actx.clientAddress);
    return work({
      tx,
      ctx,
      now,
      today,
      ip,
      order: async ({ info, ...order }) => {
        await tx
          .insert(t.portalOrders)
          .values({ fileId: session.fileId, ip, orderedAt: now, ...order, info: JSON.stringify(info) });
      },
      mail: async (template, data) => {
        if (!ctx.debtor.email) return false;
        await enqueueMail(tx as unknown as Database, {
          to: ctx.debtor.email,
          template,
          language: actx.language,
          variant: ctx.variant,
          fileId: session.fileId,
          data,
        });
        return true;
      },
      audit: (action, detail) =>
        audit(tx as unknown as Database, {
          actor: 'debtor',
          action,
          debtorId: session.debtorId,
          fileId: session.fileId,
          clientAddress: actx.clientAddress,
          detail,
          at: now,
        }),
    });
  });
}

/**
 * Charges the costs of an agreement to the file the moment it is agreed (decision 026): one
 * collection-cost row per fee (type, amount with VAT, legal basis; RDG § 13a) and expenses, and
 * the file's costs raised by the same sum. From then on the open amount, the plan's rows, "pay the
 * entire remaining claim" and the claim information all read the same figure.
 */
export async function chargeAgreementCosts(
  tx: Tx,
  ctx: FileContext,
  c: { kind: 'instalmentFee' | 'settlementFee'; feeMinor: number; expensesMinor: number; vatMinor: number },
) {
  const total = c.feeMinor + c.expensesMinor + c.vatMinor;
  if (total <= 0) return;
  const rows: Array<typeof t.collectionCosts.$inferInsert> = [];
  // VAT is on fee and expenses alike; it is written with the fee.
  if (c.feeMinor + c.vatMinor > 0)
    rows.push({
      fileId: ctx.facts.fileId,
      kind: c.kind,
      amountMinor: c.feeMinor + c.vatMinor,
      legalBasis: ctx.rules.feeLegalBasis,
      vatIncluded: c.vatMinor > 0,
    });
  if (c.expensesMinor > 0)
    rows.push({
      fileId: ctx.facts.fileId,
      kind: 'other',
      amountMinor: c.expensesMinor,
      legalBasis: ctx.rules.feeLegalBasis,
    });
  await tx.insert(t.collectionCosts).values(rows);
  await tx
    .update(t.files)
    .set({ costsMinor: sql`${t.files.costsMinor} + ${total}` })
    .where(eq(t.files.id, ctx.facts.fileId));
}

/** The written plan of the confirmation mail (a new plan, a continued one, the plan sent again). */
export function planMail(
  ctx: FileContext,
  plan: {
    monthlyMinor: number;
    firstDueOn: string;
    totalMinor: number;
    feeMinor: number;
    expensesMinor: number;
    vatMinor: number;
  },
  rows: MailData['instalmentPlan']['rows'],
  mandate?: { reference: string; iban: string } | null,
): MailData['instalmentPlan'] {
  const currency = ctx.facts.currency;
  const fees: MailData['instalmentPlan']['fees'] = [
    { kind: 'instalmentFee', amountMinor: plan.feeMinor },
    ...(plan.expensesMinor ? [{ kind: 'expenses' as const, amountMinor: plan.expensesMinor }] : []),
    ...(plan.vatMinor ? [{ kind: 'vat' as const, amountMinor: plan.vatMinor }] : []),
  ];
  return {
    name: ctx.debtor.name,
    salutation: ctx.debtor.salutation,
    reference: ctx.reference,
    monthly: { amountMinor: plan.monthlyMinor, currency },
    firstDueOn: plan.firstDueOn,
    instalmentCount: rows.length,
    fees,
    total: { amountMinor: plan.totalMinor, currency },
    rows,
    ...(mandate ? { directDebit: { mandateReference: mandate.reference, account: maskIban(mandate.iban) } } : {}),
  };
}

/** The plan's rows as the mail lists them. */
export function mailRows(
  rows: ReadonlyArray<MailData['instalmentPlan']['rows'][number]>,
): MailData['instalmentPlan']['rows'] {
  return rows.map(({ position, dueOn, amountMinor, claimMinor, remainingMinor, isFinal }) => ({
    position,
    dueOn,
    amountMinor,
    claimMinor,
    remainingMinor,
    isFinal,
  }));
}
