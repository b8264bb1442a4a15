/**
 * The instalment actions: agree a plan, continue a pending plan, pay later (a deferral), skip an
 * instalment, mail the plan. The SEPA identity check (postal code, else the portal password)
 * runs inside every agreement collected by direct debit; it is no longer the route's business.
 */
import { z } from 'zod';
import {
  codeReason,
  deferralEligibility,
  planEligibility,
  type InstalmentCodeReason,
  type PlanEligibility,
} from '../instalments/plan.ts';
import { deferralMethods, incomeProofTypes, planMethods } from '../instalments/options.ts';
import { isIsoDate } from '../instalments/dates.ts';
import {
  agreePlan as agreePlanService,
  continuePendingPlan as continuePendingPlanService,
} from '../instalments/plans.ts';
import { checkMandateIdentity } from '../instalments/mandate.ts';
import { grantDeferral as grantDeferralService } from '../instalments/deferral.ts';
import { mailPlan as mailPlanService } from '../instalments/plan-view.ts';
import { skipInstalment as skipInstalmentService } from '../instalments/skip.ts';
import type { FileContext } from '../instalments/context.ts';
import type { Database } from '../db/client.ts';
import {
  defineAction,
  ok,
  refuse,
  stepUp,
  type ActionSession,
  type FileRule,
  type Refused,
  type Scope,
} from './define.ts';
import { alternativesFor, flagSet, noMeasure, refuseFor, stateGuard } from './rules.ts';

const mandateInput = z.object({
  accountHolder: z.string().max(200),
  iban: z.string().max(64),
  bic: z.string().max(20).nullish(),
});

/** The mandate step's identity: the postal code, and the portal password when the server asked for it. */
const identityInput = z.object({
  postalCode: z.string({ error: 'errors.postalCodeRequired' }).trim().min(1, 'errors.postalCodeRequired').max(20),
  password: z.string().max(256).optional(),
});

export const identityReasons = ['passwordRequired', 'wrongPassword', 'noPassword', 'attemptsExceeded'] as const;
export type IdentityReason = (typeof identityReasons)[number];

/**
 * The input of an agreement that direct debit may collect: its own fields, then the mandate and
 * the identity check, which method 3 (direct debit) needs and the other methods do without.
 */
function withMandate<S extends { method: z.ZodType<string> } & z.ZodRawShape>(fields: S) {
  return z
    .object({ ...fields, mandate: mandateInput.nullish(), identity: identityInput.optional() })
    .superRefine(mandateRequired);
}

/** Direct debit needs the mandate and the identity; other methods take neither. */
function mandateRequired(v: { method?: unknown; mandate?: unknown; identity?: unknown }, ctx: z.RefinementCtx) {
  if (v.method !== '3') return;
  if (!v.mandate) ctx.addIssue({ code: 'custom', path: ['mandate'], message: 'errors.mandateInvalid' });
  if (!v.identity)
    ctx.addIssue({ code: 'custom', path: ['identity', 'postalCode'], message: 'errors.postalCodeRequired' });
}

/** The spec's identity check before a mandate (checkMandateIdentity); null when the debtor may sign. */
async function identityRefusal(
  scope: Scope<'limited' | 'full'>,
  identity: z.output<typeof identityInput> | undefined,
): Promise<Refused<IdentityReason> | null> {
  if (!identity) return refuse('passwordRequired');
  const { ctx, session } = scope;
  const check = await checkMandateIdentity(
    ctx.db,
    session,
    { postalCode: identity.postalCode, password: identity.password ?? null },
    { clientAddress: ctx.clientKey, language: ctx.locale, now: ctx.now },
  );
  return check.ok ? null : refuse(check.error);
}

/**
 * Direct debit (3): the identity first, then the mandate given; any other method takes no mandate.
 * A refusal of the identity check is the action's answer.
 */
