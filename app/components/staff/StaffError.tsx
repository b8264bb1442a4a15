import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';

const kindOf = (error: unknown) => {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return status === 403 ? 'forbidden' : status === 404 ? 'notFound' : 'failed';
};

/** The head of a failed desk page: its title in staff words (the root layout renders it in <head>). */
export function StaffErrorHead({ error }: { error: unknown }) {
  const { t } = useTranslation('staff');
  return (
    <>
      <title>{t(`error.${kindOf(error)}.title`)}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}

/** The desk's error page: a refusal (403), a missing entry (404) or a failure, in staff words. */
export function StaffErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation('staff');
  if (!isRouteErrorResponse(error)) console.error(error);
  const kind = kindOf(error);
  return (
    <div className="staff-page">
      <h1>{t(`error.${kind}.title`)}</h1>
      <p>{t(`error.${kind}.text`)}</p>
      <p>
        <Link to="/staff">{t('error.back')}</Link>
      </p>
    </div>
  );
}
