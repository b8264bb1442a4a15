import { hiddenInputProps } from '~/lib/hidden-input';
import { getInputProps, useForm, getFormProps } from '@conform-to/react';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Captcha } from '~/components/Captcha';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Field, Honeypot } from '~/components/ui/Field';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { lazyValidation, useLazyValidation } from '~/lib/lazy-validation';
import { onDemand } from '~/lib/on-demand';
import { summaryOf } from '~/lib/field-errors';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import type { action, loader } from '~/routes/$portal.signin';
import { FormCheckboxField, FormField } from '~/components/forms/FormField';

// The sign-in page's two forms (app/routes/$portal.signin.tsx): the full sign-in (reference,
// password or reference only) and the step-up of a reference-only session.

/** The form's validation in the browser, fetched when the debtor starts on the form. */
const validation = lazyValidation(() => import('~/schemas/signin').then((module) => module.signInSchema));
const stepUpValidation = lazyValidation(() => import('~/schemas/signin').then((module) => module.stepUpSchema));

/**
 * "Sign in with BankID", only on the variants that offer it (Sweden, Norway): its own chunk, so
 * the other variants' sign-in page never loads it (issue 16). The loader preloads it there, so it
 * is in the server's HTML, and the browser keeps that HTML until the chunk is there.
 */
export const bankIdEntry = onDemand(() => import('~/components/BankIdEntry').then((module) => module.BankIdEntry));

/** A sign-in message in words: the wait after too many attempts and the support line fill it in. */
function useSignInMessage(actionData: ReturnType<typeof useActionData<typeof action>>) {
  const { variant } = useRootData()!;
  const { t } = useTranslation(['signin', 'common']);
  return (keys: string[] | undefined) =>
    keys?.[0]
      ? t(keys[0], {
          minutes: actionData && 'retryMinutes' in actionData ? actionData.retryMinutes : 15,
          phone: variant.support.phone,
        })
      : undefined;
}

/**
 * A reference-only session on its way to a page that needs the password: the reference is shown
 * (and offered to password managers), the password is all that is asked.
 */
export function StepUp({ reference }: { reference: string }) {
  const { returnTo, stepUpConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['signin', 'common']);
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useForm({
    id: 'signin-step-up',
    lastResult: actionData?.result,
    constraint: stepUpConstraint,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    defaultValue: { intent: 'stepUp', returnTo },
    onValidate: stepUpValidation.onValidate,
  });
  useLazyValidation(stepUpValidation, form.id);
  const message = useSignInMessage(actionData);
  const summary = [
    ...(form.errors ?? []).map((key) => ({ fieldId: fields.password.id, message: message([key])! })),
    ...(fields.password.errors?.length
      ? [{ fieldId: fields.password.id, message: message(fields.password.errors)! }]
      : []),
  ];
  return (
    <div className="container page">
      <div className="form-card">
        <h1>{t('title')}</h1>
        <p className="lead">{t('leadStepUp')}</p>
        <ErrorSummary errors={summary} round={rounds.round} />
        <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
          <input {...hiddenInputProps(fields.intent)} />
          <input {...hiddenInputProps(fields.returnTo)} />
          <Field
            id="step-up-reference"
            name="reference"
            label={t('reference.label')}
            hint={t('stepUpReferenceHint')}
            defaultValue={reference}
            className="input--code"
            autoComplete="username"
            readOnly
            required
          />
          <PasswordField
            key={fields.password.key}
            inputProps={getInputProps(fields.password, { type: 'password' })}
            error={message(fields.password.errors)}
          />
          <SubmitButton className="button button--block">{t('submit')}</SubmitButton>
        </Form>
        <HelpPanel />
      </div>
    </div>
  );
}

