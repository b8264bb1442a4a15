import { useTranslation } from 'react-i18next';
import type { PublicVariant } from '~/lib/variant';

/** The support's phone as a link that dials it, worded "Call us: …" (common `errors.callUs`). */
export function CallUsLink({ variant, className }: { variant: PublicVariant; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <a className={className} href={`tel:${variant.support.phoneHref}`}>
      {t('errors.callUs', { phone: variant.support.phone })}
    </a>
  );
}
