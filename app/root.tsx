import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunction,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from '@remix-run/react';
import { Suspense, useContext, useEffect } from 'react';
// The router's state holds the error of whichever route failed; Remix's own <Meta /> reads it the same way.
import { UNSAFE_DataRouterStateContext } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from 'remix-i18next/react';
import { cookieName } from '#server/auth/cookies.ts';
import { authLevel } from '#server/auth/session.ts';
import { sessionUnlessDatabaseAway } from '#server/auth/sessions.ts';
import type { Language } from '#server/i18n/languages.ts';
import { intlLocale, readCookie } from '#server/i18n/negotiate.ts';
import { runtime } from '#server/runtime.ts';
import { consentCookieName } from '#server/privacy/consent.ts';
import { AssistantFloatingButton, AssistantProvider } from './components/assistant/AssistantLauncher';
import { ConsentBanner } from './components/shell/ConsentBanner';
import { IdleWatcherOnDemand } from './components/shell/IdleWatcherOnDemand';
import { Footer } from './components/shell/Footer';
import { Header } from './components/shell/Header';
import { useLinkNavigation } from './components/ui/Link';
import { PageTransition, useHashScroll } from './components/shell/navigation';
import { ErrorHead, RouteErrorBoundary } from './components/pages/ErrorBoundary';
import { StaffErrorHead } from './components/staff/StaffError';
import { i18next } from './i18next.server';
import { isStaffPath, staffLanguage } from './lib/staff.server';
import { activeSession } from './lib/auth.server';
import { useAnalytics } from './lib/analytics';
import { useNonce } from './lib/nonce';
import { publicVariant } from './lib/variant';
import stylesheet from './styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const handle = { i18n: ['common'] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const variant = runtime().variantOf(request);
  // The staff review desk offers all seven languages, whatever the variant offers (app/lib/staff.server.ts).
  const language = isStaffPath(request) ? staffLanguage(request) : ((await i18next.getLocale(request)) as Language);
  // Without a session cookie no database work (activeSession). Every page a debtor opens counts as
  // activity; the page's own guard shares this read (app/lib/auth.server.ts). The database away: the
  // layout still renders in the debtor's language, and the page's own loader answers 503 with the notice.
  const session = await sessionUnlessDatabaseAway(activeSession(request, context));
  const consent = readCookie(request.headers.get('Cookie'), cookieName(consentCookieName));
  return {
    language,
    locale: intlLocale(language, variant),
    variant: publicVariant(variant),
    auth: {
      level: authLevel(session),
      idleMsLeft: session ? session.idleExpiresAt.getTime() - Date.now() : null,
    },
    consent: consent === 'granted' || consent === 'denied' ? consent : null,
    analyticsUrl: runtime().analyticsUrl ?? null,
  };
}

/**
 * The actions that change what the root shows: the login state (sign-in, its bank-ID and
 * set-password steps, a new password by a reset link, which signs in, sign-out), the idle
 * deadline ("stay signed in", a changed password's new session), consent and language.
 */
const rootActions = [
  /\/signin$/,
  /\/signin\/bankid$/,
  /\/signin\/set-password$/,
  /\/password\/reset\/[^/]+$/,
  /\/debtor\/profile\/password$/,
  /\/signout$/,
  /\/session$/,
  /\/consent$/,
  /\/language$/,
];

/**
 * Root data (login state, idle deadline) is read again before every navigation. A submission
 * that stays on its page — a fetcher (the bank-ID poll, an upload), a form answered with its
 * errors — reads it again only when its action is one of rootActions: any other leaves the
 * root's data as it was, and the session row is not read again for it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, defaultShouldRevalidate }) => {
  if (!formMethod || formMethod.toUpperCase() === 'GET') return true;
  const action = formAction ? new URL(formAction, 'http://portal.invalid').pathname.replace(/\/+$/, '') : '';
  return rootActions.some((path) => path.test(action)) ? defaultShouldRevalidate : false;
};

export type RootData = Awaited<ReturnType<typeof loader>>;

/** In the browser: the root data of the last page that loaded (see useRootData). */
let lastRootData: RootData | undefined;

/**
 * The root data. When a navigation's data request fails as a whole (a 500, a dropped
 * connection), the root loader counts as failed too and the root error boundary renders without
 * data; in the browser the last good root data stand in, so that the error page keeps the
 * header, footer and language instead of a bare German message.
 */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData<typeof loader>('root');
  // Effects run only in the browser, so the server never keeps anyone's data here.
  useEffect(() => {
    if (data) lastRootData = data;
  }, [data]);
  return data ?? lastRootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const language = data?.language ?? 'de';
  const basePath = data?.variant.basePath ?? '/serviceportal';
  return (
    <html lang={language} dir="ltr" data-brand={data?.variant.brand.key ?? 'clarus'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <DocumentMeta />
        <Links />
        <link rel="stylesheet" href={`${basePath}/theme.css`} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The routes' meta, or for a failed route the error's title (in the head, where HTML wants it). */
function DocumentMeta() {
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const error = errors ? Object.values(errors)[0] : undefined;
  const { pathname } = useLocation();
  if (error === undefined) return <Meta />;
  // The review desk words its errors for staff (its own namespace and language).
  return /^\/staff(\/|$)/.test(pathname) ? <StaffErrorHead error={error} /> : <ErrorHead error={error} />;
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const { t } = useTranslation();
  useHashScroll();
  // The portal's plain links (app/components/ui/Link.tsx) are navigated from here.
  useLinkNavigation();
  // Pages that stand for a third party (the sandbox provider's pages, also shown in an iframe)
  // carry `handle.bare` and are shown without the portal's header, footer and banners.
  const matches = useMatches();
  const bare = matches.some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
  // The staff review desk (app/routes/staff.tsx) brings its own header: none of the debtor's
  // shell, banners or analytics.
  const staff = matches.some((match) => (match.handle as { staff?: boolean } | undefined)?.staff);
  useAnalytics(data?.consent === 'granted' && !staff ? data.analyticsUrl : null, data?.variant.id);
  if (!data || staff) return <>{children}</>;
  if (bare) {
    return (
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    );
  }
  return (
    <AssistantProvider variant={data.variant} locale={data.locale}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <Header variant={data.variant} language={data.language} auth={data.auth.level} />
      {data.consent === null ? <ConsentBanner variant={data.variant} /> : null}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer variant={data.variant} locale={data.locale} auth={data.auth.level} />
      <AssistantFloatingButton variant={data.variant} />
      {data.auth.idleMsLeft !== null ? (
        <IdleWatcherOnDemand variant={data.variant} msLeft={data.auth.idleMsLeft} />
      ) : null}
    </AssistantProvider>
  );
}

export default function App() {
  const data = useRootData();
  useChangeLanguage(data?.language ?? 'de');
  return (
    <Shell>
      {/* One boundary that outlives navigations: a transition keeps the old page while the next
          page's strings load, instead of showing the fallback. */}
      <Suspense fallback={<div className="container page" aria-busy="true" />}>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </Suspense>
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <RouteErrorBoundary />
    </Shell>
  );
}
