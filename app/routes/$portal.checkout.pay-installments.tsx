export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
/**
 * Pay in instalments (spec 2.5, 3, 4.3, 5, 8, 9): choose the monthly amount (with an optional
 * affordability helper), the first date, the overview with the full repayment plan and its
 * costs in writing, the method (SEPA direct debit 3, bank transfer 6, or paying each instalment
 * online), the SEPA mandate when chosen, then the summary. Each step is its own GET page whose
 * choices travel in the address, so back, reload and no-JavaScript all work and nothing typed
 * is lost; each form posts to the action, which checks it on the server and redirects on.
 *
 * Files that may not have a plan see why (error codes 1 to 6, API error, default); a required
 * deposit (code 5) or a pending down payment is paid first through /checkout/pay-direct.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getDatabase } from '#server/db/client.ts';
import { affordableMonthly } from '#server/instalments/affordability.ts';
import { feeExplanationKey } from '#server/instalments/config.ts';
import { isIsoDate } from '#server/instalments/dates.ts';
import { checkMonthly, errorKey, type MonthlyLimits } from '#server/instalments/plan.ts';
import { incomeProofTypes, planMethods, type PlanMethod } from '#server/instalments/options.ts';
import { latestMandate, loadPlan, planOffer, quotePlan } from '#server/instalments/service.ts';
import { amountField, minorToInput, parseAmount } from '#server/money/amount-input.ts';
import { withBase } from '#server/variants/resolve.ts';
import { Choices, SelectField } from '~/components/instalments/Choices';
import { Costs } from '~/components/instalments/Costs';
import { MandateForm, mandateFields } from '~/components/instalments/mandate';
import { PlanOverview } from '~/components/instalments/PlanOverview';
import { ErrorSummary, type SummaryError } from '~/components/ui/ErrorSummary';
import { CheckboxField, Field } from '~/components/ui/Field';
import { Stepper } from '~/components/ui/Stepper';
import { formatDate, formatMoney } from '~/lib/format';
import { agreementRefusal, instalmentPage } from '~/lib/instalments.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import styles from '~/styles/instalments.css?url';
import { readForm } from '~/lib/form.server';
import { actionContext, returnPathOf, runAction } from '~/lib/actions.server';

// ---------------------------------------------------------------------------------------------
// Schemas (shared by conform in the browser and the action)
// ---------------------------------------------------------------------------------------------

/** How the page reads an amount: the portal's one reader, for the page's locale and the file's currency. */
interface AmountLocale {
  locale: string;
  currency: string;
}

/** The amount step, checked against the server-given limits (also in the browser: the limits come with the page). */
export function amountSchema(limits: MonthlyLimits, reading: AmountLocale) {
  return z
    .object({
      intent: z.literal('amount'),
      monthly: amountField({
        ...reading,
        messages: { required: 'errors.amountRequired', format: 'errors.amountFormat', tooLow: 'errors.tooLow' },
      }),
      proofConfirmed: z.string().optional(),
      proofType: z.enum(incomeProofTypes, { error: 'errors.proofType' }).optional(),
    })
    .superRefine((value, ctx) => {
      const check = checkMonthly(limits, value.monthly);
      if (!check.ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['monthly'],
          message: check.error === 'tooLow' ? 'errors.tooLow' : 'errors.tooHigh',
        });
        return;
      }
      if (check.proofRequired) {
        if (value.proofConfirmed !== 'on')
          ctx.addIssue({ code: 'custom', path: ['proofConfirmed'], message: 'errors.proofConfirm' });
        if (!value.proofType) ctx.addIssue({ code: 'custom', path: ['proofType'], message: 'errors.proofType' });
      }
    });
}

const dateSchema = z.object({
  intent: z.literal('date'),
  firstDueOn: z.string({ error: 'errors.dateRequired' }).trim().refine(isIsoDate, 'errors.dateInvalid'),
});

const methodSchema = z.object({
  intent: z.enum(['method', 'continueMethod']),
  method: z.enum(planMethods, { error: 'errors.methodRequired' }),
  agree: z.literal('on', { error: 'errors.agree' }),
});

const mandateSchema = z.object({ intent: z.enum(['mandate', 'continueMandate']), ...mandateFields });

const handoverSchema = z.object({ intent: z.enum(['payDeposit', 'payDownPayment']) });

// ---------------------------------------------------------------------------------------------
// The choices carried in the address
// ---------------------------------------------------------------------------------------------

const steps = ['amount', 'date', 'overview', 'method', 'mandate', 'summary'] as const;
type Step = (typeof steps)[number];

interface Carried {
  monthly: number | null;
  first: string | null;
  proof: (typeof incomeProofTypes)[number] | null;
  method: PlanMethod | null;
}

