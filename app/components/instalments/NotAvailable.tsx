import { useTranslation } from 'react-i18next';
import { useRootData } from '~/root';

/**
 * An agreement the file cannot have now (pay later when a deferral is not possible, skipping
 * when it is not offered): the reason given, and the support line to call instead.
 */
export function NotAvailable({ message }: { message: string }) {
  const { t } = useTranslation('common');
  const { variant } = useRootData()!;
  return (
    <div className="panel panel--warning">
      <p>{message}</p>
      <p>
        <a href={`tel:${variant.support.phoneHref}`}>{t('errors.callUs', { phone: variant.support.phone })}</a>
      </p>
    </div>
  );
}
