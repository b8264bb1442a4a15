import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '~/lib/format';

export interface PlanTableRow {
  position: number;
  dueOn: string;
  amountMinor: number;
  claimMinor: number;
  remainingMinor: number;
  isFinal: boolean;
  paid?: boolean;
  skipped?: boolean;
}

/** The full repayment plan: position, due date, amount, claim including the fee, remaining; the last row is the final payment. */
export function PlanTable({ rows, currency, locale, caption }: { rows: PlanTableRow[]; currency: string; locale: string; caption: string }) {
  const { t } = useTranslation('instalments');
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const showState = rows.some((r) => r.paid || r.skipped);
  return (
    // A scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="plan-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.position')}</th>
            <th scope="col">{t('table.dueOn')}</th>
            <th scope="col">{t('table.amount')}</th>
            <th scope="col">{t('table.claim')}</th>
            <th scope="col">{t('table.remaining')}</th>
            {showState ? <th scope="col">{t('table.state')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.position} className={row.isFinal ? 'is-final' : undefined}>
              <td>{row.isFinal ? t('table.final', { position: row.position }) : row.position}</td>
              <td>{formatDate(row.dueOn, locale, 'medium')}</td>
              <td>{money(row.amountMinor)}</td>
              <td>{money(row.claimMinor)}</td>
              <td>{money(row.remainingMinor)}</td>
              {showState ? <td>{row.paid ? t('table.paid') : row.skipped ? t('table.skipped') : t('table.open')}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
