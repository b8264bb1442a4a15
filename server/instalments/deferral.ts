/**
 * Pay later (a deferral): the offer (eligibility, terms per notice period) and granting it.
 */
import { desc, eq } from 'drizzle-orm';
import * as t from '../db/schema.ts';
import type { ActiveSession } from '../auth/session.ts';
import { getDatabase, type Database } from '../db/client.ts';
import { chargeAgreementCosts, inAgreement, setStatus } from './agreement.ts';
import { offeredMethods, type ActionContext, type FileContext } from './context.ts';
import { latestMandate, mandateFor, recordMandate, type MandateInput } from './mandate.ts';
import type { DeferralMethod } from './options.ts';
import { deferralEligibility, deferralTerms } from './plan.ts';
import { mandateReference } from './sepa.ts';

export function deferralOffer(ctx: FileContext, noticeDays = ctx.rules.deferralNoticeDays[0] ?? 30) {
  return {
    eligibility: deferralEligibility(ctx.facts),
    terms: deferralTerms(ctx.rules, ctx.facts, noticeDays, ctx.today),
    noticeDays: ctx.rules.deferralNoticeDays,
    currency: ctx.facts.currency,
  };
}

/**
 * The deferral the file was granted last, for the page after the agreement (pay later, step
 * done): its date, fee and method, and the reference of the SEPA mandate when it is paid by
 * direct debit. Null when the file has none. Opens the database itself (decision 077).
 */
export async function grantedDeferralView(session: Pick<ActiveSession, 'fileId'>) {
  const db = await getDatabase();
  const [row] = await db
    .select()
    .from(t.deferrals)
    .where(eq(t.deferrals.fileId, session.fileId))
    .orderBy(desc(t.deferrals.id))
    .limit(1);
  if (!row) return null;
  const mandate = row.providerId === '3' ? await latestMandate(db, session) : null;
  return {
    payBy: row.payBy,
    feeMinor: row.feeMinor,
    method: row.providerId,
    mandateReference: mandate?.mandateReference ?? null,
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
      if (offeredMethods([input.method], ctx, 'extension').length === 0)
        return { ok: false, error: 'methodUnavailable' } as const;
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