/**
 * The choices carried in the address. The assistant's deep links (intents.md) name the slots
 * `rate` (major units, `50` or `199.90`) and `firstDate`; they prefill the amount step the same way.
 */
function carried(url: URL): Carried {
  const rate = url.searchParams.get('rate');
  const fromRate = rate && /^\d{1,7}(\.\d{1,2})?$/.test(rate) ? Math.round(Number(rate) * 100) : NaN;
  const monthly = Number(url.searchParams.get('monthly') ?? fromRate);
  const first = url.searchParams.get('first') ?? url.searchParams.get('firstDate');
  const proof = url.searchParams.get('proof');
  const method = url.searchParams.get('method');
  return {
    monthly: Number.isInteger(monthly) && monthly > 0 ? monthly : null,
    first: first && isIsoDate(first) ? first : null,
    proof: (incomeProofTypes as readonly string[]).includes(proof ?? '') ? (proof as Carried['proof']) : null,
    method: (planMethods as readonly string[]).includes(method ?? '') ? (method as PlanMethod) : null,
  };
}

function stepPath(step: Step, c: Partial<Carried>, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ step });
  if (c.monthly) q.set('monthly', String(c.monthly));
  if (c.first) q.set('first', c.first);
  if (c.proof) q.set('proof', c.proof);
  if (c.method) q.set('method', c.method);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return `/checkout/pay-installments?${q.toString()}`;
}

/**
 * The affordability helper (server/instalments/affordability.ts) from the typed figures.
 * Posted (never in the address or the request log) and answered at once; nothing is stored.
 */
const helperFields = ['income', 'rent', 'living', 'obligations'] as const;
type HelperField = (typeof helperFields)[number];

function suggestion(form: FormData, limits: MonthlyLimits, reading: AmountLocale) {
  // Only the income is required; an outgoing left empty is none. A figure that cannot be read is
  // named at its field, never taken as nothing.
  const figures: Partial<Record<HelperField, number>> = {};
  const errors: Partial<Record<HelperField, string>> = {};
  for (const name of helperFields) {
    const typed = String(form.get(name) ?? '').trim();
    if (typed === '' && name !== 'income') continue;
    const parsed = amountField({ ...reading, minMinor: name === 'income' ? 1 : 0 }).safeParse(typed);
    if (parsed.success) figures[name] = parsed.data;
    else errors[name] = parsed.error.issues[0]?.message ?? 'common:form.amount.format';
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid' as const, errors };
  return affordableMonthly(limits, {
    incomeMinor: figures.income ?? 0,
    outgoingsMinor: (figures.rent ?? 0) + (figures.living ?? 0) + (figures.obligations ?? 0),
  });
}

// ---------------------------------------------------------------------------------------------
// Loader
// ---------------------------------------------------------------------------------------------

export const handle = { i18n: ['common', 'instalments'] };
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t, session, ctx } = await instalmentPage(request, params, { guards: 'sepa', context });
  const url = new URL(request.url);
  const db = await getDatabase();
  const title = documentTitle(t('payInstalments.title'), variant.brand.name);
  const offer = planOffer(ctx);
  const currency = ctx.facts.currency;
  const requested = (url.searchParams.get('step') ?? 'amount') as Step;
  const step: Step = (steps as readonly string[]).includes(requested) ? requested : 'amount';
  const c = carried(url);
  const base = {
    title,
    currency,
    creditor: variant.legal.name,
    creditorId: variant.sepa?.creditorId ?? '',
    sepaOffered: variant.sepa !== null,
    feeNote: feeExplanationKey(variant.id, 'instalmentFee'),
    hasEmail: Boolean(ctx.debtor.email),
  };

  // The summary after an agreement reads the plan that was made.
  if (step === 'summary') {
    const plan = await loadPlan(db, session.fileId);
    if (plan) {
      const mandate = plan.isSepa ? await latestMandate(db, session) : null;
      return { ...base, view: 'summary' as const, plan, mandateReference: mandate?.mandateReference ?? null };
    }
  }

  const e = offer.eligibility;
  if (e.kind === 'refused') return { ...base, view: 'refused' as const, code: e.code, messageKey: errorKey(e.code) };
  if (e.kind === 'depositFirst') return { ...base, view: 'deposit' as const, amountMinor: e.amountMinor };
  if (e.kind === 'downPaymentFirst') {
    const plan = await loadPlan(db, session.fileId);
    return {
      ...base,
      view: 'downPayment' as const,
      amountMinor: e.amountMinor,
      dueOn: ctx.facts.downPayment?.dueOn ?? null,
      plan,
    };
  }
  if (e.kind === 'awaitingProof')
    return { ...base, view: 'awaitingProof' as const, plan: await loadPlan(db, session.fileId) };
  if (e.kind === 'continuePending') {
    const plan = await loadPlan(db, session.fileId);
    if (!plan) throw redirect(withBase(variant, '/dashboard'));
    return {
      ...base,
      view: 'continue' as const,
      plan,
      step: step === 'mandate' && c.method === '3' ? ('mandate' as const) : ('method' as const),
      holder: ctx.debtor.accountHolder ?? ctx.debtor.name,
    };
  }

  const flow = {
    ...base,
    view: 'flow' as const,
    costs: offer.costs,
    limits: offer.limits,
    firstDue: offer.firstDue,
    carried: c,
    holder: ctx.debtor.accountHolder ?? ctx.debtor.name,
  };
  if (step === 'amount' || !c.monthly) {
    return { ...flow, step: 'amount' as const };
  }
  const check = checkMonthly(offer.limits, c.monthly);
  if (!check.ok || (check.proofRequired && !c.proof)) throw redirect(withBase(variant, stepPath('amount', c)));
  if (step === 'date' || !c.first) return { ...flow, step: 'date' as const };
  const quote = quotePlan(ctx, { monthlyMinor: c.monthly, firstDueOn: c.first });
  if (!quote.ok) throw redirect(withBase(variant, stepPath('date', c)));
  if (step === 'overview') return { ...flow, step: 'overview' as const, quote };
  if (step === 'mandate' && c.method === '3') return { ...flow, step: 'mandate' as const, quote };
  return { ...flow, step: 'method' as const, quote };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title },
  { name: 'robots', content: 'noindex' },
];

