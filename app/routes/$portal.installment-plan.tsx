/**
 * The repayment plan (spec 2.1, 3): the agreed costs in writing, every row with its state, and
 * "send by e-mail", which writes the plan mail into the outbox and answers on a fresh page
 * (post/redirect/get), so a reload never sends it twice.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { and, eq } from 'drizzle-orm';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getDatabase } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { loadPlan, mailPlan } from '#server/instalments/service.ts';
import { withBase } from '#server/variants/resolve.ts';
import { Costs } from '~/components/instalments/Costs';
import { PlanTable } from '~/components/instalments/PlanTable';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Field } from '~/components/ui/Field';
import { instalmentPage } from '~/lib/instalments.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import styles from '~/styles/instalments.css?url';

const mailSchema = z.object({
  email: z.string({ error: 'plan.errors.emailRequired' }).trim().min(1, 'plan.errors.emailRequired').email('plan.errors.emailInvalid').max(254, 'plan.errors.emailInvalid'),
});

export const handle = { i18n: ['common', 'instalments'] };
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t, session, ctx } = await instalmentPage(request, params, { guards: 'agreement' });
  const db = await getDatabase();
  const plan = await loadPlan(db, session.fileId);
  if (!plan) throw redirect(`${withBase(variant, '/checkout/unavailable')}?reason=noPlan`);
  const sentId = Number(new URL(request.url).searchParams.get('sent'));
  let sentTo: string | null = null;
  if (Number.isInteger(sentId) && sentId > 0) {
    const [mail] = await db
      .select({ to: schema.mailOutbox.toAddress })
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.id, sentId), eq(schema.mailOutbox.fileId, session.fileId), eq(schema.mailOutbox.template, 'instalmentPlan')));
    sentTo = mail?.to ?? null;
  }
  return { title: documentTitle(t('plan.title'), variant.brand.name), plan, currency: ctx.facts.currency, email: ctx.debtor.email ?? '', sentTo };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: 'robots', content: 'noindex' }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language, session } = await instalmentPage(request, params, { guards: 'agreement' });
  const submission = parseWithZod(await request.formData(), { schema: mailSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const result = await mailPlan(await getDatabase(), session, submission.value.email, { clientAddress: context.clientAddress, language });
  if (!result.ok) return data({ result: submission.reply({ formErrors: ['plan.errors.noPlan'] }) }, { status: 409 });
  return redirect(`${withBase(variant, '/installment-plan')}?sent=${result.mailId}`);
}

export default function InstallmentPlan() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(['instalments', 'common']);
  const { variant, locale } = useRootData()!;
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useForm({
    id: 'plan-mail',
    lastResult: actionData?.result,
    constraint: getZodConstraint(mailSchema),
    defaultValue: { email: d.email },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mailSchema }),
  });
  const error = fields.email.errors?.[0] ? t(fields.email.errors[0]) : undefined;
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  const plan = d.plan;
  return (
    <div className="container page instalments">
      <h1>{t('plan.title')}</h1>
      <p className="lead">{t(plan.status === 'active' ? 'plan.statusActive' : 'plan.statusPending')}</p>
      {plan.isSepa ? <p>{t('plan.sepaNote')}</p> : null}
      <div className="grid grid-2">
        <section className="card" aria-labelledby="plan-costs-heading">
          <h2 id="plan-costs-heading">{t('overview.costsTitle')}</h2>
          <Costs {...plan} currency={d.currency} locale={locale} />
        </section>
        <section className="card no-print" aria-labelledby="plan-mail-heading">
          <h2 id="plan-mail-heading">{t('plan.mailTitle')}</h2>
          {d.sentTo ? (
            <div className="panel panel--success" role="status" data-testid="plan-mail-sent">
              <p>{t('plan.sent', { email: d.sentTo })}</p>
            </div>
          ) : (
            <p>{t('plan.mailLead')}</p>
          )}
          <ErrorSummary errors={[...(formError ? [{ fieldId: fields.email.id, message: formError }] : []), ...(error ? [{ fieldId: fields.email.id, message: error }] : [])]} round={rounds.round} />
          <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
            <Field {...getInputProps(fields.email, { type: 'email' })} key={fields.email.key} label={t('plan.email')} error={error} autoComplete="email" spellCheck={false} required />
            <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
              {t('plan.send')}
            </button>
          </Form>
        </section>
      </div>
      <h2>{t('overview.planTitle')}</h2>
      <PlanTable rows={plan.rows} currency={d.currency} locale={locale} caption={t('overview.tableCaption')} />
      <div className="button-row no-print">
        {plan.isSepa ? (
          <Link className="button button--secondary" to={href(variant, '/sepa-mandate')}>
            {t('mandate.print')}
          </Link>
        ) : null}
        <Link className="button button--secondary" to={href(variant, '/dashboard')}>
          {t('back')}
        </Link>
      </div>
    </div>
  );
}
