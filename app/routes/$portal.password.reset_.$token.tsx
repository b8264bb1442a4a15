import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { completePasswordResetForPage, resetLinkStateForPage } from '#server/auth/password-reset.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { NewPasswordForm, newPasswordHiddenFields, newPasswordSchema } from '~/components/forms/NewPassword';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { readForm } from '~/lib/form.server';
import { privatePageMeta } from '~/lib/meta';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = { i18n: ['common', 'signin'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'signin');
  return {
    title: documentTitle(t('reset.newTitle'), variant.brand.name),
    // A used link says so at once, with the way on, instead of a form that fails after typing.
    state: await resetLinkStateForPage(params.token ?? ''),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant } = await pageContext(request, params, 'signin');
  const submission = parseWithZod(await readForm(request), { error: fieldError, schema: newPasswordSchema });
  const hidden = { hideFields: newPasswordHiddenFields };
  if (submission.status !== 'success') return data({ result: submission.reply(hidden) }, { status: 400 });
  const result = await completePasswordResetForPage(params.token ?? '', submission.value.newPassword, {
    clientAddress: context.clientAddress,
  });
  if (!result.ok) {
    const key =
      result.error === 'invalidLink' || result.error === 'used'
        ? `reset.errors.${result.error}`
        : `errors.password.${result.error}`;
    return data({ result: submission.reply({ ...hidden, formErrors: [key] }) }, { status: 400 });
  }
  const fileVariant = variants[result.variant as VariantId] ?? variant;
  // Signed in with the new password: the dashboard says the password was changed.
  return redirect(`${withBase(fileVariant, '/dashboard')}?password=changed`, {
    headers: { 'Set-Cookie': result.cookie },
  });
}

export default function ResetWithLink() {
  const { state } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { variant } = useRootData()!;
  const { t } = useTranslation('signin');
  return (
    <div className="container page">
      <div className="form-card">
        <h1>{t('reset.newTitle')}</h1>
        {state === 'valid' ? (
          <>
            <p className="lead">{t('reset.newLead')}</p>
            <NewPasswordForm id="reset-password" lastResult={actionData?.result} />
          </>
        ) : state === 'used' ? (
          <div className="panel panel--warning" role="alert">
            <p>{t('reset.usedText')}</p>
            <ButtonLinkLine to={href(variant, '/signin')}>{t('reset.signIn')}</ButtonLinkLine>
            <p>
              <Link to={href(variant, '/password/reset')}>{t('reset.again')}</Link>
            </p>
          </div>
        ) : (
          <div className="panel panel--warning" role="alert">
            <p>{t('reset.errors.invalidLink')}</p>
            <p>
              <Link to={href(variant, '/password/reset')}>{t('reset.again')}</Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
