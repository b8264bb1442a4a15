import { hiddenInputProps } from '~/lib/hidden-input';
import { getFormProps, getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { providerFee } from '#server/payments/fees.ts';
import { amountFor, purposeFromQuery, queryOf } from '#server/payments/purpose.ts';
import { cardHolderDefaults, checkoutOptionsFor, paymentPagePath } from '#server/payments/checkout.ts';
import { withBase } from '#server/variants/resolve.ts';
import { PaymentSummaryCard } from '~/components/checkout/PaymentSummary';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Field } from '~/components/ui/Field';
import { Stepper } from '~/components/ui/Stepper';
import { actionContext, returnPathOf, runAction, stepUpRedirect } from '~/lib/actions.server';
import { checkoutContext } from '~/lib/checkout.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import checkoutStyles from '~/styles/checkout.css?url';
import { readForm } from '~/lib/form.server';
import { useZodForm } from '~/lib/use-zod-form';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { privatePageMeta, stylesheets } from '~/lib/meta';
import { FormCheckboxField } from '~/components/forms/FormField';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Card payment, step "contact data" (spec 2.5 "For provider 4 (card) a contact-data step comes
 * first"; section 3 card: firstName, lastName, street, zip, city; section 5 required checkboxes
 * "card payment terms and card holder acknowledgement of the debt"). Then the card form of the
 * provider is shown in an iframe on the payment page.
 */
