import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '~/lib/format';

export interface CostsProps {
  residualClaimMinor: number;
  feeMinor: number;
  expensesMinor: number;
  vatMinor: number;
  totalMinor: number;
  monthlyMinor?: number;
  instalmentCount?: number;
  firstDueOn?: string;
  currency: string;
  locale: string;
  /** Show VAT even when it is zero (a variant that passes VAT on). */
  vatApplies?: boolean;
  /** The sentence that explains the fee (common namespace key, from `feeExplanationKey`). */
  feeNote?: string | null;
  /** An agreed plan: its first line is the claim when it was agreed, not what is open today. */
  agreed?: boolean;
}

/** The costs of a plan in writing: residual claim, instalment fee, expenses, VAT, total; with the plan's terms when known. */
export function Costs(p: CostsProps) {
  const { t } = useTranslation(['instalments', 'common']);
  const money = (minor: number) => formatMoney(minor, p.currency, p.locale);
  return (
    <>
      <dl className="definition-list costs">
        <dt>{t(p.agreed ? 'costs.residualClaimAgreed' : 'costs.residualClaim')}</dt>
        <dd>{money(p.residualClaimMinor)}</dd>
        <dt>{t('costs.instalmentFee')}</dt>
        <dd>{money(p.feeMinor)}</dd>
        <dt>{t('costs.expenses')}</dt>
        <dd>{money(p.expensesMinor)}</dd>
        {p.vatMinor > 0 || p.vatApplies ? (
          <>
            <dt>{t('costs.vat')}</dt>
            <dd>{money(p.vatMinor)}</dd>
          </>
        ) : null}
        <dt className="costs__total">{t('costs.total')}</dt>
        <dd className="costs__total" data-testid="plan-total">
          {money(p.totalMinor)}
        </dd>
        {p.monthlyMinor !== undefined ? (
          <>
            <dt>{t('costs.monthly')}</dt>
            <dd data-testid="plan-monthly">{money(p.monthlyMinor)}</dd>
          </>
        ) : null}
        {p.instalmentCount !== undefined ? (
          <>
            <dt>{t('costs.count')}</dt>
            <dd data-testid="plan-count">{p.instalmentCount}</dd>
          </>
        ) : null}
        {p.firstDueOn ? (
          <>
            <dt>{t('costs.firstDueOn')}</dt>
            <dd>{formatDate(p.firstDueOn, p.locale)}</dd>
          </>
        ) : null}
      </dl>
      {p.feeMinor > 0 ? <FeeNote note={p.feeNote} amount={money(p.feeMinor + p.vatMinor)} /> : null}
    </>
  );
}

/** The sentence that explains an agreement fee (decision 026), with the fee's amount; nothing without one. */
export function FeeNote({ note, amount }: { note: string | null | undefined; amount: string }) {
  const { t } = useTranslation('common');
  return note ? (
    <p className="muted" data-testid="fee-note">
      {t(`common:${note}`, { amount })}
    </p>
  ) : null;
}
