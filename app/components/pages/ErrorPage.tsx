import { useLocation } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestRefusal } from '#server/http/request-body.ts';
import { supportHoursLines } from '~/lib/format';
import { href, type PublicVariant } from '~/lib/variant';
import { useRootData } from '~/root';
import type { ErrorPageProps } from './ErrorBoundary';
import { CallUsLink } from '~/components/ui/CallUsLink';

/**
 * The page for a thrown response: a refused request with its reason (400, 403, 413), 404 with
 * useful links, 403 with phone contact, 503, 500.
 */
export function ErrorPage({ status, refused = null, unavailable = false }: ErrorPageProps) {
  const data = useRootData();
  if (!data) return <MinimalError status={status} />;
  if (refused) return <Refused variant={data.variant} status={status} reason={refused} />;
  if (unavailable) return <Unavailable variant={data.variant} />;
  if (status === 404) return <NotFound variant={data.variant} />;
  if (status === 403) return <Forbidden variant={data.variant} locale={data.locale} />;
  if (status === 503) return <MaintenanceNotice variant={data.variant} locale={data.locale} />;
  return <ServerError variant={data.variant} />;
}

function MinimalError({ status }: { status: number }) {
  // The root loader itself failed: no translations can be trusted, so German as the fallback.
  return (
    <div className="container page">
      <h1>Es ist ein Fehler aufgetreten ({status})</h1>
      <p>Bitte versuchen Sie es in wenigen Minuten erneut.</p>
    </div>
  );
}

/**
 * The frame every error page shares: the status line where the page has one, the title and the
 * lead, then the page's own content; `prose` sets lead and content in the reading column.
 */
function ErrorLayout({
  code,
  title,
  lead,
  prose = false,
  children,
}: {
  code?: string;
  title: string;
  lead: string;
  prose?: boolean;
  children: ReactNode;
}) {
  const body = (
    <>
      <p className="lead">{lead}</p>
      {children}
    </>
  );
  return (
    <div className="container page">
      {code ? <p className="error-page__code">{code}</p> : null}
      <h1>{title}</h1>
      {prose ? <div className="prose">{body}</div> : body}
    </div>
  );
}

function Refused({ variant, status, reason }: { variant: PublicVariant; status: number; reason: RequestRefusal }) {
  const { t } = useTranslation();
  return (
    <ErrorLayout
      code={t('errors.refused.code', { status })}
      title={t(`errors.refused.${reason}.title`)}
      lead={t(`errors.refused.${reason}.text`)}
      prose
    >
      <p>{t('errors.refused.unchanged')}</p>
      <WaysOn variant={variant} home />
    </ErrorLayout>
  );
}

function NotFound({ variant }: { variant: PublicVariant }) {
  const { t } = useTranslation();
  return (
    <ErrorLayout code={t('errors.notFound.code')} title={t('errors.notFound.title')} lead={t('errors.notFound.text')}>
      <h2>{t('errors.notFound.linksTitle')}</h2>
      <WaysOn variant={variant} home>
        <li>
          <Link to={href(variant, '/signin')}>{t('nav.signIn')}</Link>
        </li>
        <li>
          <Link to={href(variant, '/service/faq')}>{t('nav.faq')}</Link>
        </li>
      </WaysOn>
    </ErrorLayout>
  );
}

export function Forbidden({ variant, locale }: { variant: PublicVariant; locale: string }) {
  const { t } = useTranslation();
  return (
    <ErrorLayout
      code={t('errors.forbidden.code')}
      title={t('errors.forbidden.title')}
      lead={t('errors.forbidden.text')}
      prose
    >
      <div className="card">
        <h2>{t('errors.forbidden.contactTitle')}</h2>
        <p>
          <CallUsLink variant={variant} className="button" />
        </p>
        <p>
          {t('errors.forbidden.email')} <a href={`mailto:${variant.support.email}`}>{variant.support.email}</a>
        </p>
        <ul>
          {supportHoursLines(variant.support.hours.days, locale).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <p>
        <Link to={href(variant, '/')}>{t('errors.notFound.home')}</Link>
      </p>
    </ErrorLayout>
  );
}

export function MaintenanceNotice({
  variant,
  locale,
  until,
}: {
  variant: PublicVariant;
  locale: string;
  until?: string | null;
}) {
  const { t } = useTranslation();
  const untilText = until
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
        new Date(until),
      )
    : null;
  return (
    <ErrorLayout title={t('maintenance.title')} lead={t('maintenance.text')} prose>
      {untilText ? <p>{t('maintenance.until', { time: untilText })}</p> : null}
      <p>{t('maintenance.noDisadvantage')}</p>
      <p>
        {t('maintenance.phone')} <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a>
      </p>
    </ErrorLayout>
  );
}

/** 503 while the database is away: nothing was changed, try again shortly, or call. */
function Unavailable({ variant }: { variant: PublicVariant }) {
  const { t } = useTranslation();
  return (
    <ErrorLayout title={t('errors.unavailable.title')} lead={t('errors.unavailable.text')} prose>
      <p>{t('errors.unavailable.nothingLost')}</p>
      <WaysOn variant={variant} retry />
    </ErrorLayout>
  );
}

function ServerError({ variant }: { variant: PublicVariant }) {
  const { t } = useTranslation();
  return (
    <ErrorLayout title={t('errors.generic.title')} lead={t('errors.generic.text')}>
      <p>{t('errors.generic.fileSafe')}</p>
      <h2>{t('errors.generic.linksTitle')}</h2>
      <WaysOn variant={variant} retry home />
    </ErrorLayout>
  );
}

/**
 * The links on from an error page, in this order: the same page again (`retry`), the home page
 * (`home`), the page's own (`children`), and always the support's phone.
 */
function WaysOn({
  variant,
  retry = false,
  home = false,
  children,
}: {
  variant: PublicVariant;
  retry?: boolean;
  home?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <ul className="link-list">
      {retry ? (
        <li>
          {/* A full load: the page's data are fetched afresh, whatever failed on the way. */}
          <a href={`${location.pathname}${location.search}`}>{t('errors.generic.retry')}</a>
        </li>
      ) : null}
      {home ? (
        <li>
          <Link to={href(variant, '/')}>{t('errors.notFound.home')}</Link>
        </li>
      ) : null}
      {children}
      <li>
        <CallUsLink variant={variant} />
      </li>
    </ul>
  );
}
