/**
 * The plan a debtor can look at (the active one, else the pending one) and the plan sent by e-mail.
 */
import { and, desc, eq } from 'drizzle-orm';
import { audit } from '../audit/log.ts';
import { mailRecipient } from '../auth/access.ts';
import type { ActiveSession } from '../auth/session.ts';
import { getDatabase, withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { mailRows, planMail } from './agreement.ts';
import type { PlanRow } from './plan.ts';
import { loadFileContext, type ActionContext, type Db } from './context.ts';

export interface PlanView {
  id: number;
  status: 'pending' | 'active' | 'cancelled' | 'completed';
  residualClaimMinor: number;
  feeMinor: number;
  expensesMinor: number;
  vatMinor: number;
  totalMinor: number;
  monthlyMinor: number;
  instalmentCount: number;
  firstDueOn: string;
  providerId: string | null;
  isSepa: boolean;
  skipsUsed: number;
  rows: Array<PlanRow & { paid: boolean; skipped: boolean }>;
}

/**
 * The plan page's read (opens the database itself, decision 077): the plan the debtor can look at
 * (null without one) and, after "send the plan by e-mail" (`sent`, the mail's id from the URL), the
 * address that mail of this file went to, or null.
 */
export async function planPageView(
  fileId: number,
  sent: number,
): Promise<{ plan: PlanView; sentTo: string | null } | null> {
  const db = await getDatabase();
  const plan = await loadPlan(db, fileId);
  if (!plan) return null;
  if (!Number.isInteger(sent) || sent <= 0) return { plan, sentTo: null };
  const [mail] = await db
    .select({ to: t.mailOutbox.toAddress })
    .from(t.mailOutbox)
    .where(
      and(eq(t.mailOutbox.id, sent), eq(t.mailOutbox.fileId, fileId), eq(t.mailOutbox.template, 'instalmentPlan')),
    );
  return { plan, sentTo: mail?.to ?? null };
}

/** The active plan, else the pending one (the plan a debtor can look at). */
export async function loadPlan(db: Db, fileId: number): Promise<PlanView | null> {
  const plans = await db
    .select()
    .from(t.instalmentPlans)
    .where(eq(t.instalmentPlans.fileId, fileId))
    .orderBy(desc(t.instalmentPlans.id));
  const plan = plans.find((p) => p.status === 'active') ?? plans.find((p) => p.status === 'pending');
  if (!plan) return null;
  const rows = await db
    .select()
    .from(t.instalmentRows)
    .where(eq(t.instalmentRows.planId, plan.id))
    .orderBy(t.instalmentRows.position);
  return {
    id: plan.id,
    status: plan.status,
    residualClaimMinor: plan.residualClaimMinor,
    feeMinor: plan.feeMinor,
    expensesMinor: plan.expensesMinor,
    vatMinor: plan.vatMinor,
    totalMinor: plan.totalMinor,
    monthlyMinor: plan.monthlyMinor,
    // The rates to pay: a skipped rate stays in the table (marked) but moved behind the last one.
    instalmentCount: rows.filter((r) => !r.skipped).length,
    firstDueOn: plan.firstDueOn,
    providerId: plan.providerId,
    isSepa: plan.isSepa,
    skipsUsed: plan.skipsUsed,
    rows: rows.map((r) => ({
      position: r.position,
      dueOn: r.dueOn,
      amountMinor: r.amountMinor,
      claimMinor: r.claimMinor,
      remainingMinor: r.remainingMinor,
      isFinal: r.isFinal,
      paid: r.paidAt !== null,
      skipped: r.skipped,
    })),
  };
}

/**
 * Sends the plan by e-mail through the outbox (from /installment-plan), a few times an hour per
 * file: to the address a full session names, otherwise to the stored one; a reference-only
 * session cannot name one (decision 018).
 */
export async function mailPlan(
  db: Database,
  session: Pick<ActiveSession, 'fileId' | 'debtorId' | 'level'>,
  email: string | null,
  actx: ActionContext,
): Promise<
  | { ok: true; mailId: number; toStoredAddress: boolean }
  | { ok: false; error: 'noPlan' | 'needsFullLogin' | 'noAddress' }
> {
  const ctx = await loadFileContext(db, session);
  const plan = ctx ? await loadPlan(db, session.fileId) : null;
  if (!ctx || !plan) return { ok: false, error: 'noPlan' };
  const recipient = await mailRecipient(db, session, email);
  if (!recipient.ok) return recipient;
  // A plan paid by direct debit names the mandate it is collected under (issue 25, finding 8).
  const [mandate] = plan.isSepa
    ? await db
        .select({ reference: t.sepaMandates.mandateReference, iban: t.sepaMandates.iban })
        .from(t.sepaMandates)
        .where(
          and(
            eq(t.sepaMandates.fileId, session.fileId),
            eq(t.sepaMandates.purpose, 'plan'),
            eq(t.sepaMandates.agreementId, plan.id),
          ),
        )
        .orderBy(desc(t.sepaMandates.signedAt))
        .limit(1)
    : [];
  const mailId = await enqueueMail(db, {
    to: recipient.to,
    template: 'instalmentPlan',
    language: actx.language,
    variant: ctx.variant,
    fileId: session.fileId,
    data: planMail(
      ctx,
      plan,
      // A skipped rate is not owed on its date: the written plan lists the rates to pay.
      mailRows(plan.rows.filter((r) => !r.skipped)),
      mandate ?? null,
    ),
  });
  await audit(db, {
    actor: 'debtor',
    action: 'instalments.planMailed',
    debtorId: session.debtorId,
    fileId: session.fileId,
    clientAddress: actx.clientAddress,
    detail: { planId: plan.id, toOwnAddress: recipient.to === ctx.debtor.email, level: session.level },
  });
  return { ok: true, mailId, toStoredAddress: recipient.stored };
}

/** loadPlan as a page calls it: it opens the database itself (decision 077). */
export const loadPlanForPage = withDatabase(loadPlan);
