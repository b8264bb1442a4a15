/**
 * The Zahlung calls of the instalment plan: whether one exists, its parameters, a quote, the plan,
 * its rate and status, skipping an instalment, and the direct debit's IBAN and dates.
 */
import { z } from 'zod';
import { checkAction, runAction } from '../../../actions/run.ts';
import { planMethods } from '../../../instalments/options.ts';
import { checkSepaIban } from '../../../instalments/sepa.ts';
import { loadPlan } from '../../../instalments/plan-view.ts';
import { planOffer, quotePlan } from '../../../instalments/plans.ts';
import { sepaOf, offeredMethods } from '../../../instalments/context.ts';
import { apiOk, defineEndpoint, problem, problemFromAction } from '../../define.ts';
import { isoDate, majorAmount, money, moneySchema, providerNotAvailable } from '../payment-support.ts';
import type { FileContext } from '../../../instalments/context.ts';
import { costsView, isEligibilityAnswer, planRowView, withFile } from './presenters.ts';

const rowSchema = z.object({ position: z.number().int(), dueDate: isoDate, amount: moneySchema });
/** A plan's row, quoted or made. */
const planRowSchema = rowSchema.extend({ claim: moneySchema, remaining: moneySchema, isFinal: z.boolean() });

/** An agreement's costs in the spec's money shape (costsView). */
const costsShape = {
  residualClaim: moneySchema,
  instalmentFee: moneySchema,
  expenses: moneySchema,
  vat: moneySchema,
  total: moneySchema,
};

const planSchema = z.object({
  planId: z.number().int(),
  status: z.enum(['pending', 'active', 'cancelled', 'completed']),
  ...costsShape,
  monthlyAmount: moneySchema,
  numberOfInstalments: z.number().int(),
  firstDueDate: isoDate,
  paymentProvider: z.string().nullable(),
  isSepa: z.boolean(),
  rows: z.array(planRowSchema.extend({ paid: z.boolean(), skipped: z.boolean() })),
});

const eligibilitySchema = z.object({
  kind: z.enum(['allowed', 'downPaymentFirst', 'depositFirst', 'continuePending', 'awaitingProof', 'refused']),
  /** The instalment error code of spec 8 when refused (1 … 6, "api", "default"). */
  errorCode: z.union([z.number().int(), z.string()]).nullable(),
  amount: moneySchema.nullable(),
});

function eligibilityView(file: FileContext) {
  const e = planOffer(file).eligibility;
  const currency = file.facts.currency;
  return {
    kind: e.kind,
    errorCode: e.kind === 'refused' ? e.code : e.kind === 'depositFirst' ? 5 : null,
    amount: 'amountMinor' in e ? money(e.amountMinor, currency) : null,
  };
}

