import { Form, useActionData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import type { ClaimInformation } from '#server/claims/information.ts';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { claimSubjectText, invoiceDescription, legalBasisText } from '~/lib/claim-texts';
import { formatDate, formatMoney, formatNumber } from '~/lib/format';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import type { action } from '~/routes/$portal.claim-information';

// The sections of the claim information page (app/routes/$portal.claim-information.tsx), each
// with its own anchor for the page's table of contents.

type Info = ClaimInformation;
type T = ReturnType<typeof useTranslation>['t'];

/** The statement of claim: each invoice (or the main claim), the interest, the costs with their explanation, payments, total. */
export function StatementOfClaim({ info, feeNotes }: { info: Info; feeNotes: Record<string, string | null> }) {
  const { t } = useTranslation(['claimInfo', 'claim', 'common']);
  const { locale, language } = useRootData()!;
  const money = (minor: number) => formatMoney(minor, info.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  return (
    <section id="list-of-claims" className="claim-section" aria-labelledby="list-of-claims-heading">
      <h2 id="list-of-claims-heading">{t('statement.title')}</h2>
      <p>{t('statement.subject', { subject: claimSubjectText(t, info.subject) })}</p>
      {info.contractDate ? (
        <p className="muted">{t('statement.contractDate', { date: date(info.contractDate) })}</p>
      ) : null}
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">{t('statement.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('statement.item')}</th>
              <th scope="col" className="num">
                {t('statement.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {info.invoices.length > 0 ? (
              info.invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row">
                    {t('statement.invoice', { number: invoice.number, date: date(invoice.date) })}
                    <span className="muted cell-note">{invoiceDescription(invoice, language)}</span>
                  </th>
                  <td className="num">{money(invoice.amountMinor)}</td>
                </tr>
              ))
            ) : (
              <tr>
                <th scope="row">{t('statement.mainClaim')}</th>
                <td className="num">{money(info.breakdown.mainClaimMinor)}</td>
              </tr>
            )}
            <tr>
              <th scope="row">
                {t('statement.interest')}
                {info.interest.rateBp && info.interest.fromDate ? (
                  <span className="muted cell-note">
                    {t('statement.interestSince', { date: date(info.interest.fromDate) })}
                  </span>
                ) : null}
              </th>
              <td className="num">{money(info.interest.amountMinor)}</td>
            </tr>
            {info.costs.map((cost, index) => (
              <tr key={index}>
                <th scope="row">
                  {t(`costKinds.${cost.kind}`)}
                  {feeNotes[cost.kind] ? (
                    <span className="muted cell-note">
                      {t(`common:${feeNotes[cost.kind]}`, { amount: money(cost.amountMinor) })}
                    </span>
                  ) : null}
                </th>
                <td className="num">{money(cost.amountMinor)}</td>
              </tr>
            ))}
            {info.breakdown.paymentsMinor > 0 ? (
              <tr>
                <th scope="row">{t('statement.paymentsReceived')}</th>
                <td className="num">− {money(info.breakdown.paymentsMinor)}</td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('statement.total')}</th>
              <td className="num">{money(info.breakdown.totalMinor)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** The payments booked on the file, each with the balance after it. */
export function PaymentsMade({ info }: { info: Info }) {
  const { t } = useTranslation(['claimInfo', 'claim', 'common']);
  const { locale } = useRootData()!;
  const money = (minor: number) => formatMoney(minor, info.currency, locale);
  return (
    <section id="payment-made" className="claim-section" aria-labelledby="payment-made-heading">
      <h2 id="payment-made-heading">{t('payments.title')}</h2>
      {info.payments.length === 0 ? (
        <p>{t('payments.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table data-table--stack">
            <caption className="visually-hidden">{t('payments.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments.date')}</th>
                <th scope="col">{t('payments.turnover')}</th>
                <th scope="col" className="num">
                  {t('payments.amount')}
                </th>
                <th scope="col" className="num">
                  {t('payments.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {info.payments.map((p, index) => (
                <tr key={index}>
                  <td data-label={t('payments.date')}>
                    <span>{formatDate(p.bookedOn, locale, 'medium')}</span>
                  </td>
                  <td data-label={t('payments.turnover')}>
                    <span>{t(`payments.turnovers.${p.turnover}`)}</span>
                  </td>
                  <td className="num" data-label={t('payments.amount')}>
                    <span>{money(p.amountMinor)}</span>
                  </td>
                  <td className="num" data-label={t('payments.balance')}>
                    <span>{money(p.balanceMinor)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The original invoices that can be downloaded. */
export function ClaimFiles({ info }: { info: Info }) {
  const { t } = useTranslation(['claimInfo', 'claim', 'common']);
  const { variant, locale } = useRootData()!;
  const money = (minor: number) => formatMoney(minor, info.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  return (
    <section id="files" className="claim-section" aria-labelledby="files-heading">
      <h2 id="files-heading">{t('files.title')}</h2>
      {info.invoices.some((i) => i.hasDocument) ? (
        <ul className="document-list">
          {info.invoices
            .filter((i) => i.hasDocument)
            .map((invoice) => (
              <li key={invoice.id}>
                <a href={href(variant, `/claim-information/invoices/${invoice.id}`)} download>
                  {t('files.invoice', { number: invoice.number })}
                </a>
                <span className="muted">
                  {' '}
                  {t('files.meta', { date: date(invoice.date), amount: money(invoice.amountMinor) })}
                </span>
              </li>
            ))}
        </ul>
      ) : (
        <p>{t('files.none')}</p>
      )}
    </section>
  );
}

/** The history of the file, oldest first. */
export function ClaimEvents({ events }: { events: NonNullable<Info['events']> }) {
  const { t } = useTranslation(['claimInfo', 'claim', 'common']);
  const { locale } = useRootData()!;
  const date = (iso: string) => formatDate(iso, locale);
  return (
    <section id="events" className="claim-section" aria-labelledby="events-heading">
      <h2 id="events-heading">{t('events.title')}</h2>
      {events.length === 0 ? (
        <p>{t('events.none')}</p>
      ) : (
        <ol className="timeline">
          {events.map((event, index) => (
            <li key={index}>
              <time dateTime={event.at}>{date(event.at)}</time>
              <span>{eventText(t, event)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What the agency must tell the debtor by law, with the original creditor on request. */
export function LegalInformation({
  info,
  legal,
}: {
  info: Info;
  legal: { country: string; agency: string; supervisoryAuthority: { name: string; address: string; web: string } };
}) {
  const { t } = useTranslation(['claimInfo', 'claim', 'common']);
  const actionData = useActionData<typeof action>();
  const { variant, locale } = useRootData()!;
  const money = (minor: number) => formatMoney(minor, info.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  const percent = (bp: number) => formatNumber(bp / 100, locale, 2);
  return (
    <section id="legal-information" className="claim-section" aria-labelledby="legal-heading">
      <h2 id="legal-heading">{t('legal.title')}</h2>
      <p>{t(`legal.intro.${legal.country}`, { agency: legal.agency })}</p>
      <dl className="legal-facts">
        <dt>{t('legal.creditor')}</dt>
        <dd>
          <AddressLines address={info.creditor} />
        </dd>
        <dt>{t('legal.subject')}</dt>
        <dd>
          {claimSubjectText(t, info.subject)}
          {info.contractDate ? <>. {t('legal.contractDate', { date: date(info.contractDate) })}</> : null}
        </dd>
        <dt>{t('legal.interest')}</dt>
        <dd>{interestText(t, info, legal.country, percent, date)}</dd>
        <dt>{t('legal.costs')}</dt>
        <dd>
          {info.costs.length === 0 && info.unitemisedCostsMinor === 0 ? (
            t('legal.noCosts')
          ) : (
            <ul className="plain-list">
              {info.costs.map((cost, index) => (
                <li key={index}>
                  <strong>{t(`costKinds.${cost.kind}`)}</strong>: {money(cost.amountMinor)}
                  <span className="muted cell-note">
                    {t('legal.costBasis', { basis: legalBasisText(t, cost.legalBasis) })}
                  </span>
                </li>
              ))}
              {info.unitemisedCostsMinor > 0 ? (
                <li>
                  <strong>{t('legal.costsNotItemised')}</strong>: {money(info.unitemisedCostsMinor)}
                  <span className="muted cell-note">{t('legal.costsNotItemisedNote')}</span>
                </li>
              ) : null}
            </ul>
          )}
        </dd>
        <dt>{t('legal.vat')}</dt>
        <dd>{info.costs.some((c) => c.vatIncluded) ? t('legal.vatIncluded') : t('legal.vatNotCharged')}</dd>
        <dt>{t('legal.address')}</dt>
        <dd>
          {info.addressTraced ? t('legal.addressTraced') : t('legal.addressNotTraced')}{' '}
          <Link to={href(variant, '/debtor/profile?edit=true')}>{t('legal.correctAddress')}</Link>
        </dd>
        <dt>{t('legal.authority')}</dt>
        <dd>
          {legal.supervisoryAuthority.name}
          <br />
          {legal.supervisoryAuthority.address}
          <br />
          <a href={legal.supervisoryAuthority.web} rel="noopener noreferrer">
            {legal.supervisoryAuthority.web.replace(/^https?:\/\//, '')}
          </a>
        </dd>
        {info.originalCreditor ? (
          <>
            <dt id="original-creditor">{t('legal.originalCreditor')}</dt>
            <dd>
              {info.originalCreditor.disclosed ? (
                <>
                  <AddressLines address={info.originalCreditor.disclosed} />
                  {info.originalCreditor.requestedAt ? (
                    <span className="muted cell-note">
                      {t('legal.originalCreditorRequestedOn', { date: date(info.originalCreditor.requestedAt) })}
                    </span>
                  ) : null}
                </>
              ) : (
                <Form method="post" preventScrollReset>
                  <p>{t('legal.originalCreditorOnRequest')}</p>
                  <SubmitButton name="intent" value="originalCreditor" className="button button--secondary">
                    {t('legal.requestOriginalCreditor')}
                  </SubmitButton>
                </Form>
              )}
              {actionData && 'error' in actionData ? (
                <p className="field-error" role="alert">
                  {t('legal.requestFailed')}
                </p>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function AddressLines({ address }: { address: { name: string; street: string; postalCode: string; city: string } }) {
  return (
    <address className="address">
      {address.name}
      <br />
      {address.street}
      <br />
      {address.postalCode} {address.city}
    </address>
  );
}

function interestText(
  t: T,
  info: ClaimInformation,
  country: string,
  percent: (bp: number) => string,
  date: (iso: string) => string,
): string {
  const { rateBp, basis, fromDate } = info.interest;
  if (basis === 'none' || rateBp === null) return t('legal.interestNone');
  const since = fromDate ? t('legal.interestSince', { date: date(fromDate) }) : '';
  if (basis === 'contractual') return `${t('legal.interestContractual', { rate: percent(rateBp) })} ${since}`.trim();
  // The rate itself tells a business debtor's statutory interest from a consumer's (§ 288 (2) BGB).
  return `${t(`legal.interestStatutory.${country}`, { rate: percent(rateBp) })} ${since}`.trim();
}

/** The debtor journey in words; kinds the page does not know get a neutral line. */
function eventText(t: T, event: ClaimInformation['events'] extends Array<infer E> | null ? E : never): string {
  const letter = typeof event.detail?.letter === 'string' ? event.detail.letter : null;
  if (event.kind === 'letterSent' && letter)
    return t(`events.letters.${letter}`, { defaultValue: t('events.kinds.letterSent') });
  return t(`events.kinds.${event.kind}`, { defaultValue: t('events.kinds.other') });
}
