import { Form } from '@remix-run/react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextareaField } from '~/components/ui/Field';
import { formatMoney } from '~/lib/format';

/** What the debtor pays: the purpose, the amount, a fee where one applies, and the total. */
export function PaymentSummary({
  purpose,
  amountMinor,
  feeMinor,
  currency,
  locale,
  reference,
}: {
  purpose: string;
  amountMinor: number;
  feeMinor?: number;
  currency: string;
  locale: string;
  reference?: string;
}) {
  const { t } = useTranslation('checkout');
  const money = (minor: number) => formatMoney(minor, currency, locale);
  return (
    <dl className="definition-list payment-summary">
      {reference ? (
        <>
          <dt>{t('summary.reference')}</dt>
          <dd>{reference}</dd>
        </>
      ) : null}
      <dt>{t('summary.purpose')}</dt>
      <dd>{t(`purpose.${purpose}`)}</dd>
      <dt>{t('summary.amount')}</dt>
      <dd data-testid="pay-amount">{money(amountMinor)}</dd>
      {feeMinor ? (
        <>
          <dt>{t('summary.fee')}</dt>
          <dd>{money(feeMinor)}</dd>
          <dt>{t('summary.total')}</dt>
          <dd>
            <strong>{money(amountMinor + feeMinor)}</strong>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The summary card of the checkout pages: what is paid (see PaymentSummary), the method once one is
 * chosen, and what the page adds below it (`children`).
 */
export function PaymentSummaryCard({
  headingId,
  payment,
  locale,
  reference,
  children,
}: {
  headingId: string;
  payment: { purpose: string; amountMinor: number; feeMinor?: number; currency: string; method?: string };
  locale: string;
  reference?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('summary.title')}</h2>
      <PaymentSummary
        purpose={payment.purpose}
        amountMinor={payment.amountMinor}
        feeMinor={payment.feeMinor}
        currency={payment.currency}
        locale={locale}
        reference={reference}
      />
      {payment.method ? (
        <p className="muted">{t('summary.method', { method: t(`methods.${payment.method}.name`) })}</p>
      ) : null}
      {children}
    </section>
  );
}

/** Star rating 1 to 5 as a radio group (spec section 9 "Feedback scale 1 to 5 stars"); works without JavaScript. */
export function StarRating({ name, legend }: { name: string; legend: string }) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset className="fieldset-plain stars">
      <legend>
        {legend} <span className="muted">({t('common:form.optional')})</span>
      </legend>
      <div className="stars__options">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="stars__option">
            <input type="radio" name={name} value={n} />
            <span aria-hidden="true">{'★'.repeat(n)}</span>
            <span className="stars__text">{t(`feedback.stars.${n}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The payment pages' feedback card: its title, then the thanks once sent, or else a form with
 * `children` (hidden fields, a lead), the stars, an optional comment and the send button; the
 * action reads `stars` and `comment`.
 */
export function FeedbackCard({
  id,
  headingRef,
  text,
  sent,
  children,
}: {
  id: string;
  headingRef?: Ref<HTMLHeadingElement>;
  text: { title: string; thanks: string; stars: string; comment: string; send: string };
  sent: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef}>
        {text.title}
      </h2>
      {sent ? (
        <p role="status">{text.thanks}</p>
      ) : (
        <Form method="post">
          {children}
          <StarRating name="stars" legend={text.stars} />
          <TextareaField
            id={`${id}-comment`}
            name="comment"
            label={text.comment}
            className="textarea"
            maxLength={1000}
          />
          <button type="submit" className="button button--secondary">
            {text.send}
          </button>
        </Form>
      )}
    </section>
  );
}
