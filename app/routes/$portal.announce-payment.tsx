import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
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
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  announceFormDefaultsForPage,
  findAnnouncedPaymentForPage,
  sisterBrandName,
} from '#server/payments-announced/announce.ts';
import {
  payeeStep,
  payees,
  paymentStep,
  receiptsStep,
  stepFields,
  todayInBerlin,
  type AmountReading,
  type Payee,
} from '#server/payments-announced/schema.ts';
import { maskIban } from '#server/instalments/sepa.ts';
import { minorToInput, parseAmount } from '#server/money/amount-input.ts';
import { withBase } from '#server/variants/resolve.ts';
import { UploadField, type RefusedInfo, type UploadInfo } from '~/components/uploads/UploadField';
import { ErrorSummary, type SummaryError } from '~/components/ui/ErrorSummary';
import { Field } from '~/components/ui/Field';
import { Stepper } from '~/components/ui/Stepper';
import { actionContext, returnPathOf, runAction, stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { formatDate, formatMoney } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { readFormWithUploads } from '~/lib/uploads.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import serviceStyles from '~/styles/service.css?url';
import { readLinkSlots } from '../../intents/links.ts';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Announce a payment already made (spec 2.5): payee (step 10), payment data (20), receipts (30),
 * review (40: everything typed, to send or to correct), done. Each step is a plain form; earlier
 * answers and accepted receipts travel as hidden fields, so the journey works without JavaScript
 * and nothing typed or uploaded is lost when the debtor goes back to correct something.
 */
export const handle = { i18n: ['common', 'announce', 'uploads'] };
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: serviceStyles }];

type Step = 10 | 20 | 30 | 40;
/** The rules of each step; the review (40) checks everything again before anything is stored. */
function schemasFor(reading: AmountReading) {
  return { 10: payeeStep, 20: paymentStep(reading), 30: receiptsStep(reading), 40: receiptsStep(reading) } as const;
}
type Values = Record<string, string>;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t: translate, locale } = await pageContext(request, params, 'announce');
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const file = await announceFormDefaultsForPage(session);
  if (!file) throw redirect(withBase(variant, '/dashboard'));
  const url = new URL(request.url);
  const doneId = Number(url.searchParams.get('done'));
  // The assistant's deep link (intents.md): /announce-payment?date=2026-03-14&amount=230 fills the payment step.
  const { date, amount } = readLinkSlots('already_paid', url.searchParams);
  const prefill: Record<string, string> = {};
  if (date) prefill.paidOn = date;
  if (amount) prefill.amount = minorToInput(Math.round(amount * 100), locale, file.currency);
  const done = doneId ? await findAnnouncedPaymentForPage({ fileId: session.fileId, id: doneId }) : null;
  const sister = sisterBrandName(variant);
  return {
    title: documentTitle(translate('title'), variant.brand.name),
    today: todayInBerlin(),
    currency: file.currency,
    payeeNames: { agency: variant.legal.name, creditor: file.creditor, sisterBrand: sister } satisfies Record<
      Payee,
      string
    >,
    defaults: { payerName: file.payerName, payerIban: file.payerIban, payerBic: file.payerBic, ...prefill },
    done: done
      ? {
          id: done.id,
          paidOn: done.paidOn,
          amountMinor: done.amountMinor,
          currency: done.currency,
          payee: done.payee,
          payeeName: done.payeeName,
          receipts: done.receipts.map((r) => r.name),
        }
      : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title },
  { name: 'robots', content: 'noindex' },
];

