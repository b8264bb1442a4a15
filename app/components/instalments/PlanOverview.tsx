import { Link } from '~/components/ui/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '~/lib/format';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { PlanTable, type PlanTableRow } from './PlanTable';

/** Up to this many rates the table is short enough to show as it is. */
const shortPlan = 4;

/**
 * A plan in a few lines, the full table on demand (issue 25, finding 8: thirteen rates were
 * thirteen stacked cards, 2,500 px on a phone). The lines: from when to when, the final rate when
 * it differs from the others and, for an agreed plan, the next rate to pay. Count, monthly rate,
 * total and first date are in the costs above it (Costs). A short plan shows its table at once.
 */
export function PlanOverview({
  rows,
  currency,
  locale,
  caption,
  showNext = false,
}: {
  rows: PlanTableRow[];
  currency: string;
  locale: string;
  caption: string;
  /** An agreed plan: name the next rate that is neither paid nor skipped. */
  showNext?: boolean;
}) {
  const { t } = useTranslation('instalments');
  const table = <PlanTable rows={rows} currency={currency} locale={locale} caption={caption} />;
  // A skipped rate is not owed on its date; the rates to pay are the others.
  const toPay = rows.filter((row) => !row.skipped);
  const first = toPay[0];
  const last = toPay.at(-1);
  if (!first || !last || rows.length <= shortPlan) return table;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const date = (iso: string) => formatDate(iso, locale, 'medium');
  const next = showNext ? toPay.find((row) => !row.paid) : undefined;
  return (
    <div className="plan-overview">
      <dl className="definition-list plan-summary" data-testid="plan-summary">
        <dt>{t('planSummary.period')}</dt>
        <dd>{t('planSummary.periodValue', { first: date(first.dueOn), last: date(last.dueOn) })}</dd>
        {last.amountMinor !== first.amountMinor ? (
          <>
            <dt>{t('planSummary.final')}</dt>
            <dd>{t('planSummary.rateOn', { amount: money(last.amountMinor), date: date(last.dueOn) })}</dd>
          </>
        ) : null}
        {next ? (
          <>
            <dt>{t('planSummary.next')}</dt>
            <dd data-testid="plan-next">
              {t('planSummary.rateOn', { amount: money(next.amountMinor), date: date(next.dueOn) })}
            </dd>
          </>
        ) : null}
      </dl>
      <details className="plan-details">
        <summary>{t('planSummary.showAll', { number: rows.length })}</summary>
        {table}
      </details>
    </div>
  );
}

/**
 * An agreed plan's rates (with the next one named) and the links below them: print the SEPA
 * mandate for a direct-debit plan, any `links` of the page, then back to the dashboard.
 */
export function AgreedPlanSchedule({
  rows,
  isSepa,
  currency,
  rowClassName = 'button-row',
  links,
}: {
  rows: PlanTableRow[];
  isSepa: boolean;
  currency: string;
  rowClassName?: string;
  links?: ReactNode;
}) {
  const { t } = useTranslation('instalments');
  const { variant, locale } = useRootData()!;
  return (
    <>
      <PlanOverview rows={rows} currency={currency} locale={locale} caption={t('overview.tableCaption')} showNext />
      <div className={rowClassName}>
        {isSepa ? (
          <Link className="button button--secondary" to={href(variant, '/sepa-mandate')}>
            {t('mandate.print')}
          </Link>
        ) : null}
        {links}
        <Link className="button button--secondary" to={href(variant, '/dashboard')}>
          {t('back')}
        </Link>
      </div>
    </>
  );
}