// ---------------------------------------------------------------------------------------------
// Action
// ---------------------------------------------------------------------------------------------

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language, locale, session, ctx } = await instalmentPage(request, params, { guards: 'sepa' });
  const reading = { locale, currency: ctx.facts.currency };
  const url = new URL(request.url);
  const c = carried(url);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const offer = planOffer(ctx);
  const actx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const go = (path: string) => redirect(withBase(variant, path));

  if (intent === 'helper') {
    const helper = suggestion(formData, offer.limits, reading);
    const values = Object.fromEntries(
      helperFields.map((name) => [name, String(formData.get(name) ?? '').slice(0, 20)]),
    );
    return data(
      { result: undefined, askPassword: false, error: null, helper, helperValues: values },
      { status: helper.kind === 'invalid' ? 400 : 200 },
    );
  }

  if (intent === 'payDeposit' || intent === 'payDownPayment') {
    const submission = parseWithZod(formData, { error: fieldError, schema: handoverSchema });
    if (submission.status !== 'success')
      return data({ result: submission.reply(), askPassword: false, error: null }, { status: 400 });
    // Money due now is paid through the payment pages (another module): hand over.
    if (intent === 'payDeposit' && offer.eligibility.kind === 'depositFirst')
      return go('/checkout/pay-direct?deposit=true');
    if (intent === 'payDownPayment' && offer.eligibility.kind === 'downPaymentFirst')
      return go('/checkout/pay-direct?downpayment=true');
    return go('/checkout/pay-installments');
  }

  if (intent === 'amount') {
    const submission = parseWithZod(formData, { error: fieldError, schema: amountSchema(offer.limits, reading) });
    if (submission.status !== 'success')
      return data({ result: submission.reply(), askPassword: false, error: null }, { status: 400 });
    const monthly = submission.value.monthly;
    const proofRequired = monthly < offer.limits.regularMinMinor;
    return go(stepPath('date', { ...c, monthly, proof: proofRequired ? (submission.value.proofType ?? null) : null }));
  }

  if (intent === 'date') {
    const submission = parseWithZod(formData, {
      error: fieldError,
      schema: dateSchema.refine(
        (v) => v.firstDueOn >= offer.firstDue.earliest && v.firstDueOn <= offer.firstDue.latest,
        { path: ['firstDueOn'], message: 'errors.dateRange' },
      ),
    });
    if (submission.status !== 'success')
      return data({ result: submission.reply(), askPassword: false, error: null }, { status: 400 });
    return go(stepPath('overview', { ...c, first: submission.value.firstDueOn }));
  }

  if (intent === 'method' || intent === 'continueMethod') {
    // Direct debit only where the variant offers it (decision 027).
    const submission = parseWithZod(formData, {
      error: fieldError,
      schema: methodSchema.refine((v) => v.method !== '3' || variant.sepa !== null, {
        path: ['method'],
        message: 'errors.methodUnavailable',
      }),
    });
    if (submission.status !== 'success')
      return data({ result: submission.reply(), askPassword: false, error: null }, { status: 400 });
    const method = submission.value.method;
    if (method === '3') return go(stepPath('mandate', { ...c, method }));
    if (intent === 'continueMethod') {
      const result = await runAction('continuePendingPlan', actx, { method });
      if (!result.ok) return agreementRefusal(variant, submission, result, returnPathOf(request));
      return go(method === 'online' ? '/checkout/pay-direct?installment=true' : stepPath('summary', {}));
    }
    if (!c.monthly || !c.first) return go(stepPath('amount', c));
    const result = await runAction('agreePlan', actx, {
      monthlyMinor: c.monthly,
      firstDueOn: c.first,
      method,
      incomeProofType: c.proof,
    });
    if (!result.ok) return agreementRefusal(variant, submission, result, returnPathOf(request));
    // The first instalment is paid online now: hand over to the payment pages.
    if (method === 'online' && result.value.status === 'active') return go('/checkout/pay-direct?installment=true');
    return go(stepPath('summary', {}));
  }

  if (intent === 'mandate' || intent === 'continueMandate') {
    const submission = parseWithZod(formData, { error: fieldError, schema: mandateSchema });
    if (submission.status !== 'success')
      return data(
        {
          result: submission.reply({ hideFields: ['password'] }),
          askPassword: Boolean(formData.get('password')),
          error: null,
        },
        { status: 400 },
      );
    const v = submission.value;
    const mandate = { accountHolder: v.accountHolder, iban: v.iban, bic: v.bic ?? null };
    const identity = { postalCode: v.postalCode, password: v.password };
    if (intent !== 'continueMandate' && (!c.monthly || !c.first)) return go(stepPath('amount', c));
    const result =
      intent === 'continueMandate'
        ? await runAction('continuePendingPlan', actx, { method: '3', mandate, identity })
        : await runAction('agreePlan', actx, {
            monthlyMinor: c.monthly,
            firstDueOn: c.first,
            method: '3',
            incomeProofType: c.proof,
            mandate,
            identity,
          });
    if (!result.ok) return agreementRefusal(variant, submission, result, returnPathOf(request));
    return go(stepPath('summary', {}));
  }

  return go(stepPath('amount', c));
}

