export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
/**
 * Pay later (spec 2.5, 4.3, 8, 9): choose the payment notice (30 days) and how the claim will be
 * paid; the payment-agreement step only when a fee applies (its costs in writing first); for
 * SEPA direct debit (3) the mandate, for bank transfer (6) only the pay step; then the
 * confirmation with the date. A deferral is granted once: a second visit says so.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { offeredMethods } from '#server/instalments/context.ts';
import { addDays } from '#server/instalments/dates.ts';
import { deferralMethods, type DeferralMethod } from '#server/instalments/options.ts';
import { noticeForDate } from '#server/instalments/plan.ts';
import { deferralOffer, grantedDeferralView } from '#server/instalments/deferral.ts';
import { withBase } from '#server/variants/resolve.ts';
import { agreementSchema, mandateSchema, noticeSchema, PayLaterFlow } from '~/components/instalments/PayLaterFlow';
import { NotAvailable } from '~/components/instalments/NotAvailable';
import { Stepper } from '~/components/ui/Stepper';
import { formatDate, formatMoney } from '~/lib/format';
import { agreementPageFacts, agreementRefusal, instalmentPage } from '~/lib/instalments.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import styles from '~/styles/instalments.css?url';
import { readForm } from '~/lib/form.server';
import { actionContext, checkAction, returnPathOf, runAction } from '~/lib/actions.server';
import { readLinkSlots } from '../../intents/links.ts';
import { privatePageMeta, stylesheets } from '~/lib/meta';
import { FeeNote } from '~/components/instalments/Costs';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';

export const handle = { i18n: ['common', 'instalments'] };
export const links = stylesheets(styles);

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
  const base = agreementPageFacts(
    { variant, ctx },
    documentTitle(t('payLater.title'), variant.brand.name),
    'settlementFee',
  );
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

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

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
        // Only a method the file may choose: direct debit where the variant offers it (decision
        // 027), and what the file's terms leave (decision 103).
        .refine((v) => offeredMethods(deferralMethods, ctx, 'extension').includes(v.method), {
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
              {d.feeMinor > 0 ? <FeeNote note={d.feeNote} amount={money(d.feeMinor)} /> : null}
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
                <ButtonLinkLine to={href(variant, '/sepa-mandate')} secondary>
                  {t('mandate.print')}
                </ButtonLinkLine>
              </>
            ) : (
              <>
                <p>{t('payLater.done.transfer', { date: date(d.payBy), amount: money(d.totalMinor) })}</p>
                <ButtonLinkLine to={href(variant, '/checkout/pay-direct')}>
                  {t('payLater.done.transferDetails')}
                </ButtonLinkLine>
              </>
            )}
            <p>
              <Link to={href(variant, '/dashboard')}>{t('back')}</Link>
            </p>
          </>
        ) : null}
        {d.view === 'flow' ? <PayLaterFlow d={d} /> : null}
      </div>
    </div>
  );
}
