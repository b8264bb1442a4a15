import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';

function DateFilter({ id, name, label, value }: { id: string; name: string; label: string; value?: string }) {
  return (
    <div className="field staff-filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" name={name} defaultValue={value ?? ''} className="input" />
    </div>
  );
}

/** The staff desk's date range filter (from, to), the same on the log and on the charts. */
export function DateRangeFilter({ idPrefix, from, to }: { idPrefix: string; from?: string; to?: string }) {
  const { t } = useTranslation('staff');
  return (
    <>
      <DateFilter id={`${idPrefix}-from`} name="from" label={t('log.from')} value={from} />
      <DateFilter id={`${idPrefix}-to`} name="to" label={t('log.to')} value={to} />
    </>
  );
}

/** The buttons under the staff desk's filters: apply them, or reset to the page without any (`resetTo`). */
export function FilterButtons({ resetTo }: { resetTo: string }) {
  const { t } = useTranslation('staff');
  return (
    <div className="button-row">
      <button type="submit" className="button">
        {t('log.apply')}
      </button>
      <Link to={resetTo} className="button button--secondary">
        {t('log.reset')}
      </Link>
    </div>
  );
}