export function SignInForm() {
  const { mode, reference, returnTo, stepUp, challengeUrl, bankId, constraint, ended, idleMinutes, absoluteHours } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { variant } = useRootData()!;
  const { t } = useTranslation(['signin', 'common']);
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useForm({
    id: `signin-${mode}`,
    lastResult: actionData?.result,
    constraint,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    defaultValue: { mode, reference, returnTo },
    onValidate: validation.onValidate,
  });
  useLazyValidation(validation, form.id);
  const message = useSignInMessage(actionData);
  const captchaError = message(actionData?.result?.error?.captcha ?? undefined);
  const summary = [
    ...summaryOf(form.errors, fields.reference, [fields.reference, fields.password, fields.privacy], message),
    ...(captchaError ? [{ fieldId: 'captcha', message: captchaError }] : []),
  ];
  const blocked = actionData && 'blocked' in actionData;

  return (
    <div className="container page">
      <div className="form-card">
        <h1>{t(mode === 'reference' ? 'titleReference' : 'title')}</h1>
        {ended ? (
          <div className="panel panel--warning" role="status" data-testid="session-ended">
            <p>
              <strong>{t(`ended.${ended}`, { minutes: idleMinutes, hours: absoluteHours })}</strong>
            </p>
            <p>{t(returnTo ? 'ended.backToPage' : 'ended.again')}</p>
          </div>
        ) : null}
        <p className="lead">{t(mode === 'reference' ? 'leadReference' : stepUp ? 'leadStepUp' : 'lead')}</p>
        <ErrorSummary errors={summary} round={rounds.round} />
        {bankId ? (
          <Suspense fallback={null}>
            <bankIdEntry.Component variant={variant} method={bankId} />
          </Suspense>
        ) : null}
        {blocked ? (
          <div className="panel panel--warning">
            <p>{t('ongoingProcess')}</p>
            <p>
              <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a> ·{' '}
              <a href={`mailto:${variant.support.email}`}>{variant.support.email}</a>
            </p>
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
          <Honeypot />
          <input {...hiddenInputProps(fields.mode)} />
          <input {...hiddenInputProps(fields.returnTo)} />
          <FormField
            meta={fields.reference}
            label={t('reference.label')}
            hint={t('reference.hint')}
            error={message(fields.reference.errors)}
            className="input--code"
            inputMode="numeric"
            autoComplete="username"
            spellCheck={false}
            maxLength={20}
            required
          />
          {mode === 'password' ? (
            <PasswordField
              key={fields.password.key}
              inputProps={getInputProps(fields.password, { type: 'password' })}
              error={message(fields.password.errors)}
            />
          ) : null}
          <FormCheckboxField
            meta={fields.privacy}
            label={
              <>
                {t('privacy.before')} <Link to={href(variant, '/privacy')}>{t('privacy.link')}</Link>{' '}
                {t('privacy.after')}
              </>
            }
            error={message(fields.privacy.errors)}
            required
          />
          <Captcha
            key={rounds.replies}
            challengeUrl={
              actionData && 'captchaFailures' in actionData && actionData.captchaFailures
                ? `${challengeUrl}?failures=${actionData.captchaFailures}`
                : challengeUrl
            }
            error={captchaError}
          />
          <SubmitButton className="button button--block">
            {t(mode === 'reference' ? 'submitReference' : 'submit')}
          </SubmitButton>
        </Form>
        <p className="mode-switch">
          {/* The other way in keeps where the debtor was going. */}
          <Link
            to={switchMode(
              href(variant, '/signin'),
              mode === 'reference' ? 'password' : 'reference',
              reference,
              returnTo,
            )}
          >
            {t(mode === 'reference' ? 'switchToPassword' : 'switchToReference')}
          </Link>
        </p>
        <HelpPanel />
      </div>
    </div>
  );
}

/** Help beside both forms: the support line to call. */
function HelpPanel() {
  const { t } = useTranslation('signin');
  const { variant } = useRootData()!;
  return (
    <div className="panel">
      <h2>{t('help.title')}</h2>
      <p>{t('help.text')}</p>
      <p>
        <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a>
      </p>
    </div>
  );
}

/** The password with the way to a new one beside it: the sign-in form's and the step-up's. */
function PasswordField({
  inputProps,
  error,
}: {
  inputProps: ReturnType<typeof getInputProps>;
  error: string | undefined;
}) {
  const { t } = useTranslation('signin');
  const { variant } = useRootData()!;
  return (
    <>
      <Field {...inputProps} label={t('password.label')} error={error} autoComplete="current-password" required />
      <p className="field-after">
        <Link to={href(variant, '/password/reset')}>{t('reset.forgot')}</Link>
      </p>
    </>
  );
}

/** The sign-in page in the other mode, with the reference typed so far and the page to return to. */
function switchMode(path: string, to: 'password' | 'reference', reference: string, returnTo: string): string {
  const query = new URLSearchParams();
  if (to === 'reference') query.set('action', 'AZonly');
  if (reference) query.set('az', reference);
  if (returnTo) query.set('returnTo', returnTo);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
