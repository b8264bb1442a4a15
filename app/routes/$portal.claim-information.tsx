import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import {
  type ClaimInformation,
  discloseOriginalCreditorForPage,
  loadClaimInformationForPage,
} from '#server/claims/information.ts';
import { legalEntityIn, variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { AnnouncedPaymentNote } from '~/components/claim/AnnouncedPayment';
import { ExplanationVideo } from '~/components/claim/ExplanationVideo';
import { StickyActionBar } from '~/components/claim/StickyActionBar';
import { requireDebtor } from '~/lib/auth.server';
import { formatDate, formatMoney, formatNumber } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { claimSubjectText, invoiceDescription, legalBasisText } from '~/lib/claim-texts';
import { feeExplanationKey } from '#server/instalments/config.ts';
import { useRootData } from '~/root';
import claimStyles from '~/styles/claim.css?url';
import { readForm } from '~/lib/form.server';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Claim information (spec 2.1, 2.4): the breakdown, the statement of claim, payments made, the
 * original invoices, the history, the explanation video and what the agency must tell the
 * debtor by law. Full login only; every part belongs to the session's file.
 */
export const handle = { i18n: ['common', 'claim', 'claimInfo'] };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: claimStyles }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, language, t } = await pageContext(request, params, 'claimInfo');
  // The session the root loader reads serves this guard too (one read per page view).
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const info = await loadClaimInformationForPage(session.fileId);
  if (!info) throw redirect(withBase(variant, '/signin?action=AZonly'));
  if (info.variant !== variant.id)
    throw redirect(withBase(variants[info.variant as VariantId] ?? variant, '/claim-information'));
  return {
    title: documentTitle(t('title'), variant.brand.name),
    info,
    legal: {
      country: variant.country,
      supervisoryAuthority: legalEntityIn(variant, language).supervisoryAuthority,
      agency: variant.legal.name,
    },
    // The sentence that explains each agreement fee charged to the file (decision 026).
    feeNotes: {
      instalmentFee: feeExplanationKey(variant.id, 'instalmentFee'),
      settlementFee: feeExplanationKey(variant.id, 'settlementFee'),
    } as Record<string, string | null>,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title },
  { name: 'robots', content: 'noindex' },
];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant } = await pageContext(request, params, 'claimInfo');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const form = await readForm(request);
  if (form.get('intent') !== 'originalCreditor') return data({ error: 'unknownAction' as const }, { status: 400 });
  const result = await discloseOriginalCreditorForPage({
    fileId: session.fileId,
    debtorId: session.debtorId,
    clientAddress: context.clientAddress,
  });
  if (!result.ok) return data({ error: result.error }, { status: 400 });
  // Post/redirect/get: a reload does not ask again; the anchor brings the debtor back to the answer.
  return redirect(`${withBase(variant, '/claim-information')}#original-creditor`);
}

const toneClass = {
  neutral: 'badge',
  info: 'badge badge--info',
  success: 'badge badge--success',
  warning: 'badge badge--warning',
  danger: 'badge badge--danger',
} as const;