// ---------------------------------------------------------------------------------------------
// Page
// ---------------------------------------------------------------------------------------------

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type FlowData = Extract<LoaderData, { view: 'flow' }>;
type ActionData = ReturnType<typeof useActionData<typeof action>>;

function useMoney() {
  const { locale } = useRootData()!;
  const d = useLoaderData<typeof loader>();
  return {
    locale,
    money: (minor: number) => formatMoney(minor, d.currency, locale),
    date: (iso: string) => formatDate(iso, locale),
  };
}

export default function PayInstallments() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation(['instalments', 'common']);
  return (
    <div className="container page instalments">
      <div className="form-card form-card--wide">
        <h1>{t('payInstalments.title')}</h1>
        {d.view === 'flow' ? <Flow d={d} /> : null}
        {d.view === 'refused' ? <Refused code={d.code} messageKey={d.messageKey} /> : null}
        {d.view === 'deposit' ? <Handover kind="deposit" amountMinor={d.amountMinor} /> : null}
        {d.view === 'downPayment' ? <Handover kind="downPayment" amountMinor={d.amountMinor} dueOn={d.dueOn} /> : null}
        {d.view === 'awaitingProof' ? <AwaitingProof /> : null}
        {d.view === 'continue' ? <Continue /> : null}
        {d.view === 'summary' ? <Summary /> : null}
      </div>
    </div>
  );
}

function Refused({ code, messageKey }: { code: number | string; messageKey: string }) {
  const { t } = useTranslation(['instalments', 'common']);
  const { variant } = useRootData()!;
  return (
    <div className="panel panel--warning" data-testid={`instalment-error-${code}`}>
      <p>{t(messageKey)}</p>
      {code === 2 ? (
        <p>
          <Link to={href(variant, '/installment-plan')}>{t('payInstalments.toPlan')}</Link>
        </p>
      ) : null}
      {code === 1 ? (
        <p>
          <Link to={href(variant, '/checkout/pay-direct')}>{t('payInstalments.otherOptions')}</Link>
        </p>
      ) : null}
      <p>
        <a href={`tel:${variant.support.phoneHref}`}>{t('common:errors.callUs', { phone: variant.support.phone })}</a>
      </p>
      <p>
        <Link to={href(variant, '/dashboard')}>{t('back')}</Link>
      </p>
    </div>
  );
}

