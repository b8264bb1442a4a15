export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
/**
 * The repayment plan (spec 2.1, 3): the agreed costs in writing, every row with its state, and
 * "send by e-mail", which writes the plan mail into the outbox and answers on a fresh page
 * (post/redirect/get), so a reload never sends it twice.
 */
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { feeExplanationKey } from '#server/instalments/config.ts';
import { planPageView } from '#server/instalments/plan-view.ts';
import { withBase } from '#server/variants/resolve.ts';
import { Costs } from '~/components/instalments/Costs';
import { AgreedPlanSchedule } from '~/components/instalments/PlanOverview';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { RateLimitMessage, useRateLimitError } from '~/components/ui/RateLimitMessage';
import { formatDate, formatMoney } from '~/lib/format';
import { instalmentPage } from '~/lib/instalments.server';
import { tooManyRequests } from '~/lib/rate-limit.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useRootData } from '~/root';
import styles from '~/styles/instalments.css?url';
import { readForm } from '~/lib/form.server';
import { actionContext, runAction } from '~/lib/actions.server';
import { useZodForm } from '~/lib/use-zod-form';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { StoredAddressOffer } from '~/components/forms/StoredAddressOffer';
import { privatePageMeta, stylesheets } from '~/lib/meta';
import { FormField } from '~/components/forms/FormField';

const mailSchema = z.object({
  email: z
    .string({ error: 'plan.errors.emailRequired' })
    .trim()
    .min(1, 'plan.errors.emailRequired')
    .email('plan.errors.emailInvalid')
    .max(254, 'plan.errors.emailInvalid'),
});

const storedSchema = z.object({ recipient: z.literal('stored') });

export const handle = { i18n: ['common', 'instalments'] };
export const links = stylesheets(styles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t, session, ctx } = await instalmentPage(request, params, { guards: 'agreement', context });
  const view = await planPageView(session.fileId, Number(new URL(request.url).searchParams.get('sent')));
  if (!view) throw redirect(`${withBase(variant, '/checkout/unavailable')}?reason=noPlan`);
  const { plan, sentTo } = view;
  // A reference-only session never sees an e-mail address (decision 018): it can only send the
  // plan to the stored one, and learns that it went there.
  const full = session.level === 'full';
  return {
    title: documentTitle(t('plan.title'), variant.brand.name),
    plan,
    // What is open today is the file's balance (fees included), the one figure every page shows.
    openMinor: Math.max(0, ctx.facts.totalMinor),
    paidMinor: plan.rows.filter((r) => r.paid).reduce((sum, r) => sum + r.amountMinor, 0),
    today: ctx.today,
    feeNote: feeExplanationKey(variant.id, 'instalmentFee'),
    currency: ctx.facts.currency,
    full,
    email: full ? (ctx.debtor.email ?? '') : '',
    hasStoredAddress: Boolean(ctx.debtor.email),
    sentTo: full ? sentTo : null,
    sentToStored: !full && sentTo !== null,
    stepUpHref: `${withBase(variant, '/signin')}?returnTo=${encodeURIComponent(withBase(variant, '/installment-plan'))}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language, session } = await instalmentPage(request, params, { guards: 'agreement' });
  const formData = await readForm(request);
  // "Send to my address on file" names no address; the server decides which is allowed (018).
  const toStored = formData.get('recipient') === 'stored';
  const submission = parseWithZod(formData, { error: fieldError, schema: toStored ? storedSchema : mailSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const email = 'email' in submission.value ? submission.value.email : null;
  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const result = await runAction('mailPlan', ctx, { email });
  if (!result.ok && result.kind === 'refused' && result.reason === 'rateLimited')
    return tooManyRequests({ result: submission.reply() }, { retryAfterSeconds: result.retryAfterSeconds ?? 60 });
  if (!result.ok) {
    const [message, status] =
      result.kind === 'stepUp'
        ? (['common:shell.stepUp.needsFullLogin', 403] as const)
        : result.kind === 'refused' && result.reason === 'noAddress'
          ? (['common:shell.stepUp.noStoredAddress', 409] as const)
          : (['plan.errors.noPlan', 409] as const);
    return data({ result: submission.reply({ formErrors: [message] }) }, { status });
  }
  return redirect(`${withBase(variant, '/installment-plan')}?sent=${result.value.mailId}`);
}

export default function InstallmentPlan() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['instalments', 'common']);
  const { locale } = useRootData()!;
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id: 'plan-mail',
    schema: mailSchema,
    lastResult: actionData?.result,
    defaultValue: { email: d.email },
  });
  const error = fields.email.errors?.[0] ? t(fields.email.errors[0]) : undefined;
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  const limited = useRateLimitError(actionData, form.id);
  const plan = d.plan;
  return (
    <div className="container page instalments">
      <h1>{t('plan.title')}</h1>
      <p className="lead">{t(plan.status === 'active' ? 'plan.statusActive' : 'plan.statusPending')}</p>
      {plan.isSepa ? <p>{t('plan.sepaNote')}</p> : null}
      <div className="grid grid-2">
        <section className="card" aria-labelledby="plan-costs-heading">
          <h2 id="plan-costs-heading">{t('overview.costsTitle')}</h2>
          <dl className="definition-list costs" data-testid="plan-today">
            <dt>{t('plan.openToday', { date: formatDate(d.today, locale) })}</dt>
            <dd className="costs__total" data-testid="plan-open">
              {formatMoney(d.openMinor, d.currency, locale)}
            </dd>
            <dt>{t('plan.paidSoFar')}</dt>
            <dd>{formatMoney(d.paidMinor, d.currency, locale)}</dd>
          </dl>
          <h3>{t('plan.agreedTitle')}</h3>
          <Costs {...plan} agreed feeNote={d.feeNote} currency={d.currency} locale={locale} />
        </section>
        <section className="card no-print" aria-labelledby="plan-mail-heading">
          <h2 id="plan-mail-heading">{t('plan.mailTitle')}</h2>
          {d.sentTo || d.sentToStored ? (
            <div className="panel panel--success" role="status" data-testid="plan-mail-sent">
              <p>{d.sentTo ? t('plan.sent', { email: d.sentTo }) : t('common:shell.stepUp.sentToStored')}</p>
            </div>
          ) : (
            <p>{t('plan.mailLead')}</p>
          )}
          {d.full ? (
            <>
              <ErrorSummary
                errors={[
                  ...(formError ? [{ fieldId: fields.email.id, message: formError }] : []),
                  ...(error ? [{ fieldId: fields.email.id, message: error }] : []),
                  ...(limited ? [limited] : []),
                ]}
                round={rounds.round}
              />
              <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
                <FormField
                  meta={fields.email}
                  type="email"
                  label={t('plan.email')}
                  error={error}
                  autoComplete="email"
                  spellCheck={false}
                  required
                />
                <RateLimitMessage error={limited} />
                <SubmitButton>{t('plan.send')}</SubmitButton>
              </Form>
            </>
          ) : (
            <StoredAddressOffer
              offer={d}
              linkClassName="button button--secondary"
              notice={
                <>
                  {formError ? (
                    <p className="panel panel--warning" role="alert">
                      {formError}
                    </p>
                  ) : null}
                  <RateLimitMessage error={limited} />
                </>
              }
            />
          )}
        </section>
      </div>
      <h2>{t('overview.planTitle')}</h2>
      <AgreedPlanSchedule
        rows={plan.rows}
        isSepa={plan.isSepa}
        currency={d.currency}
        rowClassName="button-row no-print"
      />
    </div>
  );
}
