import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { maskIban } from '#server/instalments/sepa.ts';
import { parseAmount } from '#server/money/amount-input.ts';
import { payees, stepFields, type Payee } from '#server/payments-announced/schema.ts';
import { CheckedForm } from '~/components/forms/CheckedForm';
import { UploadField, type RefusedInfo, type UploadInfo } from '~/components/uploads/UploadField';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { fieldMessages } from '~/lib/field-errors';
import { formatDate, formatMoney } from '~/lib/format';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useZodForm } from '~/lib/use-zod-form';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import type { action, loader } from '~/routes/$portal.announce-payment';
import { schemasFor, type Step, type Values } from './schemas';
import { FormField } from '~/components/forms/FormField';

// The four steps of announcing a payment (app/routes/$portal.announce-payment.tsx): each a plain
// form whose earlier answers and accepted receipts travel as hidden fields.

function useStepForm<S extends Step>(step: S, values: Values) {
  const actionData = useActionData<typeof action>();
  const { locale } = useRootData()!;
  const { currency } = useLoaderData<typeof loader>();
  const rounds = useSubmissionRounds(actionData?.step === step ? actionData.result : undefined);
  const schema = schemasFor({ locale, currency })[step];
  type Schema = ReturnType<typeof schemasFor>[S];
  const [form, fields] = useZodForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id: `announce-${step}`,
    schema: schema as never,
    lastResult: actionData?.step === step ? actionData.result : undefined,
    defaultValue: values as never,
  });
  return { form, fields, rounds };
}

function Hidden({ values, names }: { values: Values; names: readonly string[] }) {
  return (
    <>
      {names.map((name) => (values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null))}
    </>
  );
}

/** Receipts accepted before, sent along again so that going back does not lose them. */
function KeptUploads({ kept }: { kept: ReadonlyArray<{ id: number }> }) {
  return (
    <>
      {kept.map((upload) => (
        <input key={upload.id} type="hidden" name="uploadId" value={upload.id} />
      ))}
    </>
  );
}

/** A button back to an earlier step (`intent` back10, back20 …): it sends what is typed unchecked. */
function BackButton({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} className="button button--secondary" formNoValidate>
      {children}
    </button>
  );
}

/** The buttons under a step: on to the next (`intent` the step's number) and back to `back`. */
function StepButtons({ step, back }: { step: Step; back: string }) {
  const { t } = useTranslation(['announce', 'common']);
  return (
    <div className="button-row">
      <SubmitButton name="intent" value={String(step)}>
        {t('next')}
      </SubmitButton>
      <BackButton intent={back}>{t('back')}</BackButton>
    </div>
  );
}

