import { paidPaymentView } from '#server/payments/paid-view.ts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { statusView } from '#server/claims/rules.ts';
import { paymentFeedbackGiven } from '#server/payments/checkout.ts';
import { withBase } from '#server/variants/resolve.ts';
import { toneClass } from '~/components/claim/tone';
import { FeedbackCard, PaymentSummaryCard } from '~/components/checkout/PaymentSummary';
import { Stepper } from '~/components/ui/Stepper';
import { actionContext, runAction } from '~/lib/actions.server';
import { checkoutContext, ownPayment, pathForPayment } from '~/lib/checkout.server';
import { formatDate, formatMoney } from '~/lib/format';
import { documentTitle } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useStepFocus } from '~/lib/use-step-focus';
import { useRootData } from '~/root';
import checkoutStyles from '~/styles/checkout.css?url';
import { readForm } from '~/lib/form.server';
import { privatePageMeta, stylesheets } from '~/lib/meta';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Confirmation after a payment (spec 2.5): the status is read again after the payment returned
 * (section 4.2 "After a payment returns, the claim status is refreshed and instalment data
 * reloaded"), the new open amount, what comes next (after a down payment: the plan), and the
 * optional payment feedback (stars and comment; table feedback, source `payment`).
 */
const feedbackSchema = z.object({
  stars: z.coerce.number().int().min(1).max(5).optional(),
  comment: z.string().trim().max(1000).optional(),
});

export const handle = { i18n: ['common', 'checkout', 'claim'] };
export const links = stylesheets(checkoutStyles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t: tr, session, facts, today } = await checkoutContext(request, params, context);
  const payment = await ownPayment(session.fileId, params.paymentId);
  if (payment.status !== 'paid')
    throw redirect(withBase(variant, pathForPayment(payment) ?? `/checkout/pay-direct/payment/${payment.id}`));
  const status = statusView(facts, today);
  return {
    title: documentTitle(tr('done.title'), variant.brand.name),
    payment: paidPaymentView(payment),
    openMinor: Math.max(0, facts.totalMinor),
    status,
    planActive: facts.plan?.status === 'active',
    nextInstalment: facts.plan?.status === 'active' ? facts.plan.next : null,
    feedbackGiven: await paymentFeedbackGiven({
      fileId: session.fileId,
      source: 'payment',
      since: payment.createdAt,
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, session, language } = await checkoutContext(request, params);
  const payment = await ownPayment(session.fileId, params.paymentId, false);
  const parsed = feedbackSchema.safeParse(
    Object.fromEntries([...(await readForm(request))].filter(([, v]) => v !== '')),
  );
  if (!parsed.success) return data({ sent: false }, { status: 400 });
  // Nothing to say is no feedback; feedback given before stays as it was (the action keeps one per payment).
  if (parsed.data.stars || parsed.data.comment) {
    const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
    await runAction('givePaymentFeedback', ctx, { paymentId: payment.id, ...parsed.data });
  }
  return { sent: true };
}

export default function Confirmation() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['checkout', 'claim', 'common']);
  const p = d.payment;
  const money = (minor: number) => formatMoney(minor, p.currency, locale);
  // The inline feedback sent: its heading takes focus and its thanks are in view.
  const feedbackHeading = useStepFocus<HTMLHeadingElement>(Boolean(actionData?.sent));
  return (
    <div className="container page">
      <Stepper steps={[t('steps.method'), t('steps.pay'), t('steps.done')]} current={2} />
      <div className="panel panel--success" role="status">
        <h1>{t('done.title')}</h1>
        <p>{t('done.text', { amount: money(p.amountMinor), date: formatDate(p.paidAt, locale) })}</p>
      </div>
      <div className="grid grid-2 checkout-grid">
        <PaymentSummaryCard headingId="done-summary" payment={p} locale={locale} />
        <section className="card" aria-labelledby="done-status">
          <h2 id="done-status">{t('done.statusTitle')}</h2>
          <p>
            <span className={toneClass[d.status.tone]} data-testid="status-label">
              {t(`claim:${d.status.labelKey}`, { date: formatDate(d.status.date, locale) })}
            </span>
          </p>
          <dl className="definition-list">
            <dt>{t('done.open')}</dt>
            <dd data-testid="open-after">{money(d.openMinor)}</dd>
            {d.nextInstalment ? (
              <>
                <dt>{t('done.nextInstalment')}</dt>
                <dd>
                  {t('done.nextInstalmentValue', {
                    amount: money(d.nextInstalment.amountMinor),
                    date: formatDate(d.nextInstalment.dueOn, locale),
                  })}
                </dd>
              </>
            ) : null}
          </dl>
          {p.purpose === 'downPayment' && d.planActive ? <p>{t('done.planActive')}</p> : null}
          <ButtonLinkLine to={href(variant, d.planActive ? '/installment-plan' : '/dashboard')}>
            {t(d.planActive ? 'done.toPlan' : 'backToDashboard')}
          </ButtonLinkLine>
          {d.planActive ? (
            <p>
              <Link to={href(variant, '/dashboard')}>{t('backToDashboard')}</Link>
            </p>
          ) : null}
        </section>
      </div>

      <FeedbackCard
        id="feedback"
        headingRef={feedbackHeading}
        text={{
          title: t('feedback.title'),
          thanks: t('feedback.thanks'),
          stars: t('feedback.question'),
          comment: t('feedback.comment'),
          send: t('feedback.send'),
        }}
        sent={Boolean(actionData?.sent || d.feedbackGiven)}
      />
    </div>
  );
}