function valuesOf(formData: FormData, upTo: Step): Values {
  const values: Values = {};
  for (const step of [10, 20] as const) {
    if (step > upTo) break;
    for (const name of stepFields[step]) {
      const value = formData.get(name);
      if (typeof value === 'string') values[name] = value;
    }
  }
  return values;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language, locale } = await pageContext(request, params, 'announce');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const file = await announceFormDefaultsForPage(session);
  const schemas = schemasFor({ locale, currency: file?.currency ?? 'EUR' });
  const { formData, outcome, kept } = await readFormWithUploads(request, {
    fileId: session.fileId,
    context: 'announcedPayment',
  });
  const intent = String(formData.get('intent') ?? '10');
  const keptInfo = kept.map(({ id, name, sizeBytes }) => ({ id, name, sizeBytes }));

  if (intent === 'back30' || intent === 'back20' || intent === 'back10') {
    const step = intent === 'back30' ? 30 : intent === 'back20' ? 20 : 10;
    return data({
      step,
      values: valuesOf(formData, 20),
      result: undefined,
      kept: keptInfo,
      refused: [] as RefusedInfo[],
    });
  }
  const step: Step = intent === '40' ? 40 : intent === '30' ? 30 : intent === '20' ? 20 : 10;
  // Only ids of this file's pending receipts count; anything else is dropped here.
  if (step >= 30) {
    formData.delete('uploadId');
    for (const upload of kept) formData.append('uploadId', String(upload.id));
  }
  const submission = parseWithZod(formData, { error: fieldError, schema: schemas[step] });
  const values = valuesOf(formData, step === 10 ? 10 : 20);
  const refused: RefusedInfo[] = outcome.refused;
  if (submission.status !== 'success' || refused.length > 0) {
    return data(
      { step, values, result: submission.reply() as SubmissionResult<string[]>, kept: keptInfo, refused },
      { status: 400 },
    );
  }
  if (step === 10) return data({ step: 20 as const, values, result: undefined, kept: keptInfo, refused });
  if (step === 20) return data({ step: 30 as const, values, result: undefined, kept: keptInfo, refused });
  // Receipts in hand: the debtor sees everything once more before it is sent.
  if (step === 30) return data({ step: 40 as const, values, result: undefined, kept: keptInfo, refused });

  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const result = await runAction('announcePayment', ctx, { ...values, uploadId: kept.map((upload) => upload.id) });
  if (!result.ok && result.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), result.signIn);
  if (!result.ok) {
    const attachment = result.kind === 'refused' && ['notYours', 'totalTooLarge', 'tooMany'].includes(result.reason);
    const key = attachment && result.kind === 'refused' ? `errors.${result.reason}` : 'errors.generic';
    return data(
      {
        step,
        values,
        result: submission.reply({ fieldErrors: { uploadId: [key] } }) as SubmissionResult<string[]>,
        kept: keptInfo,
        refused,
      },
      { status: 400 },
    );
  }
  return redirect(`${withBase(variant, '/announce-payment')}?done=${result.value.id}`);
}

export default function AnnouncePayment() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['announce', 'uploads', 'common']);
  const { variant, locale } = useRootData()!;
  const stepLabels = [t('steps.payee'), t('steps.payment'), t('steps.receipts'), t('steps.review'), t('steps.done')];

  if (loaderData.done) {
    const d = loaderData.done;
    return (
      <div className="container page">
        <h1>{t('done.title')}</h1>
        <Stepper steps={stepLabels} current={4} />
        <div className="panel panel--success" role="status">
          <p>{t('done.text')}</p>
          <p>{t('done.status')}</p>
        </div>
        <section className="card form-wide" aria-labelledby="summary-heading">
          <h2 id="summary-heading">{t('done.summary')}</h2>
          <dl className="definition-list">
            <dt>{t('fields.payee')}</dt>
            <dd>{d.payeeName ?? t(`payee.${d.payee}`)}</dd>
            <dt>{t('fields.paidOn')}</dt>
            <dd>{formatDate(d.paidOn, locale)}</dd>
            <dt>{t('fields.amountPlain')}</dt>
            <dd>{formatMoney(d.amountMinor, d.currency, locale)}</dd>
            <dt>{t('fields.receipts')}</dt>
            <dd>{d.receipts.join(', ')}</dd>
          </dl>
        </section>
        <p>{t('done.mail')}</p>
        <p>
          <Link className="button" to={href(variant, '/dashboard')}>
            {t('done.dashboard')}
          </Link>
        </p>
      </div>
    );
  }

  const step: Step = (actionData?.step as Step | undefined) ?? 10;
  const values: Values = { ...loaderData.defaults, ...(actionData?.values ?? {}) };
  return (
    <div className="container page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <Stepper steps={stepLabels} current={step === 10 ? 0 : step === 20 ? 1 : step === 30 ? 2 : 3} />
      {step === 10 ? <PayeeStep key="10" values={values} /> : null}
      {step === 20 ? <PaymentStep key="20" values={values} /> : null}
      {step === 30 ? <ReceiptsStep key="30" values={values} /> : null}
      {step === 40 ? <ReviewStep key="40" values={values} /> : null}
    </div>
  );
}