/** A name part; every message names its field, so the error summary never lists the same sentence twice. */
const name = (field: 'firstName' | 'lastName') =>
  z
    .string({ error: `errors.contact.${field}` })
    .trim()
    .min(2, `errors.contact.${field}Short`)
    .max(60, `errors.contact.${field}Long`)
    .regex(/^[\p{L}][\p{L}' .-]*$/u, `errors.contact.${field}Letters`);
export const contactSchema = z.object({
  key: z.uuid(),
  firstName: name('firstName'),
  lastName: name('lastName'),
  street: z
    .string({ error: 'errors.contact.street' })
    .trim()
    .min(3, 'errors.contact.street')
    .max(80, 'errors.contact.streetLong'),
  zip: z
    .string({ error: 'errors.contact.zip' })
    .trim()
    .regex(/^[A-Za-z0-9 -]{4,10}$/, 'errors.contact.zip'),
  city: z
    .string({ error: 'errors.contact.city' })
    .trim()
    .min(2, 'errors.contact.city')
    .max(60, 'errors.contact.cityLong'),
  cardTerms: z.literal('on', { error: 'errors.contact.cardTerms' }),
  acknowledgeDebt: z.literal('on', { error: 'errors.contact.acknowledgeDebt' }),
});

export const handle = { i18n: ['common', 'checkout'] };
export const links = stylesheets(checkoutStyles);

function partialFrom(url: URL, max: number): number | undefined {
  const value = Number(url.searchParams.get('amount'));
  return Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t: tr, session, facts, today } = await checkoutContext(request, params, context);
  const url = new URL(request.url);
  const purpose = purposeFromQuery(url.searchParams, facts);
  const options = checkoutOptionsFor(facts, variant, purpose, today);
  const key = url.searchParams.get('key') ?? '';
  if (!options.ok || !options.methods.some((m) => m.key === '4') || !z.uuid().safeParse(key).success) {
    throw redirect(`${withBase(variant, '/checkout/pay-direct')}${queryOf(purpose) ? `?${queryOf(purpose)}` : ''}`);
  }
  const amountMinor = purpose === 'partial' ? partialFrom(url, options.amountMinor) : options.amountMinor;
  if (!amountMinor) throw redirect(`${withBase(variant, '/checkout/pay-direct')}?${queryOf(purpose)}`);
  // The debtor's own name and address, only after a full sign-in (a reference-only session sees no personal data).
  const defaults = await cardHolderDefaults(session);
  return {
    title: documentTitle(tr('card.title'), variant.brand.name),
    purpose,
    query: queryOf(purpose),
    key,
    amountMinor,
    feeMinor: providerFee(variant.id, '4', amountMinor),
    currency: facts.currency,
    defaults,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, session, facts, today, language } = await checkoutContext(request, params);
  const url = new URL(request.url);
  const purpose = purposeFromQuery(url.searchParams, facts);
  const submission = parseWithZod(await readForm(request), { error: fieldError, schema: contactSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const { key, cardTerms: _terms, acknowledgeDebt: _ack, ...contact } = submission.value;
  const max = amountFor(facts, 'partial', today) ?? 0;
  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const result = await runAction('startPayment', ctx, {
    purpose,
    method: '4',
    amountMinor: purpose === 'partial' ? partialFrom(url, max) : undefined,
    idempotencyKey: key,
    contact,
  });
  if (result.ok) return redirect(paymentPagePath(variant, result.value.payment.id));
  if (result.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), result.signIn);
  const error = result.kind === 'refused' ? result.reason : 'notAvailable';
  if (error === 'inFlight' || error === 'notAvailable' || error === 'keyReused')
    return redirect(
      `${withBase(variant, '/checkout/pay-direct')}?${new URLSearchParams([...new URLSearchParams(queryOf(purpose)), ['error', error]])}`,
    );
  if (error === 'providerError')
    return data({ result: submission.reply({ formErrors: ['errors.providerError'] }) }, { status: 502 });
  return redirect(withBase(variant, '/dashboard'));
}

export default function CardContact() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['checkout', 'common']);
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id: 'card-contact',
    schema: contactSchema,
    lastResult: actionData?.result,
    defaultValue: { key: d.key, ...d.defaults },
  });
  const err = (f: { errors?: string[] }) => (f.errors?.[0] ? t(f.errors[0]) : undefined);
  const textFields = [
    { f: fields.firstName, label: t('card.firstName'), autoComplete: 'given-name' },
    { f: fields.lastName, label: t('card.lastName'), autoComplete: 'family-name' },
    { f: fields.street, label: t('card.street'), autoComplete: 'address-line1' },
    { f: fields.zip, label: t('card.zip'), autoComplete: 'postal-code' },
    { f: fields.city, label: t('card.city'), autoComplete: 'address-level2' },
  ];
  const errors = [
    ...(form.errors ?? []).map((m) => ({ fieldId: fields.firstName.id, message: t(m) })),
    ...[...textFields.map((x) => x.f), fields.cardTerms, fields.acknowledgeDebt].flatMap((f) =>
      (f.errors ?? []).slice(0, 1).map((m) => ({ fieldId: f.id, message: t(m) })),
    ),
  ];
  const back = `${href(variant, '/checkout/pay-direct')}${d.query ? `?${d.query}` : ''}`;

  return (
    <div className="container page">
      <Stepper steps={[t('steps.method'), t('steps.contact'), t('steps.pay'), t('steps.done')]} current={1} />
      <h1>{t('card.title')}</h1>
      <p className="lead">{t('card.lead')}</p>
      <div className="grid grid-2 checkout-grid">
        <section className="card form-card" aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="visually-hidden">
            {t('card.title')}
          </h2>
          <ErrorSummary errors={errors} round={rounds.round} />
          <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
            <input {...hiddenInputProps(fields.key)} key={fields.key.key} />
            {textFields.map(({ f, label, autoComplete }) => (
              <Field
                {...getInputProps(f, { type: 'text' })}
                key={f.key ?? f.id}
                label={label}
                error={err(f)}
                autoComplete={autoComplete}
                required
              />
            ))}
            <p>
              {/* A new tab: the contact data typed here stays on this page while the terms are read. */}
              <a href={href(variant, '/card-terms')} target="_blank" rel="noopener noreferrer">
                {t('card.termsLink')}
              </a>
            </p>
            <FormCheckboxField meta={fields.cardTerms} label={t('card.terms')} error={err(fields.cardTerms)} required />
            <FormCheckboxField
              meta={fields.acknowledgeDebt}
              label={t('card.acknowledge')}
              error={err(fields.acknowledgeDebt)}
              required
            />
            <div className="button-row">
              <SubmitButton>{t('card.continue')}</SubmitButton>
              <Link className="button button--secondary" to={back}>
                {t('otherMethod')}
              </Link>
            </div>
          </Form>
        </section>
        <PaymentSummaryCard
          headingId="card-summary-heading"
          payment={{ purpose: d.purpose, amountMinor: d.amountMinor, feeMinor: d.feeMinor, currency: d.currency }}
          locale={locale}
        />
      </div>
    </div>
  );
}