export default function ClaimInformationPage() {
  const { info, legal, feeNotes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { variant, locale, language } = useRootData()!;
  const { t } = useTranslation(['claimInfo', 'claim', 'common']);
  const money = (minor: number) => formatMoney(minor, info.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  const percent = (bp: number) => formatNumber(bp / 100, locale, 2);
  const canPay = info.flags.showPayDirect;
  const sections = [
    { id: 'list-of-claims', label: t('toc.listOfClaims') },
    { id: 'payment-made', label: t('toc.paymentsMade') },
    { id: 'files', label: t('toc.files') },
    ...(info.events ? [{ id: 'events', label: t('toc.events') }] : []),
    ...(info.hasVideo ? [{ id: 'explanation-video', label: t('toc.video') }] : []),
    { id: 'legal-information', label: t('toc.legal') },
  ];

  const actions = (
    <div className="button-row">
      {canPay ? (
        <Link className="button" to={href(variant, '/checkout/pay-direct')}>
          {t('actions.payNow')}
        </Link>
      ) : null}
      <Link className={canPay ? 'button button--secondary' : 'button'} to={href(variant, '/announce-payment')}>
        {t('actions.announcePayment')}
      </Link>
    </div>
  );

  return (
    <div className="container page claim-info">
      <p className="muted">
        <Link to={href(variant, '/dashboard')}>{t('backToDashboard')}</Link>
      </p>
      <h1>{t('title')}</h1>
      <p className="lead">
        {t('reference', { reference: info.reference })}{' '}
        <span className={toneClass[info.status.tone]}>
          {t(`claim:${info.status.labelKey}`, { date: date(info.status.date) })}
        </span>
      </p>
      <AnnouncedPaymentNote payment={info.announcedPayment} locale={locale} />

      <div className="claim-info__top grid grid-2">
        <section className="card" aria-labelledby="overview-heading">
          <h2 id="overview-heading">{t('overview.title')}</h2>
          <dl className="breakdown" data-testid="breakdown">
            <div>
              <dt>{t('overview.mainClaim')}</dt>
              <dd>{money(info.breakdown.mainClaimMinor)}</dd>
            </div>
            <div>
              <dt>{t('overview.interest')}</dt>
              <dd>{money(info.breakdown.interestMinor)}</dd>
            </div>
            <div>
              <dt>{t('overview.costs')}</dt>
              <dd>{money(info.breakdown.costsMinor)}</dd>
            </div>
            <div>
              <dt>{t('overview.payments')}</dt>
              <dd>{info.breakdown.paymentsMinor > 0 ? `− ${money(info.breakdown.paymentsMinor)}` : money(0)}</dd>
            </div>
            <div className="breakdown__total">
              <dt>{t('overview.total')}</dt>
              <dd>{money(info.breakdown.totalMinor)}</dd>
            </div>
          </dl>
          {actions}
        </section>

        <nav className="card claim-info__toc" aria-labelledby="toc-heading">
          <h2 id="toc-heading">{t('toc.title')}</h2>
          <ul className="link-list">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

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

      {info.events ? (
        <section id="events" className="claim-section" aria-labelledby="events-heading">
          <h2 id="events-heading">{t('events.title')}</h2>
          {info.events.length === 0 ? (
            <p>{t('events.none')}</p>
          ) : (
            <ol className="timeline">
              {info.events.map((event, index) => (
                <li key={index}>
                  <time dateTime={event.at}>{date(event.at)}</time>
                  <span>{eventText(t, event)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}

      {info.hasVideo ? (
        <section id="explanation-video" className="claim-section" aria-labelledby="video-heading">
          <h2 id="video-heading">{t('video.title')}</h2>
          <p>{t('video.lead')}</p>
          <ExplanationVideo />
        </section>
      ) : null}

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
            {info.costs.length === 0 ? (
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
                    <button
                      type="submit"
                      name="intent"
                      value="originalCreditor"
                      className="button button--secondary"
                      disabled={navigation.state === 'submitting'}
                    >
                      {t('legal.requestOriginalCreditor')}
                    </button>
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

      <StickyActionBar
        label={t('actions.barLabel')}
        total={`${t('overview.total')}: ${money(info.breakdown.totalMinor)}`}
      >
        {actions}
      </StickyActionBar>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

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
  return `${t(`legal.interestStatutory.${country}`, { rate: percent(rateBp), business: basis === 'statutoryDefaultBusiness' })} ${since}`.trim();
}

/** The debtor journey in words; kinds the page does not know get a neutral line. */
function eventText(t: T, event: ClaimInformation['events'] extends Array<infer E> | null ? E : never): string {
  const letter = typeof event.detail?.letter === 'string' ? event.detail.letter : null;
  if (event.kind === 'letterSent' && letter)
    return t(`events.letters.${letter}`, { defaultValue: t('events.kinds.letterSent') });
  return t(`events.kinds.${event.kind}`, { defaultValue: t('events.kinds.other') });
}
