/**
 * The instalment capability against the database: what a debtor may do with the file, and the
 * agreements (a plan, a deferral, skipping an instalment, a SEPA mandate) with their portal order,
 * audit entry and confirmation mail, each in one transaction that locks the file's row so that
 * a repeated or simultaneous submit never makes a second agreement.
 *
 * Framework-free: the routes, a JSON API and the assistant's tools call these functions.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { audit } from '../audit/log.ts';
import { beginAttempt, lockState, settleAttempt } from '../auth/attempts.ts';
import { mailRecipient } from '../auth/access.ts';
import { confirmPassword, hasRecentReauth } from '../auth/reauth.ts';
import type { ActiveSession } from '../auth/session.ts';
import { loadFileFacts, todayIso, type FileFacts, type StatusCode, type SubState } from '../claims/facts.ts';
import { actionFlags } from '../claims/rules.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { enqueueMail, type MailData, type MailTemplate } from '../mail/outbox.ts';
import { consume } from '../limits/rate-limits.ts';
import { truncateClientAddress } from '../security/client-address.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { costRulesFor, type CostRules } from './config.ts';
import { isIsoDate } from './dates.ts';
import type { DeferralMethod, IncomeProofType, PlanMethod } from './options.ts';
import {
  calculatePlan,
  checkMonthly,
  deferralEligibility,
  deferralTerms,
  firstDueRange,
  monthlyLimits,
  planCosts,
  planEligibility,
  skipRow,
  type MonthlyLimits,
  type Plan,
  type PlanCosts,
  type PlanEligibility,
} from './plan.ts';
import {
  accountHolderPattern,
  bicForIban,
  checkSepaIban,
  mandateReference,
  maskIban,
  normaliseBic,
  samePostalCode,
} from './sepa.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

export {
  deferralMethods,
  incomeProofTypes,
  planMethods,
  type DeferralMethod,
  type IncomeProofType,
  type PlanMethod,
} from './options.ts';

export interface Debtor {
  id: number;
  salutation: number;
  name: string;
  email: string | null;
  postalCode: string;
  hasPassword: boolean;
  iban: string | null;
  bic: string | null;
  accountHolder: string | null;
}

export interface FileContext {
  facts: FileFacts;
  variant: string;
  reference: string;
  rules: CostRules;
  debtor: Debtor;
  today: string;
}

/** The variant's SEPA direct debit (IBAN country, creditor id), or null where it is not offered (decision 027). */
export function sepaOf(variant: string) {
  return variants[variant as VariantId]?.sepa ?? null;
}

export interface ActionContext {
  clientAddress: string;
  language: string;
  now?: Date;
}