/** Deposit (code 5) or down payment first: the amount, why, and the hand-over to the payment pages. */
function Handover({
  kind,
  amountMinor,
  dueOn,
}: {
  kind: 'deposit' | 'downPayment';
  amountMinor: number;
  dueOn?: string | null;
}) {
  const { t } = useTranslation('instalments');
  const { money, date, locale } = useMoney();
  const d = useLoaderData<typeof loader>();
  const plan = d.view === 'downPayment' ? d.plan : null;
  return (
    <>
      <div className="panel panel--warning">
        <p>
          {kind === 'deposit'
            ? t('errors.code5', { amount: money(amountMinor) })
            : t('downPayment.text', { amount: money(amountMinor) })}
        </p>
        {dueOn ? <p>{t('downPayment.dueBy', { date: date(dueOn) })}</p> : null}
      </div>
      <p>{kind === 'deposit' ? t('deposit.then') : t('downPayment.then')}</p>
      {plan ? (
        <section aria-labelledby="pending-plan">
          <h2 id="pending-plan">{t('downPayment.planTitle')}</h2>
          <Costs {...plan} agreed feeNote={d.feeNote} currency={d.currency} locale={locale} />
          <PlanOverview rows={plan.rows} currency={d.currency} locale={locale} caption={t('overview.tableCaption')} />
        </section>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value={kind === 'deposit' ? 'payDeposit' : 'payDownPayment'} />
        <button type="submit" className="button">
          {kind === 'deposit'
            ? t('deposit.pay', { amount: money(amountMinor) })
            : t('downPayment.pay', { amount: money(amountMinor) })}
        </button>
      </Form>
    </>
  );
}

function AwaitingProof() {
  const { t } = useTranslation('instalments');
  const { variant } = useRootData()!;
  return (
    <div className="panel">
      <p>{t('summary.pendingProof')}</p>
      <p>
        <Link className="button" to={href(variant, '/upload-center')}>
          {t('summary.toUpload')}
        </Link>
      </p>
    </div>
  );
}

function Summary() {
  const d = useLoaderData<typeof loader>() as Extract<LoaderData, { view: 'summary' }>;
  const { t } = useTranslation('instalments');
  const { variant } = useRootData()!;
  const { locale } = useMoney();
  const plan = d.plan;
  return (
    <>
      <Stepper steps={stepLabels(t)} current={5} />
      <div className="panel panel--success" role="status">
        <h2>{plan.status === 'active' ? t('summary.title') : t('summary.pendingTitle')}</h2>
        <p>
          {plan.status === 'active'
            ? t(plan.isSepa ? 'summary.sepa' : plan.providerId === '6' ? 'summary.transfer' : 'summary.online')
            : t('summary.pendingProof')}
        </p>
        {d.hasEmail ? <p>{t('summary.mail')}</p> : null}
      </div>
      {plan.status === 'pending' ? (
        <p>
          <Link className="button" to={href(variant, '/upload-center')}>
            {t('summary.toUpload')}
          </Link>
        </p>
      ) : null}
      {d.mandateReference ? (
        <dl className="definition-list">
          <dt>{t('mandate.reference')}</dt>
          <dd className="fixed-text" data-testid="mandate-reference">
            {d.mandateReference}
          </dd>
          <dt>{t('mandate.creditorId')}</dt>
          <dd className="fixed-text">{d.creditorId}</dd>
        </dl>
      ) : null}
      <Costs {...plan} agreed feeNote={d.feeNote} currency={d.currency} locale={locale} />
      <PlanOverview
        rows={plan.rows}
        currency={d.currency}
        locale={locale}
        caption={t('overview.tableCaption')}
        showNext
      />
      <div className="button-row">
        {plan.isSepa ? (
          <Link className="button button--secondary" to={href(variant, '/sepa-mandate')}>
            {t('mandate.print')}
          </Link>
        ) : null}
        <Link className="button button--secondary" to={href(variant, '/installment-plan')}>
          {t('payInstalments.toPlan')}
        </Link>
        <Link className="button button--secondary" to={href(variant, '/dashboard')}>
          {t('back')}
        </Link>
      </div>
    </>
  );
}

function stepLabels(t: (key: string) => string): string[] {
  return [
    t('steps.amount'),
    t('steps.date'),
    t('steps.overview'),
    t('steps.method'),
    t('steps.pay'),
    t('steps.summary'),
  ];
}

/** Translates an error key with the amounts it may name. */
function useErrorText(limits?: MonthlyLimits) {
  const { t } = useTranslation('instalments');
  const { money, locale } = useMoney();
  return (key: string | undefined) =>
    key
      ? t(
          key,
          limits
            ? {
                min: money(limits.absoluteMinMinor),
                regular: money(limits.regularMinMinor),
                example: minorToInput(limits.exampleMinor, locale),
              }
            : {},
        )
      : undefined;
}

function Flow({ d }: { d: FlowData }) {
  const { t } = useTranslation('instalments');
  const index = { amount: 0, date: 1, overview: 2, method: 3, mandate: 4 }[d.step];
  return (
    <>
      <Stepper steps={stepLabels(t)} current={index} />
      {d.step === 'amount' ? <AmountStepKeyed d={d} /> : null}
      {d.step === 'date' ? <DateStep d={d} /> : null}
      {d.step === 'overview' ? <OverviewStep d={d} /> : null}
      {d.step === 'method' ? <MethodStep d={d} intent="method" /> : null}
      {d.step === 'mandate' ? (
        <MandateStep d={{ ...d, targetDate: d.carried.first ?? d.firstDue.earliest }} intent="mandate" />
      ) : null}
    </>
  );
}

/**
 * The amount step, remounted for each suggestion of the helper: the amount typed before must not
 * outlive the suggestion that replaced it in the field (else the proof-of-income text says "below"
 * beside an amount above the regular minimum).
 */
function AmountStepKeyed({ d }: { d: Extract<FlowData, { step: 'amount' }> }) {
  const actionData = useActionData<typeof action>() as ActionData;
  const helper = actionData && 'helper' in actionData ? actionData.helper : null;
  return <AmountStep key={helper?.kind === 'ok' ? `suggested-${helper.amountMinor}` : 'typed'} d={d} />;
}

function AmountStep({ d }: { d: Extract<FlowData, { step: 'amount' }> }) {
  const { t } = useTranslation('instalments');
  const { money, locale } = useMoney();
  const { variant } = useRootData()!;
  const actionData = useActionData<typeof action>() as ActionData;
  const navigation = useNavigation();
  const rounds = useSubmissionRounds(actionData);
  const schema = amountSchema(d.limits, { locale, currency: d.currency });
  const helper = actionData && 'helper' in actionData ? actionData.helper : null;
  const helperValues = actionData && 'helperValues' in actionData ? actionData.helperValues : null;
  const suggested = helper?.kind === 'ok' ? helper.amountMinor : null;
  const initialMonthly = suggested ?? d.carried.monthly;
  const [form, fields] = useForm({
    id: `instalment-amount-${suggested ?? ''}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    defaultValue: {
      monthly: initialMonthly ? minorToInput(initialMonthly, locale, d.currency) : '',
      proofType: d.carried.proof ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema }),
  });
  const errorText = useErrorText(d.limits);
  const helperError = (name: HelperField) => (helper?.kind === 'invalid' ? errorText(helper.errors[name]) : undefined);
  const read = (text: string) => {
    const reading = parseAmount(text, locale, d.currency);
    return reading.ok ? reading.minor : null;
  };
  const typed = read(String(fields.monthly.value ?? ''));
  const [liveMinor, setLiveMinor] = useState<number | null>(typed);
  const current = liveMinor ?? typed;
  const showProof =
    (current !== null && current >= d.limits.absoluteMinMinor && current < d.limits.regularMinMinor) ||
    Boolean(fields.proofConfirmed.errors || fields.proofType.errors);
  const summary: SummaryError[] = [
    ...(fields.monthly.errors?.[0]
      ? [{ fieldId: fields.monthly.id, message: errorText(fields.monthly.errors[0])! }]
      : []),
    ...(fields.proofConfirmed.errors?.[0]
      ? [{ fieldId: fields.proofConfirmed.id, message: errorText(fields.proofConfirmed.errors[0])! }]
      : []),
    ...(fields.proofType.errors?.[0]
      ? [{ fieldId: fields.proofType.id, message: errorText(fields.proofType.errors[0])! }]
      : []),
  ];
  return (
    <>
      <p className="lead">{t('amount.lead', { total: money(d.costs.totalMinor) })}</p>
      <Costs {...d.costs} feeNote={d.feeNote} currency={d.currency} locale={locale} />
      <ErrorSummary errors={summary} round={rounds.round} />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input type="hidden" name="intent" value="amount" />
        <Field
          {...getInputProps(fields.monthly, { type: 'text' })}
          key={fields.monthly.key}
          label={t('amount.label')}
          hint={t('amount.hint', {
            example: minorToInput(d.limits.exampleMinor, locale),
            min: money(d.limits.absoluteMinMinor),
            regular: money(d.limits.regularMinMinor),
            max: money(d.limits.maxMinor),
          })}
          error={errorText(fields.monthly.errors?.[0])}
          inputMode="decimal"
          autoComplete="off"
          className="input--code"
          onInput={(event) => setLiveMinor(read((event.target as HTMLInputElement).value))}
          required
        />
        {showProof ? (
          <div className="panel" data-testid="proof-of-income">
            <p>
              {t('proof.text', { regular: money(d.limits.regularMinMinor), min: money(d.limits.absoluteMinMinor) })}
            </p>
            <SelectField
              id={fields.proofType.id}
              name={fields.proofType.name}
              label={t('proof.type')}
              placeholder={t('proof.choose')}
              options={incomeProofTypes.map((value) => ({ value, label: t(`proof.types.${value}`) }))}
              defaultValue={String(fields.proofType.initialValue ?? '')}
              error={errorText(fields.proofType.errors?.[0])}
            />
            <CheckboxField
              {...getInputProps(fields.proofConfirmed, { type: 'checkbox' })}
              key={fields.proofConfirmed.key}
              label={t('proof.confirm')}
              error={errorText(fields.proofConfirmed.errors?.[0])}
              required
            />
          </div>
        ) : null}
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {t('next')}
        </button>
      </Form>

      <details className="helper card" open={helper !== null}>
        <summary>{t('helper.title')}</summary>
        <p>{t('helper.lead')}</p>
        {helper ? (
          <div
            className={helper.kind === 'ok' ? 'panel panel--success' : 'panel panel--warning'}
            role="status"
            data-testid="helper-result"
          >
            <p>
              {helper.kind === 'ok'
                ? t(helper.proofRequired ? 'helper.suggestionProof' : 'helper.suggestion', {
                    amount: money(helper.amountMinor),
                    regular: money(d.limits.regularMinMinor),
                  })
                : helper.kind === 'belowMinimum'
                  ? t('helper.belowMinimum', { min: money(d.limits.absoluteMinMinor), phone: variant.support.phone })
                  : helper.kind === 'noRoom'
                    ? t('helper.noRoom', { phone: variant.support.phone })
                    : helper.errors.income
                      ? t('helper.invalid')
                      : t('common:form.errorSummaryTitle')}
            </p>
          </div>
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="helper" />
          <Field
            id="helper-income"
            name="income"
            label={t('helper.income')}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={helperValues?.income ?? ''}
            error={helperError('income')}
            required
          />
          <Field
            id="helper-rent"
            name="rent"
            label={t('helper.rent')}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={helperValues?.rent ?? ''}
            error={helperError('rent')}
          />
          <Field
            id="helper-living"
            name="living"
            label={t('helper.living')}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={helperValues?.living ?? ''}
            error={helperError('living')}
          />
          <Field
            id="helper-obligations"
            name="obligations"
            label={t('helper.obligations')}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={helperValues?.obligations ?? ''}
            error={helperError('obligations')}
          />
          <p className="muted">{t('helper.nothingStored')}</p>
          <button type="submit" className="button button--secondary">
            {t('helper.submit')}
          </button>
        </Form>
      </details>
    </>
  );
}

function DateStep({ d }: { d: Extract<FlowData, { step: 'date' }> }) {
  const { t } = useTranslation('instalments');
  const { date } = useMoney();
  const actionData = useActionData<typeof action>() as ActionData;
  const navigation = useNavigation();
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useForm({
    id: 'instalment-date',
    lastResult: actionData?.result,
    constraint: getZodConstraint(dateSchema),
    defaultValue: { firstDueOn: d.carried.first ?? d.firstDue.earliest },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema: dateSchema }),
  });
  const range = { from: date(d.firstDue.earliest), to: date(d.firstDue.latest) };
  const error = fields.firstDueOn.errors?.[0] ? t(fields.firstDueOn.errors[0], range) : undefined;
  return (
    <>
      <p className="lead">{t('date.lead')}</p>
      <ErrorSummary errors={error ? [{ fieldId: fields.firstDueOn.id, message: error }] : []} round={rounds.round} />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input type="hidden" name="intent" value="date" />
        <Field
          {...getInputProps(fields.firstDueOn, { type: 'date' })}
          key={fields.firstDueOn.key}
          label={t('date.label')}
          hint={t('date.hint', range)}
          min={d.firstDue.earliest}
          max={d.firstDue.latest}
          error={error}
          required
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
            {t('next')}
          </button>
          <Link
            className="button button--secondary"
            to={`?${new URLSearchParams({ step: 'amount', monthly: String(d.carried.monthly ?? ''), ...(d.carried.proof ? { proof: d.carried.proof } : {}) })}`}
          >
            {t('previous')}
          </Link>
        </div>
      </Form>
    </>
  );
}

function carriedQuery(c: Carried, step: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({ step });
  if (c.monthly) q.set('monthly', String(c.monthly));
  if (c.first) q.set('first', c.first);
  if (c.proof) q.set('proof', c.proof);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return `?${q.toString()}`;
}

function OverviewStep({ d }: { d: Extract<FlowData, { step: 'overview' }> }) {
  const { t } = useTranslation('instalments');
  const { locale } = useMoney();
  const q = d.quote;
  return (
    <>
      <p className="lead">{t('overview.lead')}</p>
      <h2>{t('overview.costsTitle')}</h2>
      <Costs
        {...q.costs}
        feeNote={d.feeNote}
        monthlyMinor={q.plan.monthlyMinor}
        instalmentCount={q.plan.instalmentCount}
        firstDueOn={q.plan.firstDueOn}
        currency={d.currency}
        locale={locale}
      />
      {q.costs.feeMinor > 0 ? null : <p className="muted">{t('overview.noFee')}</p>}
      {q.proofRequired ? <p className="panel">{t('overview.proofNote')}</p> : null}
      <h2>{t('overview.planTitle')}</h2>
      <PlanOverview rows={q.plan.rows} currency={d.currency} locale={locale} caption={t('overview.tableCaption')} />
      <div className="button-row">
        <Link className="button" to={carriedQuery(d.carried, 'method')}>
          {t('next')}
        </Link>
        <Link className="button button--secondary" to={carriedQuery(d.carried, 'date')}>
          {t('previous')}
        </Link>
      </div>
    </>
  );
}

function MethodStep({
  d,
  intent,
}: {
  d: { carried?: Carried; quote?: Extract<FlowData, { step: 'method' }>['quote'] };
  intent: 'method' | 'continueMethod';
}) {
  const { t } = useTranslation('instalments');
  const { money } = useMoney();
  const actionData = useActionData<typeof action>() as ActionData;
  const navigation = useNavigation();
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useForm({
    id: `instalment-${intent}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(methodSchema),
    defaultValue: { method: d.carried?.method ?? '' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema: methodSchema }),
  });
  const methodError = fields.method.errors?.[0] ? t(fields.method.errors[0]) : undefined;
  const agreeError = fields.agree.errors?.[0] ? t(fields.agree.errors[0]) : undefined;
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  const q = d.quote;
  const { sepaOffered } = useLoaderData<typeof loader>() as { sepaOffered: boolean };
  return (
    <>
      {q ? (
        <div className="panel">
          <p>
            {t('method.recap', {
              monthly: money(q.plan.monthlyMinor),
              count: q.plan.instalmentCount,
              total: money(q.costs.totalMinor),
              fee: money(q.costs.feeMinor + q.costs.expensesMinor + q.costs.vatMinor),
            })}
          </p>
        </div>
      ) : null}
      <ErrorSummary
        errors={[
          ...(formError ? [{ fieldId: fields.method.id, message: formError }] : []),
          ...(methodError ? [{ fieldId: fields.method.id, message: methodError }] : []),
          ...(agreeError ? [{ fieldId: fields.agree.id, message: agreeError }] : []),
        ]}
        round={rounds.round}
      />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input type="hidden" name="intent" value={intent} />
        <Choices
          id={fields.method.id}
          name={fields.method.name}
          legend={t('method.legend')}
          defaultValue={String(fields.method.initialValue ?? '')}
          error={methodError}
          options={[
            ...(sepaOffered ? [{ value: '3', label: t('method.sepa'), hint: t('method.sepaHint') }] : []),
            { value: '6', label: t('method.transfer'), hint: t('method.transferHint') },
            { value: 'online', label: t('method.online'), hint: t('method.onlineHint') },
          ]}
        />
        <CheckboxField
          {...getInputProps(fields.agree, { type: 'checkbox' })}
          key={fields.agree.key}
          label={t('method.agree')}
          error={agreeError}
          required
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
            {t('method.submit')}
          </button>
          {d.carried ? (
            <Link className="button button--secondary" to={carriedQuery(d.carried, 'overview')}>
              {t('previous')}
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}

function MandateStep({
  d,
  intent,
}: {
  d: { carried?: Carried; holder: string; creditor: string; creditorId: string; targetDate: string };
  intent: 'mandate' | 'continueMandate';
}) {
  const { t } = useTranslation('instalments');
  const actionData = useActionData<typeof action>() as ActionData;
  return (
    <MandateForm
      id={`instalment-${intent}`}
      intent={intent}
      schema={mandateSchema}
      lead={t('mandate.lead')}
      submitLabel={t('mandate.submit')}
      parties={d}
      targetDate={d.targetDate}
      actionData={actionData}
      footer={(submit) => (
        <div className="button-row">
          {submit}
          {d.carried ? (
            <Link className="button button--secondary" to={carriedQuery({ ...d.carried, method: null }, 'method')}>
              {t('previous')}
            </Link>
          ) : null}
        </div>
      )}
    />
  );
}

function Continue() {
  const d = useLoaderData<typeof loader>() as Extract<LoaderData, { view: 'continue' }>;
  const { t } = useTranslation('instalments');
  const { locale } = useMoney();
  return (
    <>
      <div className="panel panel--success">
        <p>{t('downPayment.paid')}</p>
      </div>
      <Costs {...d.plan} agreed feeNote={d.feeNote} currency={d.currency} locale={locale} />
      <PlanOverview rows={d.plan.rows} currency={d.currency} locale={locale} caption={t('overview.tableCaption')} />
      {d.step === 'mandate' ? (
        <MandateStep
          d={{ holder: d.holder, creditor: d.creditor, creditorId: d.creditorId, targetDate: d.plan.firstDueOn }}
          intent="continueMandate"
        />
      ) : (
        <MethodStep d={{}} intent="continueMethod" />
      )}
    </>
  );
}
