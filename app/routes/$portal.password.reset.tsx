import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { useSubmissionRounds } from '~/lib/use-submission';
import { z } from 'zod';
import { redeemCaptchaForPage } from '#server/auth/captcha.ts';
import { requestPasswordResetForPage } from '#server/auth/password-reset.ts';
import { referenceField } from '#server/auth/reference.ts';
import { withBase } from '#server/variants/resolve.ts';
import altchaStyles from 'altcha/altcha.css?url';
import { Captcha } from '~/components/Captcha';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { RateLimitMessage, useRateLimitError } from '~/components/ui/RateLimitMessage';
import { Honeypot } from '~/components/ui/Field';
import { tooManyRequests } from '~/lib/rate-limit.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { readForm } from '~/lib/form.server';
import { useZodForm } from '~/lib/use-zod-form';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { FormField } from '~/components/forms/FormField';
import { stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const resetSchema = z.object({ reference: referenceField });

export const handle = { i18n: ['common', 'signin'] };
export const links = stylesheets(altchaStyles);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'signin');
  return { title: documentTitle(t('reset.title'), variant.brand.name), challengeUrl: withBase(variant, '/captcha') };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { language } = await pageContext(request, params, 'signin');
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { error: fieldError, schema: resetSchema });
  if (formData.get('website'))
    return data(
      { result: submission.reply({ fieldErrors: { captcha: ['errors.captcha'] } }), sent: false },
      { status: 400 },
    );
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 });
  const altcha = formData.get('altcha');
  if (!(await redeemCaptchaForPage(typeof altcha === 'string' ? altcha : null))) {
    return data(
      { result: submission.reply({ fieldErrors: { captcha: ['errors.captcha'] } }), sent: false },
      { status: 400 },
    );
  }
  const requested = await requestPasswordResetForPage(
    { reference: submission.value.reference, language },
    { clientAddress: context.clientAddress },
  );
  if (!requested.ok && requested.error === 'rateLimited')
    return tooManyRequests({ result: submission.reply(), sent: false }, requested);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function PasswordReset() {
  const { challengeUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { variant } = useRootData()!;
  const { t } = useTranslation(['signin', 'common']);
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id: 'password-reset',
    schema: resetSchema,
    lastResult: actionData?.result,
  });
  const captchaError = actionData?.result?.error?.captcha?.[0] ? t(actionData.result.error.captcha[0]) : undefined;
  const referenceError = fields.reference.errors?.[0] ? t(fields.reference.errors[0]) : undefined;
  const limited = useRateLimitError(actionData, form.id);
  const summary = [
    ...(referenceError ? [{ fieldId: fields.reference.id, message: referenceError }] : []),
    ...(captchaError ? [{ fieldId: 'captcha', message: captchaError }] : []),
    ...(limited ? [limited] : []),
  ];
  return (
    <div className="container page">
      <div className="form-card">
        <h1>{t('reset.title')}</h1>
        {actionData?.sent ? (
          <div className="panel panel--success" role="status">
            <p>{t('reset.sent')}</p>
            <p>
              {t('reset.noMail')} <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a>
            </p>
          </div>
        ) : (
          <>
            <p className="lead">{t('reset.lead')}</p>
            <ErrorSummary errors={summary} round={rounds.round} />
            <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
              <Honeypot />
              <FormField
                meta={fields.reference}
                label={t('reference.label')}
                hint={t('reference.hint')}
                error={referenceError}
                className="input--code"
                inputMode="numeric"
                autoComplete="username"
                required
              />
              <Captcha key={rounds.replies} challengeUrl={challengeUrl} error={captchaError} />
              <RateLimitMessage error={limited} />
              <SubmitButton className="button button--block">{t('reset.submit')}</SubmitButton>
            </Form>
          </>
        )}
        <p className="mode-switch">
          <Link to={href(variant, '/signin')}>{t('reset.back')}</Link>
        </p>
      </div>
    </div>
  );
}
