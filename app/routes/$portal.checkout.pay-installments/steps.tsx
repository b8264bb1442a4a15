/** The flow's steps after the amount: the first date, the overview, the method, the SEPA mandate. */
import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { FormChoices } from '~/components/instalments/Choices';
import { Costs } from '~/components/instalments/Costs';
import { MandateForm } from '~/components/instalments/mandate';
import { PlanOverview } from '~/components/instalments/PlanOverview';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Stepper } from '~/components/ui/Stepper';
import { useSubmissionRounds } from '~/lib/use-submission';
import { carriedQuery, type Carried, type Step } from './address';
import { AmountStepKeyed } from './amount-step';
import { dateSchema, mandateSchema, methodSchema } from './schemas';
import { type FlowData, stepLabels, useMoney, useWizardAction, useWizardData } from './shared';
import { useZodForm } from '~/lib/use-zod-form';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { FormCheckboxField, FormField } from '~/components/forms/FormField';

/** The page's own links to a step: the choices made, without the method. */
function pageLink(c: Carried, step: Step) {
  return carriedQuery({ ...c, method: null }, step);
}

export function Flow({ d }: { d: FlowData }) {
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

function DateStep({ d }: { d: Extract<FlowData, { step: 'date' }> }) {
  const { t } = useTranslation('instalments');
  const { date } = useMoney();
  const actionData = useWizardAction();
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id: 'instalment-date',
    schema: dateSchema,
    lastResult: actionData?.result,
    defaultValue: { firstDueOn: d.carried.first ?? d.firstDue.earliest },
  });
  const range = { from: date(d.firstDue.earliest), to: date(d.firstDue.latest) };
  const error = fields.firstDueOn.errors?.[0] ? t(fields.firstDueOn.errors[0], range) : undefined;
  return (
    <>
      <p className="lead">{t('date.lead')}</p>
      <ErrorSummary errors={error ? [{ fieldId: fields.firstDueOn.id, message: error }] : []} round={rounds.round} />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input type="hidden" name="intent" value="date" />
        <FormField
          meta={fields.firstDueOn}
          type="date"
          label={t('date.label')}
          hint={t('date.hint', range)}
          min={d.firstDue.earliest}
          max={d.firstDue.latest}
          error={error}
          required
        />
        <div className="button-row">
          <SubmitButton>{t('next')}</SubmitButton>
          <Link className="button button--secondary" to={pageLink({ ...d.carried, first: null }, 'amount')}>
            {t('previous')}
          </Link>
        </div>
      </Form>
    </>
  );
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
        <Link className="button" to={pageLink(d.carried, 'method')}>
          {t('next')}
        </Link>
        <Link className="button button--secondary" to={pageLink(d.carried, 'date')}>
          {t('previous')}
        </Link>
      </div>
    </>
  );
}

export function MethodStep({
  d,
  intent,
}: {
  d: { carried?: Carried; quote?: Extract<FlowData, { step: 'method' }>['quote'] };
  intent: 'method' | 'continueMethod';
}) {
  const { t } = useTranslation('instalments');
  const { money } = useMoney();
  const actionData = useWizardAction();
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id: `instalment-${intent}`,
    schema: methodSchema,
    lastResult: actionData?.result,
    defaultValue: { method: d.carried?.method ?? '' },
  });
  const methodError = fields.method.errors?.[0] ? t(fields.method.errors[0]) : undefined;
  const agreeError = fields.agree.errors?.[0] ? t(fields.agree.errors[0]) : undefined;
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  const q = d.quote;
  const { methods } = useWizardData() as { methods: string[] };
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
        <FormChoices
          meta={fields.method}
          legend={t('method.legend')}
          error={methodError}
          options={[
            { value: '3', label: t('method.sepa'), hint: t('method.sepaHint') },
            { value: '6', label: t('method.transfer'), hint: t('method.transferHint') },
            { value: 'online', label: t('method.online'), hint: t('method.onlineHint') },
          ].filter((option) => methods.includes(option.value))}
        />
        <FormCheckboxField meta={fields.agree} label={t('method.agree')} error={agreeError} required />
        <div className="button-row">
          <SubmitButton>{t('method.submit')}</SubmitButton>
          {d.carried ? (
            <Link className="button button--secondary" to={pageLink(d.carried, 'overview')}>
              {t('previous')}
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}

export function MandateStep({
  d,
  intent,
}: {
  d: { carried?: Carried; holder: string; creditor: string; creditorId: string; targetDate: string };
  intent: 'mandate' | 'continueMandate';
}) {
  const { t } = useTranslation('instalments');
  const actionData = useWizardAction();
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
            <Link className="button button--secondary" to={pageLink(d.carried, 'method')}>
              {t('previous')}
            </Link>
          ) : null}
        </div>
      )}
    />
  );
}