export function PayeeStep({ values }: { values: Values }) {
  const { t } = useTranslation(['announce', 'common']);
  const { payeeNames } = useLoaderData<typeof loader>();
  const { form, fields, rounds } = useStepForm(10, values);
  const error = fields.payee.errors?.[0] ? t(fields.payee.errors[0]) : undefined;
  const firstId = `${fields.payee.id}-agency`;
  return (
    <CheckedForm form={form} rounds={rounds} errors={error ? [{ fieldId: firstId, message: error }] : []}>
      <fieldset
        className={`choice-list${error ? ' field field--error' : ''}`}
        role="radiogroup"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fields.payee.id}-error` : undefined}
      >
        <legend>{t('payee.legend')}</legend>
        {error ? (
          <span className="field-error" id={`${fields.payee.id}-error`}>
            <span className="visually-hidden">{t('common:form.errorPrefix')}</span> {error}
          </span>
        ) : null}
        {payees.map((payee) => (
          <div className="checkbox" key={payee}>
            <input
              type="radio"
              id={`${fields.payee.id}-${payee}`}
              name={fields.payee.name}
              value={payee}
              defaultChecked={values.payee === payee}
            />
            <label htmlFor={`${fields.payee.id}-${payee}`}>
              <strong>{t(`payee.${payee}`)}</strong> {t(`payee.${payee}Text`, { name: payeeNames[payee] })}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="button-row">
        <button type="submit" name="intent" value="10" className="button">
          {t('next')}
        </button>
      </div>
    </CheckedForm>
  );
}

export function PaymentStep({ values }: { values: Values }) {
  const { t } = useTranslation(['announce', 'common']);
  const { today, currency, payeeNames } = useLoaderData<typeof loader>();
  const payee = values.payee as Payee;
  const withPayee = { ...values, payeeName: values.payeeName || payeeNames[payee] || '' };
  const { form, fields, rounds } = useStepForm(20, withPayee);
  // Receipts accepted before going back travel along, so they are offered again at step 30.
  const kept = useActionData<typeof action>()?.kept ?? [];
  const { message: err, summary: fieldSummary } = fieldMessages(fields, (key) => t(key, { currency }));
  const order = [
    'paidOn',
    'amount',
    'payerName',
    'payerIban',
    'payerBic',
    'payeeName',
    'payeeIban',
    'payeeBic',
    'reference',
  ] as const;
  const summary = fieldSummary(order);
  // The account fields: codes, typed as they are printed (no spelling check, no autofill).
  const codeField = (name: 'payerIban' | 'payerBic' | 'payeeIban' | 'payeeBic') => (
    <FormField
      meta={fields[name]}
      label={t(`fields.${name}`)}
      className="input--code"
      autoComplete="off"
      spellCheck={false}
      error={err(name)}
    />
  );
  return (
    <CheckedForm form={form} rounds={rounds} errors={summary}>
      <Hidden values={values} names={stepFields[10]} />
      <KeptUploads kept={kept} />
      <p className="muted">{t('payee.chosen', { name: t(`payee.${payee}`) })}</p>
      <div className="inline-fields">
        <FormField
          meta={fields.paidOn}
          type="date"
          label={t('fields.paidOn')}
          max={today}
          error={err('paidOn')}
          required
        />
        <FormField
          meta={fields.amount}
          label={t('fields.amount', { currency })}
          hint={t('fields.amountHint', { currency })}
          inputMode="decimal"
          autoComplete="off"
          error={err('amount')}
          required
        />
      </div>
      <h2>{t('sections.payer')}</h2>
      <FormField
        meta={fields.payerName}
        label={t('fields.payerName')}
        autoComplete="name"
        error={err('payerName')}
        required
      />
      <div className="inline-fields">
        {codeField('payerIban')}
        {codeField('payerBic')}
      </div>
      <h2>{t('sections.payee')}</h2>
      <FormField meta={fields.payeeName} label={t('fields.payeeName')} autoComplete="off" error={err('payeeName')} />
      <div className="inline-fields">
        {codeField('payeeIban')}
        {codeField('payeeBic')}
      </div>
      <FormField
        meta={fields.reference}
        label={t('fields.reference')}
        hint={t('fields.referenceHint')}
        autoComplete="off"
        error={err('reference')}
      />
      <StepButtons step={20} back="back10" />
    </CheckedForm>
  );
}

export function ReceiptsStep({ values }: { values: Values }) {
  const { t } = useTranslation(['announce', 'uploads', 'common']);
  const actionData = useActionData<typeof action>();
  const { variant, locale } = useRootData()!;
  const { form, fields, rounds } = useStepForm(30, values);
  const kept: UploadInfo[] = actionData?.kept ?? [];
  const refused: RefusedInfo[] = actionData?.step === 30 ? actionData.refused : [];
  const uploadError = fields.uploadId.errors?.[0]
    ? t(fields.uploadId.errors[0])
    : refused.length > 0
      ? t('errors.refused')
      : undefined;
  const inputId = 'announce-receipts';
  return (
    <CheckedForm
      form={form}
      rounds={rounds}
      errors={uploadError ? [{ fieldId: inputId, message: uploadError }] : []}
      encType="multipart/form-data"
      noValidate
    >
      <Hidden values={values} names={[...stepFields[10], ...stepFields[20]]} />
      <UploadField
        id={inputId}
        context="announcedPayment"
        endpoint={href(variant, '/uploads')}
        kept={kept}
        refused={refused}
        label={t('fields.receipts')}
        hint={`${t('fields.receiptsHint')} ${t('uploads:hint')}`}
        error={uploadError}
        locale={locale}
      />
      <StepButtons step={30} back="back20" />
    </CheckedForm>
  );
}

/** Everything typed, once more, before it is sent; each part can be corrected without losing the rest. */
export function ReviewStep({ values }: { values: Values }) {
  const { t } = useTranslation(['announce', 'common']);
  const actionData = useActionData<typeof action>();
  const { currency, payeeNames } = useLoaderData<typeof loader>();
  const { locale } = useRootData()!;
  const kept = actionData?.kept ?? [];
  const formError = actionData?.step === 40 ? actionData.result?.error?.uploadId?.[0] : undefined;
  const payee = values.payee as Payee;
  const reading = parseAmount(values.amount ?? '', locale, currency);
  const rows: Array<[string, string]> = [
    [t('fields.payee'), `${t(`payee.${payee}`)} (${values.payeeName || payeeNames[payee]})`],
    [t('fields.paidOn'), values.paidOn ? formatDate(values.paidOn, locale) : ''],
    [t('fields.amountPlain'), reading.ok ? formatMoney(reading.minor, currency, locale) : (values.amount ?? '')],
    [t('fields.payerName'), values.payerName ?? ''],
    [t('fields.payerIban'), values.payerIban ? maskIban(values.payerIban) : t('review.none')],
    [t('fields.payeeIban'), values.payeeIban ? maskIban(values.payeeIban) : t('review.none')],
    [t('fields.reference'), values.reference || t('review.none')],
    [t('fields.receipts'), kept.map((k) => k.name).join(', ')],
  ];
  return (
    <>
      <ErrorSummary errors={formError ? [{ fieldId: 'announce-review', message: t(formError) }] : []} round={0} />
      <Form method="post" id="announce-review" className="card form-wide" aria-labelledby="review-heading">
        <h2 id="review-heading">{t('review.title')}</h2>
        <p>{t('review.lead')}</p>
        <Hidden values={values} names={[...stepFields[10], ...stepFields[20]]} />
        <KeptUploads kept={kept} />
        <dl className="definition-list" data-testid="announce-review">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <div className="button-row">
          <SubmitButton name="intent" value="40">
            {t('submit')}
          </SubmitButton>
          <BackButton intent="back20">{t('review.correctPayment')}</BackButton>
          <BackButton intent="back30">{t('review.correctReceipts')}</BackButton>
        </div>
      </Form>
    </>
  );
}
