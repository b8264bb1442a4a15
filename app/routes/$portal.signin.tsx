import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { hiddenInputProps } from '~/lib/hidden-input';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmissionRounds } from '~/lib/use-submission';
import { lazyValidation, useLazyValidation } from '~/lib/lazy-validation';
import { signInSchema, stepUpSchema } from '~/schemas/signin';
import { bankIdMethod } from '#server/auth/bank-id/sign-in.ts';
import { redeemCaptchaAfterForPage } from '#server/auth/captcha.ts';
import { endedSession, findSession } from '#server/auth/session.ts';
import { clearSessionCookie } from '#server/auth/sessions.ts';
import { securityConfig } from '#server/config/security.ts';
import { signIn, signInFailuresForPage, stepUpReferenceForPage } from '#server/auth/sign-in.ts';
import { logger } from '#server/http/logger.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import altchaStyles from 'altcha/altcha.css?url';
import { Captcha } from '~/components/Captcha';
import { CheckboxField, Field, Honeypot } from '~/components/ui/Field';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { documentTitle, pageContext, safeReturnPath } from '~/lib/route-helpers.server';
import { onDemand } from '~/lib/on-demand';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { readForm } from '~/lib/form.server';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/** The form's validation in the browser, fetched when the debtor starts on the form. */
const validation = lazyValidation(() => import('~/schemas/signin').then((module) => module.signInSchema));
const stepUpValidation = lazyValidation(() => import('~/schemas/signin').then((module) => module.stepUpSchema));

/**
 * "Sign in with BankID", only on the variants that offer it (Sweden, Norway): its own chunk, so
 * the other variants' sign-in page never loads it (issue 16). The loader preloads it there, so it
 * is in the server's HTML, and the browser keeps that HTML until the chunk is there.
 */
const bankIdEntry = onDemand(() => import('~/components/BankIdEntry').then((module) => module.BankIdEntry));

