import { useActionData, type useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { deferralMethods } from '#server/instalments/options.ts';
import { CheckedForm } from '~/components/forms/CheckedForm';
import { FormChoices } from '~/components/instalments/Choices';
import { FeeNote } from '~/components/instalments/Costs';
import { MandateForm, mandateFields } from '~/components/instalments/mandate';
import { Stepper } from '~/components/ui/Stepper';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { firstError, summaryOf } from '~/lib/field-errors';
import { formatDate, formatMoney } from '~/lib/format';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useZodForm } from '~/lib/use-zod-form';
import { useRootData } from '~/root';
import type { action, loader } from '~/routes/$portal.checkout.pay-later';
import { FormCheckboxField } from '~/components/forms/FormField';

// The pay-later journey's steps (app/routes/$portal.checkout.pay-later.tsx) and their forms' schemas.

export const noticeSchema = z.object({
  intent: z.literal('notice'),
  noticeDays: z.string({ error: 'errors.noticeRequired' }).regex(/^\d{1,3}$/, 'errors.noticeRequired'),
  method: z.enum(deferralMethods, { error: 'errors.methodRequired' }),
});
export const agreementSchema = z.object({
  intent: z.literal('agreement'),
  feeAgreed: z.literal('on', { error: 'errors.feeAgree' }),
});
export const mandateSchema = z.object({ intent: z.literal('mandate'), ...mandateFields });

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type FlowData = Extract<LoaderData, { view: 'flow' }>;

/** The steps of a deferral: the notice and the method, the fee's agreement where one applies, the mandate for direct debit. */
export function PayLaterFlow({ d }: { d: FlowData }) {
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

/** Dates and amounts in the page's language and the file's currency. */
function useFormat(currency: string) {
  const { locale } = useRootData()!;
  return {
    locale,
    date: (iso: string) => formatDate(iso, locale),
    money: (minor: number) => formatMoney(minor, currency, locale),
  };
}

/**
 * A step's form, answering the pay-later action's last reply, and `message`, which words a list of
 * error keys (its first) from the instalments texts.
 */
function useStepForm<Input extends Record<string, unknown>, Output>(
  options: Omit<Parameters<typeof useZodForm<Input, Output>>[0], 'lastResult'>,
) {
  const { t } = useTranslation('instalments');
  const actionData = useActionData<typeof action>();
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm<Input, Output>({ ...options, lastResult: actionData?.result });
  const message = (keys: string[] | undefined) => firstError(keys, (key) => t(key));
  return { form, fields, rounds, message };
}

function NoticeStep({ d }: { d: Extract<FlowData, { step: 'notice' }> }) {
  const { t } = useTranslation('instalments');
  const { date, money } = useFormat(d.currency);
  const { form, fields, rounds, message } = useStepForm({
    id: 'deferral-notice',
    schema: noticeSchema,
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
  });
  const noticeError = message(fields.noticeDays.errors);
  const methodError = message(fields.method.errors);
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
      {d.feeApplies ? <FeeNote note={d.feeNote} amount={money(d.terms.feeMinor + d.terms.vatMinor)} /> : null}
      <CheckedForm
        form={form}
        rounds={rounds}
        errors={summaryOf(form.errors?.slice(0, 1), fields.noticeDays, [fields.noticeDays, fields.method], message)}
        className="card"
      >
        <input type="hidden" name="intent" value="notice" />
        <FormChoices
          meta={fields.noticeDays}
          legend={t('payLater.notice.legend')}
          error={noticeError}
          options={d.optionDates.map((o) => ({
            value: String(o.days),
            label: t('payLater.notice.option', { days: o.days }),
            hint: t('payLater.notice.hint', { date: date(o.payBy) }),
          }))}
        />
        <FormChoices
          meta={fields.method}
          legend={t('payLater.method.legend')}
          error={methodError}
          options={[
            { value: '6', label: t('method.transfer'), hint: t('payLater.method.transferHint') },
            { value: '3', label: t('method.sepa'), hint: t('payLater.method.sepaHint') },
          ].filter((option) => d.methods.includes(option.value))}
        />
        <SubmitButton>{d.feeApplies ? t('next') : t('payLater.submit')}</SubmitButton>
      </CheckedForm>
    </>
  );
}

function AgreementStep({ d }: { d: Extract<FlowData, { step: 'agreement' }> }) {
  const { t } = useTranslation('instalments');
  const { date, money } = useFormat(d.currency);
  const { form, fields, rounds, message } = useStepForm({ id: 'deferral-agreement', schema: agreementSchema });
  const error = message(fields.feeAgreed.errors);
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
      <FeeNote note={d.feeNote} amount={money(d.terms.feeMinor + d.terms.vatMinor)} />
      <CheckedForm
        form={form}
        rounds={rounds}
        errors={summaryOf(form.errors?.slice(0, 1), fields.feeAgreed, [fields.feeAgreed], message)}
        className="card"
      >
        <input type="hidden" name="intent" value="agreement" />
        <FormCheckboxField
          meta={fields.feeAgreed}
          label={t('payLater.agreement.consent', { fee: money(d.terms.feeMinor + d.terms.vatMinor) })}
          error={error}
          required
        />
        <div className="button-row">
          <SubmitButton>{t('payLater.submit')}</SubmitButton>
          <Link
            className="button button--secondary"
            to={`?step=notice&days=${d.carried.days}&method=${d.carried.method}`}
          >
            {t('previous')}
          </Link>
        </div>
      </CheckedForm>
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
