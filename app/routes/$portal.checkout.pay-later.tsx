export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
/**
 * Pay later (spec 2.5, 4.3, 8, 9): choose the payment notice (30 days) and how the claim will be
 * paid; the payment-agreement step only when a fee applies (its costs in writing first); for
 * SEPA direct debit (3) the mandate, for bank transfer (6) only the pay step; then the
 * confirmation with the date. A deferral is granted once: a second visit says so.
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
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { feeExplanationKey } from '#server/instalments/config.ts';
import { addDays } from '#server/instalments/dates.ts';
import { deferralMethods, type DeferralMethod } from '#server/instalments/options.ts';
import { noticeForDate } from '#server/instalments/plan.ts';
import { deferralOffer, grantedDeferralView } from '#server/instalments/deferral.ts';
import { withBase } from '#server/variants/resolve.ts';
import { Choices } from '~/components/instalments/Choices';
import { MandateForm, mandateFields } from '~/components/instalments/mandate';
import { NotAvailable } from '~/components/instalments/NotAvailable';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { CheckboxField } from '~/components/ui/Field';
import { Stepper } from '~/components/ui/Stepper';
import { formatDate, formatMoney } from '~/lib/format';
import { agreementRefusal, instalmentPage } from '~/lib/instalments.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import styles from '~/styles/instalments.css?url';
import { readForm } from '~/lib/form.server';
import { actionContext, checkAction, returnPathOf, runAction } from '~/lib/actions.server';
import { readLinkSlots } from '../../intents/links.ts';

const noticeSchema = z.object({
  intent: z.literal('notice'),
  noticeDays: z.string({ error: 'errors.noticeRequired' }).regex(/^\d{1,3}$/, 'errors.noticeRequired'),
  method: z.enum(deferralMethods, { error: 'errors.methodRequired' }),
});
const agreementSchema = z.object({
  intent: z.literal('agreement'),
  feeAgreed: z.literal('on', { error: 'errors.feeAgree' }),
});
const mandateSchema = z.object({ intent: z.literal('mandate'), ...mandateFields });

export const handle = { i18n: ['common', 'instalments'] };
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

type Step = 'notice' | 'agreement' | 'mandate' | 'done';

function carried(url: URL): { days: number | null; method: DeferralMethod | null; agreed: boolean } {
  const days = Number(url.searchParams.get('days'));
  const method = url.searchParams.get('method');
  return {
    days: Number.isInteger(days) && days > 0 ? days : null,
    method: (deferralMethods as readonly string[]).includes(method ?? '') ? (method as DeferralMethod) : null,
    agreed: url.searchParams.get('agreed') === '1',
  };
}

function path(step: Step, c: { days?: number | null; method?: string | null; agreed?: boolean }) {
  const q = new URLSearchParams({ step });
  if (c.days) q.set('days', String(c.days));
  if (c.method) q.set('method', c.method);
  if (c.agreed) q.set('agreed', '1');
  return `/checkout/pay-later?${q.toString()}`;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t, session, ctx } = await instalmentPage(request, params, { guards: 'sepa', context });
  const url = new URL(request.url);
  const c = carried(url);
  const offer = deferralOffer(ctx, c.days ?? undefined);
  const base = {
    title: documentTitle(t('payLater.title'), variant.brand.name),
    currency: ctx.facts.currency,
    creditor: variant.legal.name,
    creditorId: variant.sepa?.creditorId ?? '',
    sepaOffered: variant.sepa !== null,
    feeNote: feeExplanationKey(variant.id, 'settlementFee'),
    hasEmail: Boolean(ctx.debtor.email),
  };
  const step = url.searchParams.get('step') as Step | null;

  if (step === 'done') {
    const granted = await grantedDeferralView(session);
    if (granted) {
      // The fee was charged to the file when the deferral was agreed: the open amount includes it.
      return { ...base, view: 'done' as const, ...granted, totalMinor: ctx.facts.totalMinor };
    }
  }
  if (offer.eligibility.kind === 'alreadyGranted')
    return { ...base, view: 'alreadyGranted' as const, payBy: offer.eligibility.payBy };
  if (offer.eligibility.kind === 'notPossible') return { ...base, view: 'notPossible' as const };

  const feeApplies = offer.terms.feeMinor > 0;
  const flow = {
    ...base,
    view: 'flow' as const,
    terms: offer.terms,
    noticeDays: offer.noticeDays,
    totalMinor: ctx.facts.totalMinor,
    feeApplies,
    carried: c,
    holder: ctx.debtor.accountHolder ?? ctx.debtor.name,
  };
  const choicesOk = c.days !== null && offer.noticeDays.includes(c.days) && c.method !== null;
  if (step === 'agreement' && choicesOk && feeApplies) return { ...flow, step: 'agreement' as const };
  if (step === 'mandate' && choicesOk && c.method === '3' && (!feeApplies || c.agreed))
    return { ...flow, step: 'mandate' as const };
  if (step && step !== 'notice' && !choicesOk) throw redirect(withBase(variant, path('notice', {})));
  const optionDates = offer.noticeDays.map((days) => ({ days, payBy: addDays(ctx.today, days) }));
  return {
    ...flow,
    step: 'notice' as const,
    optionDates,
    // The assistant's deep link (intents.md: /checkout/pay-later?date=2026-12-15) preselects a period.
    suggestedDays: noticeForDate(optionDates, readLinkSlots('pay_later', url.searchParams).date ?? null),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title },
  { name: 'robots', content: 'noindex' },
];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language, session, ctx } = await instalmentPage(request, params, { guards: 'sepa' });
  const c = carried(new URL(request.url));
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const actx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const go = (p: string) => redirect(withBase(variant, p));
  const offer = deferralOffer(ctx, c.days ?? undefined);
  const feeApplies = offer.terms.feeMinor > 0;
  const grant = async (
    submission: Parameters<typeof agreementRefusal>[1],
    input: { noticeDays: number; method: DeferralMethod; feeAgreed: boolean; mandate?: unknown; identity?: unknown },
  ) => {
    const result = await runAction('grantDeferral', actx, input);
    if (result.ok) return go(path('done', {}));
    return agreementRefusal(variant, submission, result, returnPathOf(request));
  };

  if (intent === 'notice') {
    const submission = parseWithZod(formData, {
      error: fieldError,
      schema: noticeSchema
        .refine((v) => offer.noticeDays.includes(Number(v.noticeDays)), {
          path: ['noticeDays'],
          message: 'errors.noticeRequired',
        })
        // Direct debit only where the variant offers it (decision 027).
        .refine((v) => v.method !== '3' || variant.sepa !== null, {
          path: ['method'],
          message: 'errors.methodUnavailable',
        }),
    });
    if (submission.status !== 'success')
      return data({ result: submission.reply(), askPassword: false, error: null }, { status: 400 });
    const next = { days: Number(submission.value.noticeDays), method: submission.value.method };
    // A deferral that cannot be granted is refused here, before any fee is put in front of the debtor.
    const refusal = await checkAction('grantDeferral', actx);
    if (refusal) return agreementRefusal(variant, submission, refusal, returnPathOf(request));
    const fee = deferralOffer(ctx, next.days).terms.feeMinor > 0;
    if (fee) return go(path('agreement', next));
    if (next.method === '3') return go(path('mandate', next));
    return grant(submission, { noticeDays: next.days, method: next.method, feeAgreed: false });
  }

  if (intent === 'agreement') {
    const submission = parseWithZod(formData, { error: fieldError, schema: agreementSchema });
    if (submission.status !== 'success')
      return data({ result: submission.reply(), askPassword: false, error: null }, { status: 400 });
    if (!c.days || !c.method) return go(path('notice', {}));
    if (c.method === '3') return go(path('mandate', { ...c, agreed: true }));
    return grant(submission, { noticeDays: c.days, method: c.method, feeAgreed: true });
  }

  if (intent === 'mandate') {
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
    if (!c.days || c.method !== '3') return go(path('notice', {}));
    const v = submission.value;
    return grant(submission, {
      noticeDays: c.days,
      method: '3',
      feeAgreed: !feeApplies || c.agreed,
      mandate: { accountHolder: v.accountHolder, iban: v.iban, bic: v.bic ?? null },
      identity: { postalCode: v.postalCode, password: v.password },
    });
  }
  return go(path('notice', {}));
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type FlowData = Extract<LoaderData, { view: 'flow' }>;

export default function PayLater() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation(['instalments', 'common']);
  const { variant, locale } = useRootData()!;
  const date = (iso: string) => formatDate(iso, locale);
  const money = (minor: number) => formatMoney(minor, d.currency, locale);
  return (
    <div className="container page instalments">
      <div className="form-card">
        <h1>{t('payLater.title')}</h1>
        {d.view === 'alreadyGranted' ? (
          <div className="panel panel--warning" data-testid="deferral-already-granted">
            <p>{t('payLater.alreadyGranted')}</p>
            <p>{t('payLater.payUntil', { date: date(d.payBy) })}</p>
            <p>
              <Link to={href(variant, '/checkout/pay-direct')}>{t('payLater.payNow')}</Link>
            </p>
          </div>
        ) : null}
        {d.view === 'notPossible' ? <NotAvailable message={t('payLater.notPossible')} /> : null}
        {d.view === 'done' ? (
          <>
            <Stepper
              steps={[t('payLater.steps.notice'), t('payLater.steps.pay'), t('payLater.steps.done')]}
              current={2}
            />
            <div className="panel panel--success" role="status" data-testid="deferral-confirmation">
              <h2>{t('payLater.done.title')}</h2>
              <p>{t('payLater.payUntil', { date: date(d.payBy) })}</p>
              <p>{t('payLater.waiver')}</p>
              {d.feeMinor > 0 ? (
                <p>{t('payLater.done.fee', { fee: money(d.feeMinor), total: money(d.totalMinor) })}</p>
              ) : null}
              {d.feeMinor > 0 && d.feeNote ? (
                <p className="muted" data-testid="fee-note">
                  {t(`common:${d.feeNote}`, { amount: money(d.feeMinor) })}
                </p>
              ) : null}
              {d.hasEmail ? <p>{t('payLater.done.mail')}</p> : null}
            </div>
            {d.method === '3' ? (
              <>
                <p>{t('payLater.done.sepa', { date: date(d.payBy), amount: money(d.totalMinor) })}</p>
                {d.mandateReference ? (
                  <dl className="definition-list">
                    <dt>{t('mandate.reference')}</dt>
                    <dd className="fixed-text">{d.mandateReference}</dd>
                    <dt>{t('mandate.creditorId')}</dt>
                    <dd className="fixed-text">{d.creditorId}</dd>
                  </dl>
                ) : null}
                <p>
                  <Link className="button button--secondary" to={href(variant, '/sepa-mandate')}>
                    {t('mandate.print')}
                  </Link>
                </p>
              </>
            ) : (
              <>
                <p>{t('payLater.done.transfer', { date: date(d.payBy), amount: money(d.totalMinor) })}</p>
                <p>
                  <Link className="button" to={href(variant, '/checkout/pay-direct')}>
                    {t('payLater.done.transferDetails')}
                  </Link>
                </p>
              </>
            )}
            <p>
              <Link to={href(variant, '/dashboard')}>{t('back')}</Link>
            </p>
          </>
        ) : null}
        {d.view === 'flow' ? <Flow d={d} /> : null}
      </div>
    </div>
  );
}

function Flow({ d }: { d: FlowData }) {
  const { t } = useTranslation('instalments');
  const labels = d.feeApplies
    ? [t('payLater.steps.notice'), t('payLater.steps.agreement'), t('payLater.steps.pay'), t('payLater.steps.done')]
    : [t('payLater.steps.notice'), t('payLater.steps.pay'), t('payLater.steps.done')];
  const current = d.step === 'notice' ? 0 : d.step === 'agreement' ? 1 : d.feeApplies ? 2 : 1;
  return (
    <>
      <Stepper steps={labels} current={current} />
      {d.step === 'notice' ? <NoticeStep d={d} /> : null}
      {d.step === 'agreement' ? <AgreementStep d={d} /> : null}
      {d.step === 'mandate' ? <MandateStep d={d} /> : null}
    </>
  );
}

function useFormat(currency: string) {
  const { locale } = useRootData()!;
  return {
    locale,
    date: (iso: string) => formatDate(iso, locale),
    money: (minor: number) => formatMoney(minor, currency, locale),
  };
}

function NoticeStep({ d }: { d: Extract<FlowData, { step: 'notice' }> }) {
  const { t } = useTranslation('instalments');
  const { date, money } = useFormat(d.currency);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useForm({
    id: 'deferral-notice',
    lastResult: actionData?.result,
    constraint: getZodConstraint(noticeSchema),
    defaultValue: {
      noticeDays: d.carried.days
        ? String(d.carried.days)
        : d.suggestedDays
          ? String(d.suggestedDays)
          : d.noticeDays.length === 1
            ? String(d.noticeDays[0])
            : '',
      method: d.carried.method ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema: noticeSchema }),
  });
  const noticeError = fields.noticeDays.errors?.[0] ? t(fields.noticeDays.errors[0]) : undefined;
  const methodError = fields.method.errors?.[0] ? t(fields.method.errors[0]) : undefined;
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  return (
    <>
      <p className="lead">{t('payLater.lead', { total: money(d.totalMinor) })}</p>
      <p>{t('payLater.waiver')}</p>
      <h2>{t('payLater.costsTitle')}</h2>
      <p data-testid="deferral-costs">
        {d.feeApplies
          ? t('payLater.costs.fee', {
              fee: money(d.terms.feeMinor + d.terms.vatMinor),
              vat: money(d.terms.vatMinor),
              total: money(d.terms.totalMinor),
            })
          : t('payLater.costs.none')}
      </p>
      {d.feeApplies && d.feeNote ? (
        <p className="muted" data-testid="fee-note">
          {t(`common:${d.feeNote}`, { amount: money(d.terms.feeMinor + d.terms.vatMinor) })}
        </p>
      ) : null}
      <ErrorSummary
        errors={[
          ...(formError ? [{ fieldId: fields.noticeDays.id, message: formError }] : []),
          ...(noticeError ? [{ fieldId: fields.noticeDays.id, message: noticeError }] : []),
          ...(methodError ? [{ fieldId: fields.method.id, message: methodError }] : []),
        ]}
        round={rounds.round}
      />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input type="hidden" name="intent" value="notice" />
        <Choices
          id={fields.noticeDays.id}
          name={fields.noticeDays.name}
          legend={t('payLater.notice.legend')}
          defaultValue={String(fields.noticeDays.initialValue ?? '')}
          error={noticeError}
          options={d.optionDates.map((o) => ({
            value: String(o.days),
            label: t('payLater.notice.option', { days: o.days }),
            hint: t('payLater.notice.hint', { date: date(o.payBy) }),
          }))}
        />
        <Choices
          id={fields.method.id}
          name={fields.method.name}
          legend={t('payLater.method.legend')}
          defaultValue={String(fields.method.initialValue ?? '')}
          error={methodError}
          options={[
            { value: '6', label: t('method.transfer'), hint: t('payLater.method.transferHint') },
            ...(d.sepaOffered ? [{ value: '3', label: t('method.sepa'), hint: t('payLater.method.sepaHint') }] : []),
          ]}
        />
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {d.feeApplies ? t('next') : t('payLater.submit')}
        </button>
      </Form>
    </>
  );
}

function AgreementStep({ d }: { d: Extract<FlowData, { step: 'agreement' }> }) {
  const { t } = useTranslation('instalments');
  const { date, money } = useFormat(d.currency);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useForm({
    id: 'deferral-agreement',
    lastResult: actionData?.result,
    constraint: getZodConstraint(agreementSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema: agreementSchema }),
  });
  const error = fields.feeAgreed.errors?.[0] ? t(fields.feeAgreed.errors[0]) : undefined;
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  return (
    <>
      <h2>{t('payLater.agreement.title')}</h2>
      <dl className="definition-list costs">
        <dt>{t('costs.residualClaim')}</dt>
        <dd>{money(d.totalMinor)}</dd>
        <dt>{t('payLater.agreement.fee')}</dt>
        <dd>{money(d.terms.feeMinor)}</dd>
        {d.terms.vatMinor > 0 ? (
          <>
            <dt>{t('costs.vat')}</dt>
            <dd>{money(d.terms.vatMinor)}</dd>
          </>
        ) : null}
        <dt className="costs__total">{t('costs.total')}</dt>
        <dd className="costs__total">{money(d.terms.totalMinor)}</dd>
        <dt>{t('payLater.agreement.payBy')}</dt>
        <dd>{date(d.terms.payBy)}</dd>
      </dl>
      {d.feeNote ? (
        <p className="muted" data-testid="fee-note">
          {t(`common:${d.feeNote}`, { amount: money(d.terms.feeMinor + d.terms.vatMinor) })}
        </p>
      ) : null}
      <ErrorSummary
        errors={[
          ...(formError ? [{ fieldId: fields.feeAgreed.id, message: formError }] : []),
          ...(error ? [{ fieldId: fields.feeAgreed.id, message: error }] : []),
        ]}
        round={rounds.round}
      />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input type="hidden" name="intent" value="agreement" />
        <CheckboxField
          {...getInputProps(fields.feeAgreed, { type: 'checkbox' })}
          key={fields.feeAgreed.key}
          label={t('payLater.agreement.consent', { fee: money(d.terms.feeMinor + d.terms.vatMinor) })}
          error={error}
          required
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
            {t('payLater.submit')}
          </button>
          <Link
            className="button button--secondary"
            to={`?step=notice&days=${d.carried.days}&method=${d.carried.method}`}
          >
            {t('previous')}
          </Link>
        </div>
      </Form>
    </>
  );
}

function MandateStep({ d }: { d: Extract<FlowData, { step: 'mandate' }> }) {
  const { t } = useTranslation('instalments');
  const actionData = useActionData<typeof action>();
  return (
    <MandateForm
      id="deferral-mandate"
      intent="mandate"
      schema={mandateSchema}
      lead={t('payLater.mandateLead')}
      submitLabel={t('mandate.submitDeferral')}
      parties={d}
      targetDate={d.terms.payBy}
      actionData={actionData}
    />
  );
}