export const handle = { i18n: ['common', 'signin', 'bankid'] };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: altchaStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'signin');
  const url = new URL(request.url);
  const mode = url.searchParams.get('action') === 'AZonly' ? 'reference' : 'password';
  const session = await findSession(request);
  // Why the debtor is asked again (issue 25, finding 10): the guard names it (it has cleared the
  // stale cookie), or, after an action that found no session, the stale cookie still tells.
  const stale = session ? null : await endedSession(request);
  const asked = url.searchParams.get('ended');
  const ended = stale ?? (asked === 'idle' || asked === 'expired' || asked === 'ended' ? asked : null);
  // A reference-only session asking for more: its file is known, only the password is missing.
  const stepUpRef = session?.level === 'limited' && mode === 'password' ? await stepUpReferenceForPage(session) : null;
  const bankId = bankIdMethod(variant);
  if (bankId) await bankIdEntry.preload();
  const { idleTimeoutMinutes, absoluteHours } = securityConfig().session;
  return data(
    {
      ended,
      idleMinutes: idleTimeoutMinutes,
      absoluteHours,
      title: documentTitle(t(mode === 'reference' ? 'titleReference' : 'title'), variant.brand.name),
      mode,
      reference: (url.searchParams.get('az') ?? '').replace(/[^\d\s/-]/g, '').slice(0, 13),
      returnTo: safeReturnPath(url.searchParams.get('returnTo'), ''),
      stepUp: session?.level === 'limited',
      stepUpReference: stepUpRef,
      challengeUrl: withBase(variant, '/captcha'),
      bankId,
      // The schema's HTML constraints (required, maxlength): the browser renders the form before it has the schema.
      constraint: getZodConstraint(signInSchema),
      stepUpConstraint: getZodConstraint(stepUpSchema),
    },
    stale ? { headers: { 'Set-Cookie': clearSessionCookie() } } : undefined,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

/** Lets the action's Retry-After (locked out, service unavailable) reach the browser. */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  // The stale session cookie the loader clears.
  const clearCookie = loaderHeaders.get('Set-Cookie');
  if (clearCookie) headers.set('Set-Cookie', clearCookie);
  return headers;
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant } = await pageContext(request, params, 'signin');
  const formData = await readForm(request);
  let credentials: { mode: 'reference' | 'password'; reference: string; password?: string; returnTo?: string };
  let current: Awaited<ReturnType<typeof findSession>>;
  let submission: { reply: (options?: ReplyOptions) => SubmissionResult<string[]> };
  const reply = (status: number, errors: Record<string, string[]>, headers?: HeadersInit) =>
    data({ result: submission.reply({ fieldErrors: errors, hideFields: ['password'] }) }, { status, headers });

  if (formData.get('intent') === 'stepUp') {
    // The step-up of a reference-only session (decision 061): the session names the file; the
    // password is checked with the same attempt limits as every sign-in.
    const stepUp = parseWithZod(formData, { error: fieldError, schema: stepUpSchema });
    submission = stepUp;
    if (stepUp.status !== 'success')
      return data({ result: stepUp.reply({ hideFields: ['password'] }) }, { status: 400 });
    current = await findSession(request);
    const reference = current?.level === 'limited' ? await stepUpReferenceForPage(current) : null;
    if (!reference) {
      // The reference-only session ended meanwhile: the full sign-in form, keeping the way on.
      const returnTo = safeReturnPath(stepUp.value.returnTo || null, '');
      throw redirect(`${withBase(variant, '/signin')}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
    }
    credentials = { mode: 'password', reference, password: stepUp.value.password, returnTo: stepUp.value.returnTo };
  } else {
    const full = parseWithZod(formData, { error: fieldError, schema: signInSchema });
    submission = full;
    // Bots fill the hidden field; they get the same answer as a failed captcha, nothing more.
    if (formData.get('website')) return reply(400, { captcha: ['errors.captcha'] });
    if (full.status !== 'success') {
      return data({ result: full.reply({ hideFields: ['password'] }) }, { status: 400 });
    }
    const altcha = formData.get('altcha');
    // The puzzle has to be as large as this address's or this reference number's failures call for;
    // the form asks for such a puzzle when it is shown again.
    const failures = await signInFailuresForPage(context.clientAddress, full.value.reference);
    const captcha = await redeemCaptchaAfterForPage(typeof altcha === 'string' ? altcha : null, failures);
    if (captcha !== 'redeemed') {
      const harder = captcha === 'tooSmall';
      return data(
        {
          result: full.reply({
            fieldErrors: { captcha: [harder ? 'errors.captchaHarder' : 'errors.captcha'] },
            hideFields: ['password'],
          }),
          captchaFailures: failures,
        },
        { status: 400 },
      );
    }
    current = await findSession(request);
    credentials = full.value;
  }

  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await signIn(
      { mode: credentials.mode, reference: credentials.reference, password: credentials.password },
      { clientAddress: context.clientAddress, currentSession: current?.idHash },
    );
  } catch (error) {
    // The file store did not answer: say so (spec 8, "timeout"), keep what was typed, never a 500.
    logger.error({ err: error, requestId: context.requestId }, 'sign-in could not reach the file store');
    return data(
      { result: submission.reply({ formErrors: ['errors.timeout'], hideFields: ['password'] }) },
      { status: 503, headers: { 'Retry-After': '30' } },
    );
  }
  if (!result.ok) {
    switch (result.error) {
      case 'locked':
        return data(
          {
            result: submission.reply({ formErrors: ['errors.locked'], hideFields: ['password'] }),
            retryMinutes: Math.ceil(result.retryAfterSeconds / 60),
          },
          { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
        );
      case 'measureRunning':
        return data(
          {
            result: submission.reply({ formErrors: ['errors.measureRunning'], hideFields: ['password'] }),
            blocked: true,
          },
          { status: 403 },
        );
      case 'wrongCredentials':
        return reply(401, { password: ['errors.wrongCredentials'] });
      case 'passwordRequired':
        return reply(400, { password: ['errors.passwordRequired'] });
      default:
        return reply(result.error === 'unknown' ? 404 : 400, { reference: [`errors.${result.error}`] });
    }
  }
  const fileVariant = variants[result.variant as VariantId] ?? variant;
  const target =
    result.mustChangePassword && result.level === 'full'
      ? withBase(fileVariant, '/signin/set-password')
      : safeReturnPath(
          credentials.returnTo || null,
          withBase(fileVariant, result.hasMultipleFiles && result.level === 'full' ? '/claims-list' : '/dashboard'),
        );
  return redirect(target, { headers: { 'Set-Cookie': result.cookie } });
}

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };

export default function SignIn() {
  const { stepUpReference: known } = useLoaderData<typeof loader>();
  return known ? <StepUp reference={known} /> : <SignInForm />;
}

/**
 * A reference-only session on its way to a page that needs the password: the reference is shown
 * (and offered to password managers), the password is all that is asked.
 */
function StepUp({ reference }: { reference: string }) {
  const { returnTo, stepUpConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { variant } = useRootData()!;
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
  const message = (keys: string[] | undefined) =>
    keys?.[0]
      ? t(keys[0], {
          minutes: actionData && 'retryMinutes' in actionData ? actionData.retryMinutes : 15,
          phone: variant.support.phone,
        })
      : undefined;
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
          <button type="submit" className="button button--block" disabled={navigation.state === 'submitting'}>
            {t('submit')}
          </button>
        </Form>
        <HelpPanel />
      </div>
    </div>
  );
}

function SignInForm() {
  const { mode, reference, returnTo, stepUp, challengeUrl, bankId, constraint, ended, idleMinutes, absoluteHours } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
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
  const message = (keys: string[] | undefined) =>
    keys?.[0]
      ? t(keys[0], {
          minutes: actionData && 'retryMinutes' in actionData ? actionData.retryMinutes : 15,
          phone: variant.support.phone,
        })
      : undefined;
  const captchaError = message(actionData?.result?.error?.captcha ?? undefined);
  const summary = [
    ...(form.errors ?? []).map((key) => ({ fieldId: fields.reference.id, message: message([key])! })),
    ...[fields.reference, fields.password, fields.privacy]
      .filter((f) => f.errors?.length)
      .map((f) => ({ fieldId: f.id, message: message(f.errors)! })),
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
          <Field
            {...getInputProps(fields.reference, { type: 'text' })}
            key={fields.reference.key}
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
          <CheckboxField
            {...getInputProps(fields.privacy, { type: 'checkbox' })}
            key={fields.privacy.key}
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
          <button type="submit" className="button button--block" disabled={navigation.state === 'submitting'}>
            {t(mode === 'reference' ? 'submitReference' : 'submit')}
          </button>
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

/** The sign-in page in the other mode, with the reference typed so far and the page to return to. */
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

function switchMode(path: string, to: 'password' | 'reference', reference: string, returnTo: string): string {
  const query = new URLSearchParams();
  if (to === 'reference') query.set('action', 'AZonly');
  if (reference) query.set('az', reference);
  if (returnTo) query.set('returnTo', returnTo);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
