import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { StoredAddressOffer } from '~/components/forms/StoredAddressOffer';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Field } from '~/components/ui/Field';
import { RateLimitMessage, useRateLimitError } from '~/components/ui/RateLimitMessage';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { codeGroups, formatMoney } from '~/lib/format';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import type { action, loader } from '~/routes/$portal.checkout.pay-direct_.payment.$paymentId';

// A bank transfer's part of the payment page (app/routes/$portal.checkout.pay-direct_.payment.$paymentId.tsx):
// the details to type or scan, and the details by e-mail.

type Transfer = Extract<ReturnType<typeof useLoaderData<typeof loader>>['instructions'], { type: 'bankTransfer' }>;

/** The transfer's details, each copyable, with the Swiss QR bill or the EPC QR code where there is one. */
export function TransferDetails({ instructions }: { instructions: Transfer }) {
  const d = useLoaderData<typeof loader>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['checkout', 'common']);
  const p = d.payment;
  const money = (minor: number) => formatMoney(minor, p.currency, locale);
  return (
    <section className="card" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">{t('transfer.title')}</h2>
      <p>{t('transfer.lead')}</p>
      <dl className="definition-list" data-testid="transfer-details">
        <dt>{t('transfer.recipient')}</dt>
        <dd>{instructions.recipient}</dd>
        <dt>{t(d.qrBill ? 'transfer.qrIban' : 'transfer.iban')}</dt>
        <dd className="copyable copyable--grouped">
          <CodeGroups groups={codeGroups(d.qrBill?.iban ?? instructions.iban, 'iban')} />
        </dd>
        <dt>{t('transfer.bic')}</dt>
        <dd className="copyable">{instructions.bic}</dd>
        <dt>{t('transfer.amount')}</dt>
        <dd>{money(p.amountMinor + p.feeMinor)}</dd>
        {d.qrBill ? (
          <>
            <dt>{t('transfer.qrReference')}</dt>
            <dd className="copyable copyable--grouped" data-testid="qr-reference">
              <CodeGroups groups={codeGroups(d.qrBill.reference, 'qrReference')} />
            </dd>
          </>
        ) : null}
        <dt>{t('transfer.remittance')}</dt>
        <dd className="copyable">{instructions.remittance}</dd>
      </dl>
      {d.qrBill ? (
        <div className="qr-bill">
          <figure>
            <img
              src={href(variant, `/checkout/pay-direct/payment/${p.id}/qr-bill.svg`)}
              width={794}
              height={397}
              alt={t('transfer.qrBillAlt', {
                amount: money(p.amountMinor + p.feeMinor),
                reference: d.qrBill.reference,
              })}
              data-testid="qr-bill"
            />
            <figcaption>{t('transfer.qrBillCaption')}</figcaption>
          </figure>
          <p>
            <a href={`${href(variant, `/checkout/pay-direct/payment/${p.id}/qr-bill.svg`)}?download=1`} download>
              {t('transfer.qrBillDownload')}
            </a>
          </p>
        </div>
      ) : d.qr ? (
        <div className="pay-codes">
          <figure>
            <img
              src={d.qr}
              width={220}
              height={220}
              alt={t('transfer.qrAlt', {
                amount: money(p.amountMinor + p.feeMinor),
                reference: instructions.remittance,
              })}
            />
            <figcaption>{t('transfer.qrCaption')}</figcaption>
          </figure>
        </div>
      ) : (
        <p className="muted">{t('transfer.noQr')}</p>
      )}
      <p className="muted">{t('transfer.booking')}</p>
    </section>
  );
}

/**
 * The transfer's details by e-mail: to the address typed (full login), or, for a reference-only
 * session, to the stored address or by the way to the full login.
 */
export function TransferMail() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const rounds = useSubmissionRounds(actionData);
  const { t } = useTranslation(['checkout', 'common']);
  const mailError = actionData?.error ? t(actionData.error) : undefined;
  const mailLimited = useRateLimitError(actionData, 'transfer-mail');
  return (
    <section className="card" aria-labelledby="mail-heading">
      <h2 id="mail-heading">{t('transfer.mailTitle')}</h2>
      {actionData?.mailed ? (
        <p role="status" className="panel panel--success">
          {d.full ? t('transfer.mailed') : t('common:shell.stepUp.sentToStored')}
        </p>
      ) : !d.full ? (
        <>
          {mailError ? (
            <p className="panel panel--warning" role="alert">
              {mailError}
            </p>
          ) : null}
          <RateLimitMessage error={mailLimited} />
          <StoredAddressOffer offer={d} intent="mail" buttonClassName="button button--secondary" />
        </>
      ) : (
        <>
          <ErrorSummary
            errors={[
              ...(mailError ? [{ fieldId: 'transfer-email', message: mailError }] : []),
              ...(mailLimited ? [mailLimited] : []),
            ]}
            round={rounds.round}
          />
          <Form method="post" onSubmitCapture={rounds.onSubmitCapture} noValidate>
            <input type="hidden" name="intent" value="mail" />
            <Field
              id="transfer-email"
              name="email"
              type="email"
              label={t('transfer.email')}
              hint={t('transfer.emailHint')}
              defaultValue={d.email}
              error={mailError}
              autoComplete="email"
              required
            />
            <RateLimitMessage error={mailLimited} />
            <SubmitButton className="button button--secondary">{t('transfer.mailSend')}</SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}

/** A code in its groups, each unbreakable, with ordinary spaces between them (copied as typed on the bill). */
function CodeGroups({ groups }: { groups: string[] }) {
  return groups.map((group, index) => (
    <Fragment key={index}>
      {index > 0 ? ' ' : null}
      <span className="code-group">{group}</span>
    </Fragment>
  ));
}
