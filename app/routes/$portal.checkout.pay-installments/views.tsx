/**
 * The wizard's pages besides the flow: why no plan is possible, the deposit or down payment first,
 * the proof of income awaited, continuing a pending plan, and the summary of the plan made.
 */
import { Form } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { Costs } from '~/components/instalments/Costs';
import { AgreedPlanSchedule, PlanOverview } from '~/components/instalments/PlanOverview';
import { Stepper } from '~/components/ui/Stepper';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { type LoaderData, stepLabels, useMoney, useWizardData } from './shared';
import { MandateStep, MethodStep } from './steps';
import { CallUsLink } from '~/components/ui/CallUsLink';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';

export function Refused({ code, messageKey }: { code: number | string; messageKey: string }) {
  const { t } = useTranslation(['instalments', 'common']);
  const { variant } = useRootData()!;
  return (
    <div className="panel panel--warning" data-testid={`instalment-error-${code}`}>
      <p>{t(messageKey)}</p>
      {code === 2 ? (
        <p>
          <Link to={href(variant, '/installment-plan')}>{t('payInstalments.toPlan')}</Link>
        </p>
      ) : null}
      {code === 1 ? (
        <p>
          <Link to={href(variant, '/checkout/pay-direct')}>{t('payInstalments.otherOptions')}</Link>
        </p>
      ) : null}
      <p>
        <CallUsLink variant={variant} />
      </p>
      <p>
        <Link to={href(variant, '/dashboard')}>{t('back')}</Link>
      </p>
    </div>
  );
}

/** Deposit (code 5) or down payment first: the amount, why, and the hand-over to the payment pages. */
export function Handover({
  kind,
  amountMinor,
  dueOn,
}: {
  kind: 'deposit' | 'downPayment';
  amountMinor: number;
  dueOn?: string | null;
}) {
  const { t } = useTranslation('instalments');
  const { money, date, locale } = useMoney();
  const d = useWizardData();
  const plan = d.view === 'downPayment' ? d.plan : null;
  return (
    <>
      <div className="panel panel--warning">
        <p>
          {kind === 'deposit'
            ? t('errors.code5', { amount: money(amountMinor) })
            : t('downPayment.text', { amount: money(amountMinor) })}
        </p>
        {dueOn ? <p>{t('downPayment.dueBy', { date: date(dueOn) })}</p> : null}
      </div>
      <p>{kind === 'deposit' ? t('deposit.then') : t('downPayment.then')}</p>
      {plan ? (
        <section aria-labelledby="pending-plan">
          <h2 id="pending-plan">{t('downPayment.planTitle')}</h2>
          <Costs {...plan} agreed feeNote={d.feeNote} currency={d.currency} locale={locale} />
          <PlanOverview rows={plan.rows} currency={d.currency} locale={locale} caption={t('overview.tableCaption')} />
        </section>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value={kind === 'deposit' ? 'payDeposit' : 'payDownPayment'} />
        <button type="submit" className="button">
          {kind === 'deposit'
            ? t('deposit.pay', { amount: money(amountMinor) })
            : t('downPayment.pay', { amount: money(amountMinor) })}
        </button>
      </Form>
    </>
  );
}

export function AwaitingProof() {
  const { t } = useTranslation('instalments');
  const { variant } = useRootData()!;
  return (
    <div className="panel">
      <p>{t('summary.pendingProof')}</p>
      <ButtonLinkLine to={href(variant, '/upload-center')}>{t('summary.toUpload')}</ButtonLinkLine>
    </div>
  );
}

export function Summary() {
  const d = useWizardData() as Extract<LoaderData, { view: 'summary' }>;
  const { t } = useTranslation('instalments');
  const { variant } = useRootData()!;
  const { locale } = useMoney();
  const plan = d.plan;
  return (
    <>
      <Stepper steps={stepLabels(t)} current={5} />
      <div className="panel panel--success" role="status">
        <h2>{plan.status === 'active' ? t('summary.title') : t('summary.pendingTitle')}</h2>
        <p>
          {plan.status === 'active'
            ? t(plan.isSepa ? 'summary.sepa' : plan.providerId === '6' ? 'summary.transfer' : 'summary.online')
            : t('summary.pendingProof')}
        </p>
        {d.hasEmail ? <p>{t('summary.mail')}</p> : null}
      </div>
      {plan.status === 'pending' ? (
        <ButtonLinkLine to={href(variant, '/upload-center')}>{t('summary.toUpload')}</ButtonLinkLine>
      ) : null}
      {d.mandateReference ? (
        <dl className="definition-list">
          <dt>{t('mandate.reference')}</dt>
          <dd className="fixed-text" data-testid="mandate-reference">
            {d.mandateReference}
          </dd>
          <dt>{t('mandate.creditorId')}</dt>
          <dd className="fixed-text">{d.creditorId}</dd>
        </dl>
      ) : null}
      <Costs {...plan} agreed feeNote={d.feeNote} currency={d.currency} locale={locale} />
      <AgreedPlanSchedule
        rows={plan.rows}
        isSepa={plan.isSepa}
        currency={d.currency}
        links={
          <Link className="button button--secondary" to={href(variant, '/installment-plan')}>
            {t('payInstalments.toPlan')}
          </Link>
        }
      />
    </>
  );
}

export function Continue() {
  const d = useWizardData() as Extract<LoaderData, { view: 'continue' }>;
  const { t } = useTranslation('instalments');
  const { locale } = useMoney();
  return (
    <>
      <div className="panel panel--success">
        <p>{t('downPayment.paid')}</p>
      </div>
      <Costs {...d.plan} agreed feeNote={d.feeNote} currency={d.currency} locale={locale} />
      <PlanOverview rows={d.plan.rows} currency={d.currency} locale={locale} caption={t('overview.tableCaption')} />
      {d.step === 'mandate' ? (
        <MandateStep
          d={{ holder: d.holder, creditor: d.creditor, creditorId: d.creditorId, targetDate: d.plan.firstDueOn }}
          intent="continueMandate"
        />
      ) : (
        <MethodStep d={{}} intent="continueMethod" />
      )}
    </>
  );
}
