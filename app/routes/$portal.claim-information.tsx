import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { discloseOriginalCreditorForPage, loadClaimInformationForPage } from '#server/claims/information.ts';
import { legalEntityIn, variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { AnnouncedPaymentNote } from '~/components/claim/AnnouncedPayment';
import {
  ClaimEvents,
  ClaimFiles,
  LegalInformation,
  PaymentsMade,
  StatementOfClaim,
} from '~/components/claim/ClaimSections';
import { ExplanationVideo } from '~/components/claim/ExplanationVideo';
import { StickyActionBar } from '~/components/claim/StickyActionBar';
import { toneClass } from '~/components/claim/tone';
import { requireDebtor } from '~/lib/auth.server';
import { formatDate, formatMoney } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { feeExplanationKey } from '#server/instalments/config.ts';
import { useRootData } from '~/root';
import claimStyles from '~/styles/claim.css?url';
import { readForm } from '~/lib/form.server';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Claim information (spec 2.1, 2.4): the breakdown, the statement of claim, payments made, the
 * original invoices, the history, the explanation video and what the agency must tell the
 * debtor by law. Full login only; every part belongs to the session's file.
 */
export const handle = { i18n: ['common', 'claim', 'claimInfo'] };

export const links = stylesheets(claimStyles);

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

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

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

export default function ClaimInformationPage() {
  const { info, legal, feeNotes } = useLoaderData<typeof loader>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['claimInfo', 'claim', 'common']);
  const money = (minor: number) => formatMoney(minor, info.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
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

      <StatementOfClaim info={info} feeNotes={feeNotes} />

      <PaymentsMade info={info} />

      <ClaimFiles info={info} />

      {info.events ? <ClaimEvents events={info.events} /> : null}

      {info.hasVideo ? (
        <section id="explanation-video" className="claim-section" aria-labelledby="video-heading">
          <h2 id="video-heading">{t('video.title')}</h2>
          <p>{t('video.lead')}</p>
          <ExplanationVideo />
        </section>
      ) : null}

      <LegalInformation info={info} legal={legal} />

      <StickyActionBar
        label={t('actions.barLabel')}
        total={`${t('overview.total')}: ${money(info.breakdown.totalMinor)}`}
      >
        {actions}
      </StickyActionBar>
    </div>
  );
}
