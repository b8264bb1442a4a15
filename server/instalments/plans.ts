/**
 * The instalment plan: the offer (eligibility, costs, limits, first-date window), the quote for a
 * chosen amount and date, making the plan, and continuing a pending plan once its down payment is paid.
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import type { ActiveSession } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { chargeAgreementCosts, inAgreement, mailRows, planMail, setStatus } from './agreement.ts';
import { offeredMethods, type ActionContext, type FileContext } from './context.ts';
import { isIsoDate } from './dates.ts';
import { mandateFor, recordMandate, type MandateInput } from './mandate.ts';
import type { IncomeProofType, PlanMethod } from './options.ts';
import {
  calculatePlan,
  checkMonthly,
  firstDueRange,
  monthlyLimits,
  planCosts,
  planEligibility,
  type MonthlyLimits,
  type Plan,
  type PlanCosts,
  type PlanEligibility,
} from './plan.ts';
import { mandateReference } from './sepa.ts';

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
      if (offeredMethods([input.method], ctx, 'instalmentPlan').length === 0)
        return { ok: false, error: 'methodUnavailable' } as const;
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
      // The method is a new choice: the file's terms as they are now apply (decision 103).
      if (offeredMethods([input.method], ctx, 'instalmentPlan').length === 0)
        return { ok: false as const, error: 'methodUnavailable' as const };
      const mandate = mandateFor(input, ctx.variant);
      if (mandate && !mandate.ok) return { ok: false as const, error: mandate.error };
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
        planMail(ctx, pending, mailRows(rows), mandate?.ok && reference ? { reference, iban: mandate.iban } : null),
      );
      await audit('instalments.continued', { planId: pending.id, method: input.method });
      return { ok: true as const, planId: pending.id, mandateReference: reference };
    },
  );
}
