import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { href, type PublicVariant } from '~/lib/variant';

/**
 * A dashboard tile for the upload center, shown while documents are outstanding. The dashboard
 * gets `outstanding` from `loadUploadCenter(db, fileId)` (server/documents/upload-center.ts)
 * and renders this inside its `.tiles` list when `showUploadCenter && outstanding > 0`.
 * Needs the `uploads` namespace in the route's handle.
 */
export function UploadCenterTile({
  variant,
  outstanding,
  stepUp,
}: {
  variant: Pick<PublicVariant, 'basePath'>;
  outstanding: number;
  /** For a reference-only session: the sign-in with password that leads here, and its label. */
  stepUp?: { to: string; label: string };
}) {
  const { t } = useTranslation('uploads');
  if (outstanding <= 0) return null;
  return (
    <li>
      <Link to={stepUp?.to ?? href(variant, '/upload-center')}>
        <strong>{t('center.tile')}</strong>
        <span>{t('center.tileText', { count: outstanding })}</span>
        {stepUp ? <span className="tile-step-up">{stepUp.label}</span> : null}
      </Link>
    </li>
  );
}