export async function loadFileContext(
  db: Db,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  today = todayIso(),
): Promise<FileContext | null> {
  const facts = await loadFileFacts(db as Database, session.fileId, { today });
  if (!facts) return null;
  const [row] = await db
    .select({ variant: t.files.variant, debtor: t.debtors })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(and(eq(t.files.id, session.fileId), eq(t.files.debtorId, session.debtorId)));
  if (!row) return null;
  const d = row.debtor;
  return {
    facts,
    variant: row.variant,
    reference: facts.subcase > 1 ? `${facts.refno}-${facts.subcase}` : facts.refno,
    rules: costRulesFor(row.variant),
    today,
    debtor: {
      id: d.id,
      salutation: d.salutation,
      name: d.companyName ?? [d.firstName, d.lastName].filter(Boolean).join(' '),
      email: d.email,
      postalCode: d.postalCode,
      hasPassword: Boolean(d.passwordHash),
      iban: d.iban,
      bic: d.bic,
      accountHolder: d.accountHolder,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Plan: offer, quote, agree
// ---------------------------------------------------------------------------------------------

export interface PlanOffer {
  eligibility: PlanEligibility;
  costs: PlanCosts;
  limits: MonthlyLimits;
  firstDue: { earliest: string; latest: string };
  currency: string;
}

export function planOffer(ctx: FileContext): PlanOffer {
  const costs = planCosts(ctx.rules, Math.max(0, ctx.facts.totalMinor));
  return {
    eligibility: planEligibility(ctx.facts, ctx.rules.plan),
    costs,
    limits: monthlyLimits(ctx.rules.plan, Math.max(1, costs.totalMinor)),
    firstDue: firstDueRange(ctx.rules.plan, ctx.today),
    currency: ctx.facts.currency,
  };
}

export interface PlanChoice {
  monthlyMinor: number;
  firstDueOn: string;
}

export type QuoteResult =
  | { ok: true; plan: Plan; costs: PlanCosts; proofRequired: boolean }
  | { ok: false; error: 'tooLow' | 'tooHigh' | 'dateOutOfRange' | 'notAllowed' };

/** The full plan for a chosen amount and date, checked against the server's limits. */
export function quotePlan(ctx: FileContext, choice: PlanChoice): QuoteResult {
  const offer = planOffer(ctx);
  if (offer.eligibility.kind !== 'allowed') return { ok: false, error: 'notAllowed' };
  const check = checkMonthly(offer.limits, choice.monthlyMinor);
  if (!check.ok) return { ok: false, error: check.error };
  if (
    !isIsoDate(choice.firstDueOn) ||
    choice.firstDueOn < offer.firstDue.earliest ||
    choice.firstDueOn > offer.firstDue.latest
  ) {
    return { ok: false, error: 'dateOutOfRange' };
  }
  const plan = calculatePlan({
    totalMinor: offer.costs.totalMinor,
    monthlyMinor: choice.monthlyMinor,
    firstDueOn: choice.firstDueOn,
  });
  return { ok: true, plan, costs: offer.costs, proofRequired: check.proofRequired };
}

export interface MandateInput {
  accountHolder: string;
  iban: string;
  bic?: string | null;
}

export interface AgreePlanInput extends PlanChoice {
  method: PlanMethod;
  /** Below the regular minimum: the debtor confirmed and names the type of proof. */
  incomeProofType?: IncomeProofType | null;
  mandate?: MandateInput | null;
}

export type AgreePlanResult =
  | {
      ok: true;
      planId: number;
      created: boolean;
      status: 'active' | 'pending';
      mandateReference: string | null;
      mailQueued: boolean;
    }
  | {
      ok: false;
      error:
        | 'tooLow'
        | 'tooHigh'
        | 'dateOutOfRange'
        | 'notAllowed'
        | 'proofRequired'
        | 'mandateInvalid'
        | 'methodUnavailable'
        | 'exists';
    };

function lockFile(tx: Tx, fileId: number) {
  return tx.select({ id: t.files.id }).from(t.files).where(eq(t.files.id, fileId)).for('update');
}

async function setStatus(
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
interface Agreement {
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
async function inAgreement<R>(
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
async function chargeAgreementCosts(
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

/**
 * Checks the mandate's fields against the variant's SEPA scheme (the route's schema checks them
 * too; this is the server's word): refused where the variant offers no direct debit, and for an
 * IBAN of another country than the variant's own SEPA country.
 */
export function validateMandate(
  input: MandateInput,
  variant: string,
): { ok: true; iban: string; bic: string | null; accountHolder: string } | { ok: false } {
  const sepa = sepaOf(variant);
  if (!sepa) return { ok: false };
  const holder = input.accountHolder.trim().replace(/\s+/g, ' ');
  const iban = checkSepaIban(input.iban, sepa.ibanCountry);
  if (!accountHolderPattern.test(holder) || !iban.ok) return { ok: false };
  const entered = input.bic ? normaliseBic(input.bic) : null;
  if (input.bic && input.bic.trim() !== '' && !entered) return { ok: false };
  return { ok: true, iban: iban.iban, bic: entered ?? bicForIban(iban.iban), accountHolder: holder };
}

/**
 * The direct-debit mandate of a plan or a deferral (method 3): refused where the variant offers no
 * direct debit, or when the mandate's data do not hold; null for any other method.
 */
function mandateFor(
  input: { method: string; mandate?: MandateInput | null },
  variant: string,
):
  | Extract<ReturnType<typeof validateMandate>, { ok: true }>
  | { ok: false; error: 'methodUnavailable' | 'mandateInvalid' }
  | null {
  if (input.method !== '3') return null;
  if (!sepaOf(variant)) return { ok: false, error: 'methodUnavailable' };
  const mandate = input.mandate ? validateMandate(input.mandate, variant) : null;
  return mandate?.ok ? mandate : { ok: false, error: 'mandateInvalid' };
}

function planMail(
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

/**
 * Makes the plan: re-checks everything on the server, then in one transaction the plan and its
 * rows, the file's new status, the portal order (truncated client address), a SEPA mandate when
 * chosen, the proof-of-income request when below the regular minimum, the audit entry and the
 * confirmation mail with the costs in writing. A second identical submit finds the plan it made
 * (created: false); a different one meets "an agreement already exists".
 */
export async function agreePlan(
  db: Database,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  input: AgreePlanInput,
  actx: ActionContext,
): Promise<AgreePlanResult> {
  return inAgreement(
    db,
    session,
    actx,
    { ok: false, error: 'notAllowed' } as const,
    async ({ tx, ctx, now, today, ip, order, mail, audit }) => {
      // The same agreement again (a double click, a reload of the POST): answer with the plan made.
      const recent = await tx
        .select()
        .from(t.instalmentPlans)
        .where(
          and(
            eq(t.instalmentPlans.fileId, session.fileId),
            gte(t.instalmentPlans.createdAt, new Date(now.getTime() - 30 * 60_000)),
          ),
        )
        .orderBy(desc(t.instalmentPlans.id))
        .limit(1);
      const same = recent[0];
      if (
        same &&
        (same.status === 'active' || same.status === 'pending') &&
        same.monthlyMinor === input.monthlyMinor &&
        same.firstDueOn === input.firstDueOn &&
        (same.providerId ?? 'online') === input.method
      ) {
        const [order] = await tx
          .select({ info: t.portalOrders.info })
          .from(t.portalOrders)
          .where(and(eq(t.portalOrders.fileId, session.fileId), eq(t.portalOrders.orderType, 'sepaMandate')))
          .orderBy(desc(t.portalOrders.id))
          .limit(1);
        const reference =
          same.isSepa && order?.info
            ? ((JSON.parse(order.info) as { mandateReference?: string }).mandateReference ?? null)
            : null;
        return {
          ok: true,
          planId: same.id,
          created: false,
          status: same.status,
          mandateReference: reference,
          mailQueued: false,
        } as const;
      }
      if (ctx.facts.plan?.status === 'active' || ctx.facts.plan?.status === 'pending')
        return { ok: false, error: 'exists' } as const;

      const quote = quotePlan(ctx, input);
      if (!quote.ok) return quote;
      if (quote.proofRequired && !input.incomeProofType) return { ok: false, error: 'proofRequired' } as const;
      const mandate = mandateFor(input, ctx.variant);
      if (mandate && !mandate.ok) return { ok: false, error: mandate.error } as const;

      const status = quote.proofRequired ? ('pending' as const) : ('active' as const);
      const { plan, costs } = quote;
      const [created] = await tx
        .insert(t.instalmentPlans)
        .values({
          fileId: session.fileId,
          status,
          residualClaimMinor: costs.residualClaimMinor,
          feeMinor: costs.feeMinor,
          expensesMinor: costs.expensesMinor,
          vatMinor: costs.vatMinor,
          totalMinor: costs.totalMinor,
          monthlyMinor: plan.monthlyMinor,
          instalmentCount: plan.instalmentCount,
          firstDueOn: plan.firstDueOn,
          providerId: input.method === 'online' ? null : input.method,
          isSepa: input.method === '3',
          createdAt: now,
        })
        .returning({ id: t.instalmentPlans.id });
      const planId = created!.id;
      await tx.insert(t.instalmentRows).values(plan.rows.map((r) => ({ planId, ...r })));
      // The rows sum to claim + fee: the fee is owed from now on, also when the rest is paid at once.
      await chargeAgreementCosts(tx, ctx, {
        kind: 'instalmentFee',
        feeMinor: costs.feeMinor,
        expensesMinor: costs.expensesMinor,
        vatMinor: costs.vatMinor,
      });

      await order({
        orderType: 'instalments',
        targetAmountMinor: plan.monthlyMinor,
        targetDate: plan.firstDueOn,
        feesMinor: costs.feeMinor + costs.expensesMinor + costs.vatMinor,
        info: {
          planId,
          instalments: plan.instalmentCount,
          total: costs.totalMinor,
          method: input.method,
          proofOfIncome: quote.proofRequired ? input.incomeProofType : null,
        },
      });

      let reference: string | null = null;
      if (mandate?.ok) {
        reference = mandateReference(ctx.facts.refno, ctx.facts.subcase, 'plan', planId);
        await recordMandate(tx, ctx, {
          ...mandate,
          reference,
          targetDate: plan.firstDueOn,
          purpose: 'plan',
          agreementId: planId,
          ip,
          now,
        });
      }

      if (status === 'active') {
        if (input.method === '3')
          await setStatus(
            tx,
            session.fileId,
            '22',
            null,
            'instalment plan with SEPA direct debit agreed in the portal',
            today,
          );
        else
          await setStatus(tx, session.fileId, '2', 'instalmentRunning', 'instalment plan agreed in the portal', today);
      } else {
        // Below the regular minimum: the plan waits for the proof of income (upload center).
        await tx
          .insert(t.documentRequests)
          .values({ fileId: session.fileId, templateId: 'proofOfIncome', category: 'income', categoryPosition: 1 });
        await tx.update(t.files).set({ showUploadCenter: true }).where(eq(t.files.id, session.fileId));
      }

      const mailQueued = await mail(
        'instalmentPlan',
        planMail(
          ctx,
          { ...plan, ...costs },
          plan.rows,
          mandate?.ok && reference ? { reference, iban: mandate.iban } : null,
        ),
      );
      await audit('instalments.agreed', {
        planId,
        status,
        method: input.method,
        instalments: plan.instalmentCount,
        proofRequired: quote.proofRequired,
      });
      return { ok: true, planId, created: true, status, mandateReference: reference, mailQueued } as const;
    },
  );
}

/**
 * Continues a pending plan whose down payment is paid (100000003 after paying): the debtor
 * chooses the method; the plan becomes active. Booking may lag, so the plan keeps its rows.
 */
export async function continuePendingPlan(
  db: Database,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  input: { method: PlanMethod; mandate?: MandateInput | null },
  actx: ActionContext,
) {
  return inAgreement(
    db,
    session,
    actx,
    { ok: false as const, error: 'notAllowed' as const },
    async ({ tx, ctx, now, today, ip, order, mail, audit }) => {
      const [pending] = await tx
        .select()
        .from(t.instalmentPlans)
        .where(and(eq(t.instalmentPlans.fileId, session.fileId), eq(t.instalmentPlans.status, 'pending')))
        .orderBy(desc(t.instalmentPlans.id))
        .limit(1);
      if (!pending || planEligibility(ctx.facts, ctx.rules.plan).kind !== 'continuePending')
        return { ok: false as const, error: 'notAllowed' as const };
      if (input.method === '3' && !sepaOf(ctx.variant))
        return { ok: false as const, error: 'methodUnavailable' as const };
      const mandate =
        input.method === '3'
          ? input.mandate
            ? validateMandate(input.mandate, ctx.variant)
            : { ok: false as const }
          : null;
      if (mandate && !mandate.ok) return { ok: false as const, error: 'mandateInvalid' as const };
      await tx
        .update(t.instalmentPlans)
        .set({
          status: 'active',
          providerId: input.method === 'online' ? null : input.method,
          isSepa: input.method === '3',
        })
        .where(eq(t.instalmentPlans.id, pending.id));
      await order({
        orderType: 'instalments',
        targetAmountMinor: pending.monthlyMinor,
        targetDate: pending.firstDueOn,
        feesMinor: pending.feeMinor + pending.expensesMinor + pending.vatMinor,
        info: { planId: pending.id, continued: true, method: input.method },
      });
      let reference: string | null = null;
      if (mandate?.ok) {
        reference = mandateReference(ctx.facts.refno, ctx.facts.subcase, 'plan', pending.id);
        await recordMandate(tx, ctx, {
          ...mandate,
          reference,
          targetDate: pending.firstDueOn,
          purpose: 'plan',
          agreementId: pending.id,
          ip,
          now,
        });
      }
      if (input.method === '3')
        await setStatus(tx, session.fileId, '22', null, 'plan continued after the down payment, SEPA', today);
      else
        await setStatus(tx, session.fileId, '2', 'instalmentRunning', 'plan continued after the down payment', today);
      const rows = await tx
        .select()
        .from(t.instalmentRows)
        .where(eq(t.instalmentRows.planId, pending.id))
        .orderBy(t.instalmentRows.position);
      await mail(
        'instalmentPlan',
        planMail(
          ctx,
          pending,
          rows.map(({ position, dueOn, amountMinor, claimMinor, remainingMinor, isFinal }) => ({
            position,
            dueOn,
            amountMinor,
            claimMinor,
            remainingMinor,
            isFinal,
          })),
          mandate?.ok && reference ? { reference, iban: mandate.iban } : null,
        ),
      );
      await audit('instalments.continued', { planId: pending.id, method: input.method });
      return { ok: true as const, planId: pending.id, mandateReference: reference };
    },
  );
}

// ---------------------------------------------------------------------------------------------
// SEPA mandate
// ---------------------------------------------------------------------------------------------

export interface MandateRecord {
  mandateReference: string;
  creditorId: string;
  accountHolder: string;
  iban: string;
  bic: string | null;
  targetDate: string;
  purpose: 'plan' | 'deferral';
  signedAt: string;
}

/**
 * A mandate is kept as signed in `sepa_mandates` (its own account, reference and date, which the
 * printable mandate shows), with a portal order of type sepaMandate; the account also becomes
 * the debtor's current one (debtors.iban, bic, account_holder) for the next mandate's form.
 */
async function recordMandate(
  tx: Tx,
  ctx: FileContext,
  m: {
    iban: string;
    bic: string | null;
    accountHolder: string;
    reference: string;
    targetDate: string;
    purpose: 'plan' | 'deferral';
    agreementId: number;
    ip: string | null;
    now: Date;
  },
) {
  await tx
    .update(t.debtors)
    .set({ iban: m.iban, bic: m.bic, accountHolder: m.accountHolder, updatedAt: m.now })
    .where(eq(t.debtors.id, ctx.debtor.id));
  const creditorId = sepaOf(ctx.variant)?.creditorId ?? '';
  const info: Omit<MandateRecord, 'accountHolder' | 'iban' | 'bic'> & { agreementId: number } = {
    mandateReference: m.reference,
    creditorId,
    targetDate: m.targetDate,
    purpose: m.purpose,
    signedAt: m.now.toISOString(),
    agreementId: m.agreementId,
  };
  await tx.insert(t.sepaMandates).values({
    fileId: ctx.facts.fileId,
    mandateReference: m.reference,
    creditorId,
    accountHolder: m.accountHolder,
    iban: m.iban,
    bic: m.bic,
    purpose: m.purpose,
    agreementId: m.agreementId,
    targetDate: m.targetDate,
    signedAt: m.now,
  });
  await tx.insert(t.portalOrders).values({
    fileId: ctx.facts.fileId,
    ip: m.ip,
    orderType: 'sepaMandate',
    orderedAt: m.now,
    targetDate: m.targetDate,
    feesMinor: 0,
    info: JSON.stringify(info),
  });
  await audit(tx as unknown as Database, {
    actor: 'debtor',
    action: 'sepa.mandate',
    debtorId: ctx.debtor.id,
    fileId: ctx.facts.fileId,
    detail: { purpose: m.purpose, agreementId: m.agreementId },
    at: m.now,
  });
}

/** The latest mandate of the file as it was signed, for the printable page. */
export async function latestMandate(
  db: Database,
  session: Pick<ActiveSession, 'fileId'>,
): Promise<MandateRecord | null> {
  const [row] = await db
    .select()
    .from(t.sepaMandates)
    .where(eq(t.sepaMandates.fileId, session.fileId))
    .orderBy(desc(t.sepaMandates.signedAt), desc(t.sepaMandates.id))
    .limit(1);
  if (!row) return null;
  return {
    mandateReference: row.mandateReference,
    creditorId: row.creditorId,
    accountHolder: row.accountHolder,
    iban: row.iban,
    bic: row.bic,
    targetDate: row.targetDate,
    purpose: row.purpose,
    signedAt: row.signedAt.toISOString(),
  };
}

export type IdentityCheck =
  { ok: true } | { ok: false; error: 'passwordRequired' | 'wrongPassword' | 'attemptsExceeded' | 'noPassword' };

/**
 * Before a mandate the postal code must match the file; otherwise the portal password is asked
 * (or a re-authentication of the last minutes counts). Wrong postal codes and passwords count
 * against the reference number's attempt limit; past it the attempts-exceeded message shows.
 */
export async function checkMandateIdentity(
  db: Database,
  session: Pick<ActiveSession, 'idHash' | 'fileId' | 'debtorId'>,
  input: { postalCode: string; password?: string | null },
  actx: ActionContext,
): Promise<IdentityCheck> {
  const now = actx.now ?? new Date();
  const [row] = await db
    .select({ postalCode: t.debtors.postalCode, refno: t.files.refno, hash: t.debtors.passwordHash })
    .from(t.debtors)
    .innerJoin(t.files, eq(t.files.id, session.fileId))
    .where(eq(t.debtors.id, session.debtorId));
  if (!row) return { ok: false, error: 'passwordRequired' };
  const keys = { client: actx.clientAddress, reference: row.refno };
  // Counted before the postal code is compared, atomically: parallel guesses never pass the limit.
  const lock = await beginAttempt(db, keys, now);
  if (lock.locked) return { ok: false, error: 'attemptsExceeded' };
  if (samePostalCode(input.postalCode, row.postalCode) || (await hasRecentReauth(db, session, now))) {
    await settleAttempt(db, lock.ticket, true);
    return { ok: true };
  }
  if (!row.hash) return { ok: false, error: 'noPassword' };
  if (input.password) {
    // The password check counts an attempt of its own; the postal code is not counted twice.
    await settleAttempt(db, lock.ticket, true);
  } else {
    await audit(db, {
      actor: 'debtor',
      action: 'sepa.postalCodeMismatch',
      debtorId: session.debtorId,
      fileId: session.fileId,
      clientAddress: actx.clientAddress,
      at: now,
    });
    return (await lockState(db, keys, now)).locked
      ? { ok: false, error: 'attemptsExceeded' }
      : { ok: false, error: 'passwordRequired' };
  }
  const result = await confirmPassword(db, session, input.password, { clientAddress: actx.clientAddress, now });
  if (result.ok) return { ok: true };
  if (result.error === 'locked') return { ok: false, error: 'attemptsExceeded' };
  return (await lockState(db, keys, now)).locked
    ? { ok: false, error: 'attemptsExceeded' }
    : { ok: false, error: 'wrongPassword' };
}

// ---------------------------------------------------------------------------------------------
// Deferral (pay later)
// ---------------------------------------------------------------------------------------------

export function deferralOffer(ctx: FileContext, noticeDays = ctx.rules.deferralNoticeDays[0] ?? 30) {
  return {
    eligibility: deferralEligibility(ctx.facts),
    terms: deferralTerms(ctx.rules, ctx.facts, noticeDays, ctx.today),
    noticeDays: ctx.rules.deferralNoticeDays,
    currency: ctx.facts.currency,
  };
}

export type GrantDeferralResult =
  | {
      ok: true;
      deferralId: number;
      payBy: string;
      feeMinor: number;
      vatMinor: number;
      method: DeferralMethod;
      mandateReference: string | null;
    }
  | {
      ok: false;
      error:
        'alreadyGranted' | 'notPossible' | 'feeNotAgreed' | 'noticeInvalid' | 'mandateInvalid' | 'methodUnavailable';
    };

export async function grantDeferral(
  db: Database,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  input: { noticeDays: number; method: DeferralMethod; feeAgreed: boolean; mandate?: MandateInput | null },
  actx: ActionContext,
): Promise<GrantDeferralResult> {
  return inAgreement(
    db,
    session,
    actx,
    { ok: false, error: 'notPossible' } as const,
    async ({ tx, ctx, now, today, ip, order, mail, audit }) => {
      const eligibility = deferralEligibility(ctx.facts);
      if (eligibility.kind === 'alreadyGranted') return { ok: false, error: 'alreadyGranted' } as const;
      if (eligibility.kind !== 'allowed') return { ok: false, error: 'notPossible' } as const;
      if (!ctx.rules.deferralNoticeDays.includes(input.noticeDays))
        return { ok: false, error: 'noticeInvalid' } as const;
      const terms = deferralTerms(ctx.rules, ctx.facts, input.noticeDays, today);
      if (terms.feeMinor > 0 && !input.feeAgreed) return { ok: false, error: 'feeNotAgreed' } as const;
      const mandate = mandateFor(input, ctx.variant);
      if (mandate && !mandate.ok) return { ok: false, error: mandate.error } as const;

      const [row] = await tx
        .insert(t.deferrals)
        .values({
          fileId: session.fileId,
          grantedAt: now,
          payBy: terms.payBy,
          noticeDays: input.noticeDays,
          feeMinor: terms.feeMinor + terms.vatMinor,
          providerId: input.method,
        })
        .returning({ id: t.deferrals.id });
      await chargeAgreementCosts(tx, ctx, {
        kind: 'settlementFee',
        feeMinor: terms.feeMinor,
        expensesMinor: 0,
        vatMinor: terms.vatMinor,
      });
      await order({
        orderType: 'deferral',
        targetAmountMinor: terms.totalMinor,
        targetDate: terms.payBy,
        feesMinor: terms.feeMinor + terms.vatMinor,
        info: {
          deferralId: row!.id,
          noticeDays: input.noticeDays,
          method: input.method,
          fee: terms.feeMinor,
          vat: terms.vatMinor,
        },
      });
      let reference: string | null = null;
      if (mandate?.ok) {
        reference = mandateReference(ctx.facts.refno, ctx.facts.subcase, 'deferral', row!.id);
        await recordMandate(tx, ctx, {
          ...mandate,
          reference,
          targetDate: terms.payBy,
          purpose: 'deferral',
          agreementId: row!.id,
          ip,
          now,
        });
      }
      await setStatus(tx, session.fileId, '2', 'deferred', 'deferral granted in the portal', today);
      await mail('deferralConfirmation', {
        name: ctx.debtor.name,
        salutation: ctx.debtor.salutation,
        reference: ctx.reference,
        payBy: terms.payBy,
        fee: terms.feeMinor > 0 ? { amountMinor: terms.feeMinor + terms.vatMinor, currency: ctx.facts.currency } : null,
      });
      await audit('deferral.granted', { noticeDays: input.noticeDays, method: input.method, feeMinor: terms.feeMinor });
      return {
        ok: true,
        deferralId: row!.id,
        payBy: terms.payBy,
        feeMinor: terms.feeMinor,
        vatMinor: terms.vatMinor,
        method: input.method,
        mandateReference: reference,
      } as const;
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Skip an instalment; the plan; the plan by e-mail
// ---------------------------------------------------------------------------------------------

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
  rows: Array<{
    position: number;
    dueOn: string;
    amountMinor: number;
    claimMinor: number;
    remainingMinor: number;
    isFinal: boolean;
    paid: boolean;
    skipped: boolean;
  }>;
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

export type SkipResult =
  | { ok: true; skippedPosition: number; skippedDueOn: string; next: { dueOn: string; amountMinor: number } | null }
  | { ok: false; error: 'notOffered' | 'alreadySkipped' };

/** Whether skipping is offered now (the claim rules' `showSkipInstallment`: rarely, once, not when overdue). */
export function skipOffered(ctx: FileContext): boolean {
  return actionFlags(ctx.facts, ctx.today).showSkipInstallment;
}

export async function skipInstalment(
  db: Database,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  actx: ActionContext,
): Promise<SkipResult> {
  return inAgreement(
    db,
    session,
    actx,
    { ok: false, error: 'notOffered' } as const,
    async ({ tx, ctx, order, audit }) => {
      if (ctx.facts.plan?.status === 'active' && ctx.facts.plan.skipsUsed > 0)
        return { ok: false, error: 'alreadySkipped' } as const;
      if (!skipOffered(ctx)) return { ok: false, error: 'notOffered' } as const;
      const plan = await loadPlan(tx, session.fileId);
      const open = plan?.rows.filter((r) => !r.paid && !r.skipped) ?? [];
      const skipped = open[0];
      if (!plan || !skipped) return { ok: false, error: 'notOffered' } as const;
      const next = open[1] ?? null;
      // The skipped rate moves behind the last row; every row from the skipped one on is recalculated.
      const moved = skipRow(plan.rows, skipped.position);
      for (const row of moved.rows.filter((r) => r.position >= skipped.position)) {
        await tx
          .update(t.instalmentRows)
          .set({
            skipped: row.skipped,
            claimMinor: row.claimMinor,
            remainingMinor: row.remainingMinor,
            isFinal: row.isFinal,
          })
          .where(and(eq(t.instalmentRows.planId, plan.id), eq(t.instalmentRows.position, row.position)));
      }
      await tx.insert(t.instalmentRows).values({ planId: plan.id, ...moved.added });
      await tx
        .update(t.instalmentPlans)
        .set({ skipsUsed: plan.skipsUsed + 1, instalmentCount: moved.rows.filter((r) => !r.skipped).length + 1 })
        .where(eq(t.instalmentPlans.id, plan.id));
      await order({
        orderType: 'skipInstalment',
        targetAmountMinor: skipped.amountMinor,
        targetDate: next?.dueOn ?? null,
        feesMinor: 0,
        info: { planId: plan.id, position: skipped.position },
      });
      await audit('instalments.skipped', { planId: plan.id, position: skipped.position });
      return {
        ok: true,
        skippedPosition: skipped.position,
        skippedDueOn: skipped.dueOn,
        next: next ? { dueOn: next.dueOn, amountMinor: next.amountMinor } : null,
      } as const;
    },
  );
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
  | { ok: false; error: 'rateLimited'; retryAfterSeconds: number }
> {
  const ctx = await loadFileContext(db, session);
  const plan = ctx ? await loadPlan(db, session.fileId) : null;
  if (!ctx || !plan) return { ok: false, error: 'noPlan' };
  const recipient = await mailRecipient(db, session, email);
  if (!recipient.ok) return recipient;
  const limit = await consume(db, 'planMail', String(session.fileId));
  if (!limit.ok) return { ok: false, error: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
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
      plan.rows
        .filter((r) => !r.skipped)
        .map(({ position, dueOn, amountMinor, claimMinor, remainingMinor, isFinal }) => ({
          position,
          dueOn,
          amountMinor,
          claimMinor,
          remainingMinor,
          isFinal,
        })),
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