function useStepForm<S extends Step>(step: S, values: Values) {
  const actionData = useActionData<typeof action>();
  const { locale } = useRootData()!;
  const { currency } = useLoaderData<typeof loader>();
  const rounds = useSubmissionRounds(actionData?.step === step ? actionData.result : undefined);
  const schema = schemasFor({ locale, currency })[step];
  const [form, fields] = useForm<z.input<ReturnType<typeof schemasFor>[S]>>({
    id: `announce-${step}`,
    lastResult: actionData?.step === step ? actionData.result : undefined,
    defaultValue: values as never,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema }) as never,
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

function PayeeStep({ values }: { values: Values }) {
  const { t } = useTranslation(['announce', 'common']);
  const { payeeNames } = useLoaderData<typeof loader>();
  const { form, fields, rounds } = useStepForm(10, values);
  const error = fields.payee.errors?.[0] ? t(fields.payee.errors[0]) : undefined;
  const firstId = `${fields.payee.id}-agency`;
  return (
    <>
      <ErrorSummary errors={error ? [{ fieldId: firstId, message: error }] : []} round={rounds.round} />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card form-wide">
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
      </Form>
    </>
  );
}

function PaymentStep({ values }: { values: Values }) {
  const { t } = useTranslation(['announce', 'common']);
  const { today, currency, payeeNames } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const payee = values.payee as Payee;
  const withPayee = { ...values, payeeName: values.payeeName || payeeNames[payee] || '' };
  const { form, fields, rounds } = useStepForm(20, withPayee);
  // Receipts accepted before going back travel along, so they are offered again at step 30.
  const kept = useActionData<typeof action>()?.kept ?? [];
  const err = (name: keyof typeof fields) => {
    const key = fields[name].errors?.[0];
    return key ? t(key, { currency }) : undefined;
  };
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
  const summary: SummaryError[] = order.flatMap((name) =>
    err(name) ? [{ fieldId: fields[name].id, message: err(name)! }] : [],
  );
  return (
    <>
      <ErrorSummary errors={summary} round={rounds.round} />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card form-wide">
        <Hidden values={values} names={stepFields[10]} />
        {kept.map((upload) => (
          <input key={upload.id} type="hidden" name="uploadId" value={upload.id} />
        ))}
        <p className="muted">{t('payee.chosen', { name: t(`payee.${payee}`) })}</p>
        <div className="inline-fields">
          <Field
            {...getInputProps(fields.paidOn, { type: 'date' })}
            key={fields.paidOn.key}
            label={t('fields.paidOn')}
            max={today}
            error={err('paidOn')}
            required
          />
          <Field
            {...getInputProps(fields.amount, { type: 'text' })}
            key={fields.amount.key}
            label={t('fields.amount', { currency })}
            hint={t('fields.amountHint', { currency })}
            inputMode="decimal"
            autoComplete="off"
            error={err('amount')}
            required
          />
        </div>
        <h2>{t('sections.payer')}</h2>
        <Field
          {...getInputProps(fields.payerName, { type: 'text' })}
          key={fields.payerName.key}
          label={t('fields.payerName')}
          autoComplete="name"
          error={err('payerName')}
          required
        />
        <div className="inline-fields">
          <Field
            {...getInputProps(fields.payerIban, { type: 'text' })}
            key={fields.payerIban.key}
            label={t('fields.payerIban')}
            className="input--code"
            autoComplete="off"
            spellCheck={false}
            error={err('payerIban')}
          />
          <Field
            {...getInputProps(fields.payerBic, { type: 'text' })}
            key={fields.payerBic.key}
            label={t('fields.payerBic')}
            className="input--code"
            autoComplete="off"
            spellCheck={false}
            error={err('payerBic')}
          />
        </div>
        <h2>{t('sections.payee')}</h2>
        <Field
          {...getInputProps(fields.payeeName, { type: 'text' })}
          key={fields.payeeName.key}
          label={t('fields.payeeName')}
          autoComplete="off"
          error={err('payeeName')}
        />
        <div className="inline-fields">
          <Field
            {...getInputProps(fields.payeeIban, { type: 'text' })}
            key={fields.payeeIban.key}
            label={t('fields.payeeIban')}
            className="input--code"
            autoComplete="off"
            spellCheck={false}
            error={err('payeeIban')}
          />
          <Field
            {...getInputProps(fields.payeeBic, { type: 'text' })}
            key={fields.payeeBic.key}
            label={t('fields.payeeBic')}
            className="input--code"
            autoComplete="off"
            spellCheck={false}
            error={err('payeeBic')}
          />
        </div>
        <Field
          {...getInputProps(fields.reference, { type: 'text' })}
          key={fields.reference.key}
          label={t('fields.reference')}
          hint={t('fields.referenceHint')}
          autoComplete="off"
          error={err('reference')}
        />
        <div className="button-row">
          <button
            type="submit"
            name="intent"
            value="20"
            className="button"
            disabled={navigation.state === 'submitting'}
          >
            {t('next')}
          </button>
          <button type="submit" name="intent" value="back10" className="button button--secondary" formNoValidate>
            {t('back')}
          </button>
        </div>
      </Form>
    </>
  );
}

function ReceiptsStep({ values }: { values: Values }) {
  const { t } = useTranslation(['announce', 'uploads', 'common']);
  const actionData = useActionData<typeof action>();
  const { variant, locale } = useRootData()!;
  const navigation = useNavigation();
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
    <>
      <ErrorSummary errors={uploadError ? [{ fieldId: inputId, message: uploadError }] : []} round={rounds.round} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        onSubmitCapture={rounds.onSubmitCapture}
        className="card form-wide"
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
        <div className="button-row">
          <button
            type="submit"
            name="intent"
            value="30"
            className="button"
            disabled={navigation.state === 'submitting'}
          >
            {t('next')}
          </button>
          <button type="submit" name="intent" value="back20" className="button button--secondary" formNoValidate>
            {t('back')}
          </button>
        </div>
      </Form>
    </>
  );
}

/** Everything typed, once more, before it is sent; each part can be corrected without losing the rest. */
function ReviewStep({ values }: { values: Values }) {
  const { t } = useTranslation(['announce', 'common']);
  const actionData = useActionData<typeof action>();
  const { currency, payeeNames } = useLoaderData<typeof loader>();
  const { locale } = useRootData()!;
  const navigation = useNavigation();
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
        {kept.map((upload) => (
          <input key={upload.id} type="hidden" name="uploadId" value={upload.id} />
        ))}
        <dl className="definition-list" data-testid="announce-review">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <div className="button-row">
          <button
            type="submit"
            name="intent"
            value="40"
            className="button"
            disabled={navigation.state === 'submitting'}
          >
            {t('submit')}
          </button>
          <button type="submit" name="intent" value="back20" className="button button--secondary" formNoValidate>
            {t('review.correctPayment')}
          </button>
          <button type="submit" name="intent" value="back30" className="button button--secondary" formNoValidate>
            {t('review.correctReceipts')}
          </button>
        </div>
      </Form>
    </>
  );
}