async function signedMandate(
  scope: Scope<'limited' | 'full'>,
  input: { method: string; mandate?: z.output<typeof mandateInput> | null; identity?: z.output<typeof identityInput> },
): Promise<{ mandate: z.output<typeof mandateInput> | null } | { refused: Refused<IdentityReason> }> {
  if (input.method !== '3') return { mandate: null };
  const refused = await identityRefusal(scope, input.identity);
  return refused ? { refused } : { mandate: input.mandate ?? null };
}

/** A service's success, without its `ok` flag, as the action's value. */
function okValue<V extends { ok: true }>(result: V) {
  const { ok: _ok, ...value } = result;
  return ok(value);
}

const actx = (scope: Scope) => ({ clientAddress: scope.ctx.clientKey, language: scope.ctx.locale, now: scope.ctx.now });

/**
 * An agreement that direct debit may collect: the identity check and the mandate first
 * (`signedMandate`), then `agree` with the fields and the mandate; its success is the action's
 * value, its error the refusal `refused` makes of it.
 */
async function agreeWithMandate<F, R extends { ok: true } | { ok: false; error: string }, X extends Refused>(
  scope: Scope<'limited' | 'full'>,
  input: Parameters<typeof signedMandate>[1],
  agree: (
    db: Database,
    session: ActionSession,
    fields: F & { mandate: z.output<typeof mandateInput> | null },
    context: ReturnType<typeof actx>,
  ) => Promise<R>,
  fields: F,
  refused: (error: Extract<R, { ok: false }>['error']) => X,
) {
  const sepa = await signedMandate(scope, input);
  if ('refused' in sepa) return sepa.refused;
  const result = await agree(scope.ctx.db, scope.session, { ...fields, mandate: sepa.mandate }, actx(scope));
  if (!result.ok) return refused((result as Extract<R, { ok: false }>).error);
  return okValue(result as Extract<R, { ok: true }>);
}

/** The instalment error codes of spec 8 as reasons (`code1` … `code6`, `codeApi`, `codeDefault`) and the steps that come first. */
type PlanRefusal = InstalmentCodeReason | Exclude<PlanEligibility['kind'], 'allowed' | 'refused'>;

const planEligible = (file: FileContext, _scope?: Scope): Refused<PlanRefusal> | null => {
  const e = planEligibility(file.facts, file.rules.plan);
  if (e.kind === 'allowed') return null;
  if (e.kind === 'refused') return refuseFor(file, codeReason(e.code), ['showPayInstallments']);
  const refusal = refuseFor(file, e.kind, ['showPayInstallments']);
  // A deposit or down payment first: its amount is part of the reason's message.
  return 'amountMinor' in e ? { ...refusal, detail: { amountMinor: e.amountMinor } } : refusal;
};

export const agreePlan = defineAction({
  name: 'agreePlan',
  description: 'Agree an instalment plan: monthly amount, first due date, method (3 direct debit, 6 transfer, online).',
  level: 'limited',
  rules: [noMeasure(['showPayInstallments']), stateGuard('sepa', ['showPayInstallments'])],
  offered: [planEligible],
  input: withMandate({
    monthlyMinor: z.number({ error: 'errors.amountRequired' }).int().positive('errors.tooLow'),
    firstDueOn: z.string({ error: 'errors.dateRequired' }).refine(isIsoDate, 'errors.dateInvalid'),
    method: z.enum(planMethods, { error: 'errors.methodRequired' }),
    incomeProofType: z.enum(incomeProofTypes, { error: 'errors.proofType' }).nullish(),
  }),
  async handler(input, scope) {
    return agreeWithMandate(
      scope,
      input,
      agreePlanService,
      {
        monthlyMinor: input.monthlyMinor,
        firstDueOn: input.firstDueOn,
        method: input.method,
        incomeProofType: input.incomeProofType ?? null,
      },
      // "Not allowed" says why: the file's instalment error code or the step that comes first.
      (error) =>
        (error === 'notAllowed' ? planEligible(scope.file, scope) : null) ??
        refuseFor(scope.file, error, ['showPayInstallments']),
    );
  },
});

