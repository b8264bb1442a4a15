export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
/**
 * Skip an instalment (spec 2.1, 4.3): offered only rarely (the claim rules' showSkipInstallment:
 * an active plan, no skip used yet, nothing overdue), confirmed by the debtor; the next
 * instalment is then expected as agreed. A repeated submit finds the skip already made.
 */
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loadPlanForPage } from '#server/instalments/plan-view.ts';
import { skipOffered } from '#server/instalments/skip.ts';
import { withBase } from '#server/variants/resolve.ts';
import { NotAvailable } from '~/components/instalments/NotAvailable';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { formatDate, formatMoney } from '~/lib/format';
import { instalmentPage } from '~/lib/instalments.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useStepFocus } from '~/lib/use-step-focus';
import { useRootData } from '~/root';
import styles from '~/styles/instalments.css?url';
import { readForm } from '~/lib/form.server';
import { actionContext, runAction } from '~/lib/actions.server';
import { useZodForm } from '~/lib/use-zod-form';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { privatePageMeta, stylesheets } from '~/lib/meta';
import { FormCheckboxField } from '~/components/forms/FormField';

const skipSchema = z.object({ confirm: z.literal('on', { error: 'skip.errors.confirm' }) });

export const handle = { i18n: ['common', 'instalments'] };
export const links = stylesheets(styles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t, session, ctx } = await instalmentPage(request, params, { guards: 'agreement', context });
  const plan = await loadPlanForPage(session.fileId);
  const base = { title: documentTitle(t('skip.title'), variant.brand.name), currency: ctx.facts.currency };
  const open = plan?.rows.filter((r) => !r.paid && !r.skipped) ?? [];
  const skipped = plan?.rows.find((r) => r.skipped && !r.paid) ?? null;
  if (plan && plan.skipsUsed > 0 && skipped) {
    return {
      ...base,
      view: 'done' as const,
      skipped: { position: skipped.position, dueOn: skipped.dueOn, amountMinor: skipped.amountMinor },
      next: open[0] ? { dueOn: open[0].dueOn, amountMinor: open[0].amountMinor } : null,
    };
  }
  if (!plan || !skipOffered(ctx) || !open[0]) return { ...base, view: 'notOffered' as const };
  return {
    ...base,
    view: 'offer' as const,
    current: { position: open[0].position, dueOn: open[0].dueOn, amountMinor: open[0].amountMinor },
    next: open[1] ? { dueOn: open[1].dueOn, amountMinor: open[1].amountMinor } : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language, session } = await instalmentPage(request, params, { guards: 'agreement' });
  const submission = parseWithZod(await readForm(request), { error: fieldError, schema: skipSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const result = await runAction('skipInstalment', ctx, {});
  // Skipped now or by the same submit a moment ago: the page shows the skip that was made.
  if (result.ok || (result.kind === 'refused' && result.reason === 'alreadySkipped'))
    return redirect(withBase(variant, '/skip-installment'));
  return data({ result: submission.reply({ formErrors: ['skip.errors.notOffered'] }) }, { status: 409 });
}

export default function SkipInstallment() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['instalments', 'common']);
  const { variant, locale } = useRootData()!;
  const rounds = useSubmissionRounds(actionData);
  const date = (iso: string) => formatDate(iso, locale);
  const money = (minor: number) => formatMoney(minor, d.currency, locale);
  // Skipped: the page's heading takes focus and the confirmation is shown from the top.
  const heading = useStepFocus<HTMLHeadingElement>(d.view);
  const [form, fields] = useZodForm({
    id: 'skip-installment',
    schema: skipSchema,
    lastResult: actionData?.result,
  });
  const error = fields.confirm.errors?.[0] ? t(fields.confirm.errors[0]) : undefined;
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  return (
    <div className="container page instalments">
      <div className="form-card">
        <h1 ref={heading}>{t('skip.title')}</h1>
        {d.view === 'notOffered' ? <NotAvailable message={t('skip.errors.notOffered')} /> : null}
        {d.view === 'done' ? (
          <div className="panel panel--success" role="status" data-testid="skip-confirmation">
            <h2>{t('skip.done.title')}</h2>
            <p>{t('skip.done.text', { position: d.skipped.position, date: date(d.skipped.dueOn) })}</p>
            {d.next ? (
              <p>{t('skip.done.next', { date: date(d.next.dueOn), amount: money(d.next.amountMinor) })}</p>
            ) : null}
            <p>{t('skip.owed', { amount: money(d.skipped.amountMinor) })}</p>
          </div>
        ) : null}
        {d.view === 'offer' ? (
          <>
            <p className="lead">{t('skip.lead')}</p>
            <dl className="definition-list">
              <dt>{t('skip.current')}</dt>
              <dd>
                {t('skip.instalment', {
                  position: d.current.position,
                  date: date(d.current.dueOn),
                  amount: money(d.current.amountMinor),
                })}
              </dd>
              {d.next ? (
                <>
                  <dt>{t('skip.nextLabel')}</dt>
                  <dd>{t('skip.thenExpected', { date: date(d.next.dueOn), amount: money(d.next.amountMinor) })}</dd>
                </>
              ) : null}
            </dl>
            <p>{t('skip.owed', { amount: money(d.current.amountMinor) })}</p>
            <p>{t('skip.costs')}</p>
            <ErrorSummary
              errors={[
                ...(formError ? [{ fieldId: fields.confirm.id, message: formError }] : []),
                ...(error ? [{ fieldId: fields.confirm.id, message: error }] : []),
              ]}
              round={rounds.round}
            />
            <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
              <FormCheckboxField
                meta={fields.confirm}
                label={t('skip.confirm', { position: d.current.position })}
                error={error}
                required
              />
              <SubmitButton>{t('skip.submit')}</SubmitButton>
            </Form>
          </>
        ) : null}
        <p>
          <Link to={href(variant, '/installment-plan')}>{t('payInstalments.toPlan')}</Link> ·{' '}
          <Link to={href(variant, '/dashboard')}>{t('back')}</Link>
        </p>
      </div>
    </div>
  );
}
