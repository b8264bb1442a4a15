import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '~/lib/format';

/**
 * The note beside the status while an announced payment is being checked: the status itself
 * (and what it allows) stays as it is until staff have booked or answered the payment.
 */
export function AnnouncedPaymentNote({
  payment,
  locale,
}: {
  payment: { paidOn: string; amountMinor: number; currency: string; announcedOn: string } | null;
  locale: string;
}) {
  const { t } = useTranslation('claim');
  if (!payment) return null;
  return (
    <p className="status-note" data-testid="announced-payment">
      {t('announced', {
        amount: formatMoney(payment.amountMinor, payment.currency, locale),
        paidOn: formatDate(payment.paidOn, locale),
        announcedOn: formatDate(payment.announcedOn, locale),
      })}
    </p>
  );
}
