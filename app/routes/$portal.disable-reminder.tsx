import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { disableRemindersForPage, readReminderOptOutToken } from '#server/mail/reminders.ts';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { useRootData } from '~/root';
import { readForm } from '~/lib/form.server';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { privatePageMeta } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = { i18n: ['common', 'legal'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'legal');
  const token = new URL(request.url).searchParams.get('token');
  return {
    title: documentTitle(t('disableReminder.title'), variant.brand.name),
    token: token ?? '',
    linkValid: readReminderOptOutToken(token) !== null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = form.get('token');
  const result = await disableRemindersForPage(typeof token === 'string' ? token : null);
  return data(result, { status: result.ok ? 200 : 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export default function DisableReminder() {
  const { token, linkValid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { variant } = useRootData()!;
  const { t } = useTranslation('legal');
  const phone = <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a>;
  return (
    <div className="container page">
      <div className="prose">
        <h1>{t('disableReminder.title')}</h1>
        {result?.ok ? (
          <div className="panel panel--success" role="status">
            <p>{t(result.alreadyDisabled ? 'disableReminder.already' : 'disableReminder.done')}</p>
          </div>
        ) : result && !result.ok ? (
          <div className="panel panel--warning" role="alert">
            <p>
              {t('disableReminder.failed')} {phone}
            </p>
          </div>
        ) : linkValid ? (
          <>
            <p className="lead">{t('disableReminder.question')}</p>
            <p>{t('disableReminder.explanation')}</p>
            <Form method="post">
              <input type="hidden" name="token" value={token} />
              <SubmitButton>{t('disableReminder.confirm')}</SubmitButton>
            </Form>
          </>
        ) : (
          <div className="panel panel--warning">
            <p>
              {t('disableReminder.invalidLink')} {phone}
            </p>
          </div>
        )}
        <p className="muted">{t('disableReminder.note')}</p>
      </div>
    </div>
  );
}
