/**
 * The amount step with the affordability helper (server/instalments/affordability.ts): the figures
 * are posted, never put in the address or the request log, and answered at once; nothing is stored.
 */
import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { householdFields, type HouseholdField } from '#server/instalments/affordability.ts';
import { incomeProofTypes } from '#server/instalments/options.ts';
import { minorToInput, parseAmount } from '#server/money/amount-input.ts';
import { SelectField } from '~/components/instalments/Choices';
import { Costs } from '~/components/instalments/Costs';
import { ErrorSummary, type SummaryError } from '~/components/ui/ErrorSummary';
import { Field } from '~/components/ui/Field';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useRootData } from '~/root';
import { amountConstraint, amountSchema } from './schemas';
import { type FlowData, useErrorText, useMoney, useWizardAction } from './shared';
import { useZodForm } from '~/lib/use-zod-form';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { FormCheckboxField, FormField } from '~/components/forms/FormField';

/**
 * The amount step, remounted for each suggestion of the helper: the amount typed before must not
 * outlive the suggestion that replaced it in the field (else the proof-of-income text says "below"
 * beside an amount above the regular minimum).
 */
export function AmountStepKeyed({ d }: { d: Extract<FlowData, { step: 'amount' }> }) {
  const actionData = useWizardAction();
  const helper = actionData && 'helper' in actionData ? actionData.helper : null;
  return <AmountStep key={helper?.kind === 'ok' ? `suggested-${helper.amountMinor}` : 'typed'} d={d} />;
}

function AmountStep({ d }: { d: Extract<FlowData, { step: 'amount' }> }) {
  const { t } = useTranslation('instalments');
  const { money, locale } = useMoney();
  const { variant } = useRootData()!;
  const actionData = useWizardAction();
  const rounds = useSubmissionRounds(actionData);
  const helper = actionData && 'helper' in actionData ? actionData.helper : null;
  const helperValues = actionData && 'helperValues' in actionData ? actionData.helperValues : null;
  const suggested = helper?.kind === 'ok' ? helper.amountMinor : null;
  const initialMonthly = suggested ?? d.carried.monthly;
  const [form, fields] = useZodForm({
    id: `instalment-amount-${suggested ?? ''}`,
    // Made only when the browser checks the form; the server needs the constraints alone.
    schema: () => amountSchema(d.limits, { locale, currency: d.currency }),
    constraint: amountConstraint,
    lastResult: actionData?.result,
    defaultValue: {
      monthly: initialMonthly ? minorToInput(initialMonthly, locale, d.currency) : '',
      proofType: d.carried.proof ?? '',
    },
  });
  const errorText = useErrorText(d.limits);
  const helperError = (name: HouseholdField) =>
    helper?.kind === 'invalid' ? errorText(helper.errors[name]) : undefined;
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
        <FormField
          meta={fields.monthly}
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
            <FormCheckboxField
              meta={fields.proofConfirmed}
              label={t('proof.confirm')}
              error={errorText(fields.proofConfirmed.errors?.[0])}
              required
            />
          </div>
        ) : null}
        <SubmitButton>{t('next')}</SubmitButton>
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
          {householdFields.map((name) => (
            <Field
              key={name}
              id={`helper-${name}`}
              name={name}
              label={t(`helper.${name}`)}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={helperValues?.[name] ?? ''}
              error={helperError(name)}
              required={name === 'income'}
            />
          ))}
          <p className="muted">{t('helper.nothingStored')}</p>
          <button type="submit" className="button button--secondary">
            {t('helper.submit')}
          </button>
        </Form>
      </details>
    </>
  );
}