export const planCalls = {
  ExistsRatenzahlung: defineEndpoint({
    group: 'Zahlung',
    name: 'ExistsRatenzahlung',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: 'Whether the file has an instalment plan (active, or pending its down payment or proof).',
    response: z.object({
      exists: z.boolean(),
      status: z.enum(['pending', 'active', 'cancelled', 'completed']).nullable(),
    }),
    handler: (_input, ctx) =>
      withFile(ctx, (file) => {
        const status = file.facts.plan?.status ?? null;
        return apiOk({ exists: status === 'active' || status === 'pending', status });
      }),
  }),
  GetRatenzahlungParameters: defineEndpoint({
    group: 'Zahlung',
    name: 'GetRatenzahlungParameters',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary:
      "What an instalment plan would cost and the limits of its rate and first date (the plan page's first step).",
    response: z.object({
      eligibility: eligibilitySchema,
      ...costsShape,
      minimumRate: moneySchema,
      minimumRateWithoutProof: moneySchema,
      maximumRate: moneySchema,
      exampleRate: moneySchema,
      firstDateEarliest: isoDate,
      firstDateLatest: isoDate,
      paymentMethods: z.array(z.enum(planMethods)),
    }),
    handler: (_input, ctx) =>
      withFile(ctx, async (file) => {
        // Only the file rules (a measure, the state guards) refuse here; the eligibility is part of the answer.
        const check = await checkAction('agreePlan', ctx.action);
        if (check && !isEligibilityAnswer(check)) return problemFromAction(check);
        const offer = planOffer(file);
        const c = offer.currency;
        return apiOk({
          eligibility: eligibilityView(file),
          ...costsView(offer.costs, c),
          minimumRate: money(offer.limits.absoluteMinMinor, c),
          minimumRateWithoutProof: money(offer.limits.regularMinMinor, c),
          maximumRate: money(offer.limits.maxMinor, c),
          exampleRate: money(offer.limits.exampleMinor, c),
          firstDateEarliest: offer.firstDue.earliest,
          firstDateLatest: offer.firstDue.latest,
          paymentMethods: offeredMethods(planMethods, file, 'instalmentPlan'),
        });
      }),
  }),
  GetRatenzahlungOverview: defineEndpoint({
    group: 'Zahlung',
    name: 'GetRatenzahlungOverview',
    method: 'POST',
    auth: 'limited',
    cache: 'private15',
    summary:
      'The overview and repayment plan for a monthly rate and first date, checked against the limits (nothing is agreed).',
    body: z.object({ monatlicheRatenhoehe: majorAmount, datumErsteRate: isoDate }),
    response: z.object({
      monatlicheRatenhoehe: moneySchema,
      datumErsteRate: isoDate,
      ...costsShape,
      numberOfInstalments: z.number().int(),
      proofOfIncomeRequired: z.boolean(),
      rows: z.array(planRowSchema),
    }),
    handler: ({ body }, ctx) =>
      withFile(ctx, async (file) => {
        const check = await checkAction('agreePlan', ctx.action);
        if (check) return problemFromAction(check);
        const quote = quotePlan(file, { monthlyMinor: body.monatlicheRatenhoehe, firstDueOn: body.datumErsteRate });
        if (!quote.ok) {
          if (quote.error === 'notAllowed') return problem(403, 'notAllowed');
          if (quote.error === 'dateOutOfRange')
            return problem(400, 'invalid', {
              issues: [{ path: ['datumErsteRate'], message: 'errors.dateOutOfRange' }],
            });
          // The limits in minor units beside the message (GetRatenzahlungParameters names them too).
          const limits = planOffer(file).limits;
          return problem(400, 'invalid', {
            issues: [
              {
                path: ['monatlicheRatenhoehe'],
                message: quote.error === 'tooLow' ? 'errors.rateTooLow' : 'errors.rateTooHigh',
              },
            ],
            detail: { minimumRateMinor: limits.absoluteMinMinor, maximumRateMinor: limits.maxMinor },
          });
        }
        const c = file.facts.currency;
        return apiOk({
          monatlicheRatenhoehe: money(quote.plan.monthlyMinor, c),
          datumErsteRate: quote.plan.firstDueOn,
          ...costsView(quote.costs, c),
          numberOfInstalments: quote.plan.instalmentCount,
          proofOfIncomeRequired: quote.proofRequired,
          rows: quote.plan.rows.map((r) => planRowView(r, c)),
        });
      }),
  }),
  IsIbanValid: defineEndpoint({
    group: 'Zahlung',
    name: 'IsIbanValid',
    path: '/api/Zahlung/IsIbanValid/{iban}',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "Whether an IBAN is valid and of the country the file's direct debit accepts.",
    params: z.object({ iban: z.string().trim().min(1).max(64) }),
    response: z.object({
      valid: z.boolean(),
      reason: z.enum(['invalid', 'wrongCountry']).nullable(),
      acceptedCountry: z.string().nullable(),
    }),
    handler: ({ params }, ctx) =>
      withFile(ctx, (file) => {
        const country = sepaOf(file.variant)?.ibanCountry ?? null;
        const check = checkSepaIban(decodeURIComponent(params.iban), country ?? '');
        if (check.ok) return apiOk({ valid: true, reason: null, acceptedCountry: country });
        const reason = check.error === 'invalid' ? ('invalid' as const) : country ? ('wrongCountry' as const) : null;
        // Without direct debit in the variant any valid IBAN is valid.
        return apiOk({ valid: reason === null, reason, acceptedCountry: country });
      }),
  }),
  GetSepaDate: defineEndpoint({
    group: 'Zahlung',
    name: 'GetSepaDate',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary:
      'The dates a direct debit may first collect (the first rate), and the next collection of an active SEPA plan.',
    response: z.object({ earliest: isoDate, latest: isoDate, nextCollection: isoDate.nullable() }),
    handler: (_input, ctx) =>
      withFile(ctx, (file) => {
        if (!sepaOf(file.variant)) return providerNotAvailable('3');
        const offer = planOffer(file);
        const plan = file.facts.plan;
        return apiOk({
          earliest: offer.firstDue.earliest,
          latest: offer.firstDue.latest,
          nextCollection: plan?.status === 'active' && plan.isSepa ? (plan.next?.dueOn ?? null) : null,
        });
      }),
  }),
  GetRate: defineEndpoint({
    group: 'Zahlung',
    name: 'GetRate',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "The active plan's next instalment and monthly rate (null without an active plan).",
    response: z.object({ monthlyAmount: moneySchema.nullable(), next: rowSchema.nullable(), overdue: z.boolean() }),
    handler: (_input, ctx) =>
      withFile(ctx, (file) => {
        const plan = file.facts.plan?.status === 'active' ? file.facts.plan : null;
        const c = file.facts.currency;
        return apiOk({
          monthlyAmount: plan ? money(plan.monthlyMinor, c) : null,
          next: plan?.next
            ? { position: plan.next.position, dueDate: plan.next.dueOn, amount: money(plan.next.amountMinor, c) }
            : null,
          overdue: plan?.overdue ?? false,
        });
      }),
  }),
  GetRatenzahlungStatus: defineEndpoint({
    group: 'Zahlung',
    name: 'GetRatenzahlungStatus',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary:
      'The state of the plan (none, pending, active …) and whether a new plan could be agreed (instalment error codes).',
    response: z.object({
      planStatus: z.enum(['pending', 'active', 'cancelled', 'completed']).nullable(),
      isSepa: z.boolean(),
      sepaFailed: z.boolean(),
      overdue: z.boolean(),
      remaining: moneySchema.nullable(),
      newPlan: eligibilitySchema,
    }),
    handler: (_input, ctx) =>
      withFile(ctx, (file) => {
        const plan = file.facts.plan;
        return apiOk({
          planStatus: plan?.status ?? null,
          isSepa: plan?.isSepa ?? false,
          sepaFailed: plan?.sepaFailed ?? false,
          overdue: plan?.overdue ?? false,
          remaining: plan ? money(plan.remainingMinor, file.facts.currency) : null,
          newPlan: eligibilityView(file),
        });
      }),
  }),
  getInstallmentPlan: defineEndpoint({
    group: 'Zahlung',
    name: 'getInstallmentPlan',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: 'The repayment plan (rows with date, amount, claim, remaining; the last row is the final payment).',
    response: planSchema,
    handler: (_input, ctx) =>
      withFile(ctx, async (file) => {
        // The plan page's guards (the agreement state guard), as the action of mailing it checks them.
        const check = await checkAction('mailPlan', ctx.action);
        if (check) return problemFromAction(check);
        const plan = await loadPlan(ctx.action.db, file.facts.fileId);
        if (!plan) return problem(404, 'planNotFound');
        const c = file.facts.currency;
        return apiOk({
          planId: plan.id,
          status: plan.status,
          ...costsView(plan, c),
          monthlyAmount: money(plan.monthlyMinor, c),
          numberOfInstalments: plan.instalmentCount,
          firstDueDate: plan.firstDueOn,
          paymentProvider: plan.providerId,
          isSepa: plan.isSepa,
          rows: plan.rows.map((r) => ({ ...planRowView(r, c), paid: r.paid, skipped: r.skipped })),
        });
      }),
  }),
  SkipInstallment: defineEndpoint({
    group: 'Zahlung',
    name: 'SkipInstallment',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Skip the next instalment of the active plan (offered rarely: once, and not when overdue).',
    response: z.object({ skipped: rowSchema, next: z.object({ dueDate: isoDate, amount: moneySchema }).nullable() }),
    handler: async (_input, ctx) =>
      withFile(ctx, async (file) => {
        const result = await runAction('skipInstalment', ctx.action, {});
        if (!result.ok) return problemFromAction(result);
        const plan = await loadPlan(ctx.action.db, file.facts.fileId);
        const c = file.facts.currency;
        const row = plan?.rows.find((r) => r.position === result.value.skippedPosition);
        return apiOk({
          skipped: {
            position: result.value.skippedPosition,
            dueDate: result.value.skippedDueOn,
            amount: money(row?.amountMinor ?? 0, c),
          },
          next: result.value.next
            ? { dueDate: result.value.next.dueOn, amount: money(result.value.next.amountMinor, c) }
            : null,
        });
      }),
  }),
};
