import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** The desk's error page: a refusal (403), a missing entry (404) or a failure, in staff words. */
export function StaffErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation('staff');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const kind = status === 403 ? 'forbidden' : status === 404 ? 'notFound' : 'failed';
  return (
    <div className="staff-page">
      <title>{t(`error.${kind}.title`)}</title>
      <h1>{t(`error.${kind}.title`)}</h1>
      <p>{t(`error.${kind}.text`)}</p>
      <p>
        <Link to="/staff">{t('error.back')}</Link>
      </p>
    </div>
  );
}
