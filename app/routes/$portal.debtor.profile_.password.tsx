import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { changeProfilePasswordForPage } from '#server/profile/password.ts';
import { withBase } from '#server/variants/resolve.ts';
import { changePasswordSchema, NewPasswordForm, newPasswordHiddenFields } from '~/components/forms/NewPassword';
import { ProfileTabs } from '~/components/profile/ProfileTabs';
import { requireDebtor } from '~/lib/auth.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import profileStyles from '~/styles/profile.css?url';
import serviceStyles from '~/styles/service.css?url';
import { readForm } from '~/lib/form.server';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The profile's "change password" tab (spec 2.1 /debtor/profile/password, 5, 8): the old
 * password, then the new one twice. The rules and messages are those of the forced change
 * (the shared NewPasswordForm); on success every other session ends and this one continues
 * with a fresh token.
 */
export const handle = { i18n: ['common', 'signin', 'profile'] };
export const links = stylesheets(serviceStyles, profileStyles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'profile');
  await requireDebtor(request, variant, { level: 'full', context });
  return {
    title: documentTitle(t('password.title'), variant.brand.name),
    changed: new URL(request.url).searchParams.get('changed') === '1',
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant } = await pageContext(request, params, 'profile');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const submission = parseWithZod(await readForm(request), { error: fieldError, schema: changePasswordSchema });
  const hidden = { hideFields: newPasswordHiddenFields };
  if (submission.status !== 'success') return data({ result: submission.reply(hidden) }, { status: 400 });
  const { oldPassword, newPassword } = submission.value;
  const result = await changeProfilePasswordForPage(
    session,
    { oldPassword, newPassword },
    { clientAddress: context.clientAddress },
  );
  if (!result.ok) {
    const fieldErrors: Record<string, string[]> =
      result.error === 'wrongOld'
        ? { oldPassword: ['errors.password.wrongOld'] }
        : result.error === 'locked'
          ? { oldPassword: ['profile:password.locked'] }
          : { newPassword: [`errors.password.${result.error}`] };
    return data(
      { result: submission.reply({ ...hidden, fieldErrors }) },
      { status: result.error === 'locked' ? 429 : 400 },
    );
  }
  return redirect(`${withBase(variant, '/debtor/profile/password')}?changed=1`, {
    headers: { 'Set-Cookie': result.cookie },
  });
}

export default function ChangePassword() {
  const { changed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['profile', 'signin']);
  return (
    <div className="container page profile">
      <h1>{t('title')}</h1>
      <ProfileTabs current="password" />
      <div className="form-wide">
        <h2>{t('password.title')}</h2>
        {changed ? (
          <div className="panel panel--success" role="status">
            <p>
              <strong>{t('password.changed.title')}</strong>
            </p>
            <p>{t('password.changed.text')}</p>
          </div>
        ) : (
          <p className="lead">{t('password.lead')}</p>
        )}
        <NewPasswordForm
          id="change-password"
          lastResult={actionData?.result}
          askOld={{ label: t('password.old') }}
          submitLabel={t('password.submit')}
        />
      </div>
    </div>
  );
}
