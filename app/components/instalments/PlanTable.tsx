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
export function PlanTable({
  rows,
  currency,
  locale,
  caption,
}: {
  rows: PlanTableRow[];
  currency: string;
  locale: string;
  caption: string;
}) {
  const { t } = useTranslation('instalments');
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const showState = rows.some((r) => r.paid || r.skipped);
  // On a phone each row is a card with its values labelled (instalments.css): `data-label`
  // carries the column name for the eye. The rows and cells carry no ARIA roles: on a native
  // table's tr, th and td they are not allowed (ARIA in HTML; the Nu checker rejects them,
  // scripts/check-html.ts). Chromium keeps the table's own roles for rows shown as blocks.
  const heads = [
    t('table.position'),
    t('table.dueOn'),
    t('table.amount'),
    t('table.claim'),
    t('table.remaining'),
    ...(showState ? [t('table.state')] : []),
  ];
  return (
    // A scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="plan-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {heads.map((head) => (
              <th key={head} scope="col">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.position} className={row.isFinal ? 'is-final' : undefined}>
              <td data-label={heads[0]}>{row.isFinal ? t('table.final', { position: row.position }) : row.position}</td>
              <td data-label={heads[1]}>{formatDate(row.dueOn, locale, 'medium')}</td>
              <td data-label={heads[2]}>{money(row.amountMinor)}</td>
              <td data-label={heads[3]}>{money(row.claimMinor)}</td>
              <td data-label={heads[4]}>{money(row.remainingMinor)}</td>
              {showState ? (
                <td data-label={heads[5]}>
                  {row.paid ? t('table.paid') : row.skipped ? t('table.skipped') : t('table.open')}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