export const continuePendingPlan = defineAction({
  name: 'continuePendingPlan',
  description: 'Complete a pending plan after its down payment: choose the method (with a mandate for direct debit).',
  level: 'limited',
  rules: [noMeasure(['showPayInstallments']), stateGuard('sepa', ['showPayInstallments'])],
  input: withMandate({
    method: z.enum(planMethods, { error: 'errors.methodRequired' }),
  }),
  async handler(input, scope) {
    return agreeWithMandate(scope, input, continuePendingPlanService, { method: input.method }, (error) =>
      refuseFor(scope.file, error, ['showPayInstallments']),
    );
  },
});

/** Pay later is granted once (spec 4.3, 8 "Deferral: not possible now; already granted"). */
const deferralAllowed: FileRule = (file) => {
  const e = deferralEligibility(file.facts);
  if (e.kind === 'alreadyGranted')
    return { ...refuseFor(file, 'alreadyGranted', ['showPayLater']), detail: { payBy: e.payBy } };
  if (e.kind !== 'allowed') return refuseFor(file, 'notPossible', ['showPayLater']);
  return null;
};

export const grantDeferral = defineAction({
  name: 'grantDeferral',
  description: 'Pay later: a deferral of the notice days the variant offers, once per file; a fee may need agreeing.',
  level: 'limited',
  rules: [noMeasure(['showPayLater']), stateGuard('sepa', ['showPayLater'])],
  offered: [deferralAllowed],
  input: withMandate({
    noticeDays: z.number({ error: 'errors.noticeRequired' }).int().positive('errors.noticeRequired'),
    method: z.enum(deferralMethods, { error: 'errors.methodRequired' }),
    feeAgreed: z.boolean().default(false),
  }),
  async handler(input, scope) {
    return agreeWithMandate(
      scope,
      input,
      grantDeferralService,
      { noticeDays: input.noticeDays, method: input.method, feeAgreed: input.feeAgreed },
      (error) => refuseFor(scope.file, error, ['showPayLater']),
    );
  },
});

export const skipInstalment = defineAction({
  name: 'skipInstalment',
  description: 'Skip the next instalment of the active plan (offered rarely: once, and not when overdue).',
  level: 'limited',
  rules: [noMeasure(['showSkipInstallment']), stateGuard('agreement', ['showSkipInstallment'])],
  // The dashboard's skip button: rarely, once, not when overdue (the service re-checks it under the lock).
  offered: [flagSet('showSkipInstallment')],
  input: z.object({}),
  async handler(_input, scope) {
    const result = await skipInstalmentService(scope.ctx.db, scope.session, actx(scope));
    if (!result.ok) return refuseFor(scope.file, result.error, ['showSkipInstallment']);
    return okValue(result);
  },
});

export const mailPlan = defineAction({
  name: 'mailPlan',
  description:
    'Send the repayment plan by e-mail: to the stored address, or (full login only) to an address the debtor names.',
  level: 'limited',
  rules: [stateGuard('agreement', ['showInstallmentPlan'])],
  input: z.object({
    email: z.email('errors.email').max(254, 'errors.email').nullish(),
  }),
  // Another address than the stored one needs the full login (decision 018).
  needsFullLogin: (input) => Boolean(input.email),
  limits: (_input, { session }) => [['planMail', String(session.fileId)]],
  async handler(input, scope) {
    const result = await mailPlanService(scope.ctx.db, scope.session, input.email ?? null, actx(scope));
    if (result.ok) return ok({ mailId: result.mailId, toStoredAddress: result.toStoredAddress });
    if (result.error === 'needsFullLogin') return stepUp();
    return refuse(result.error, { alternatives: alternativesFor(scope.file, ['showInstallmentPlan']) });
  },
});
