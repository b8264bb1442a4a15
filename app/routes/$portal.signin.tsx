import { type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { constraintOf } from '~/lib/zod-constraint';
import { fieldError } from '~/lib/form-errors';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
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
import { bankIdEntry, SignInForm, StepUp } from '~/components/signin/SignInForms';
import { documentTitle, pageContext, safeReturnPath } from '~/lib/route-helpers.server';
import { readForm } from '~/lib/form.server';
import { stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = { i18n: ['common', 'signin', 'bankid'] };

export const links = stylesheets(altchaStyles);

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
      constraint: constraintOf(signInSchema),
      stepUpConstraint: constraintOf(stepUpSchema),
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
