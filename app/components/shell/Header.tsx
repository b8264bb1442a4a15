import { useLocation, useNavigation } from '@remix-run/react';
import { Link, navLinkMarked, navLinkPath, PlacedNavLink, type NavPlace } from '~/components/ui/Link';
import { useEffect, useRef } from 'react';
import { Kept } from './Kept';
import { keptIn } from '~/lib/kept-in';
import { useTranslation } from 'react-i18next';
import type { AuthLevel } from '#server/auth/session.ts';
import { href, type PublicVariant, signInHref } from '~/lib/variant';
import { AssistantHeaderButton } from '../assistant/AssistantLauncher';
import { LanguageSwitcher } from './LanguageSwitcher';

interface MenuItem {
  key: 'payment' | 'claimInformation' | 'service' | 'profile';
  path: string;
  /** Shown only from this login level on (items flagged with an authentication level). */
  needs: Exclude<AuthLevel, 'none'>;
  /**
   * Also shown to a reference-only session, leading through the password sign-in (the step-up,
   * decision 061) to the page, as the dashboard's tiles do.
   */
  stepUp?: true;
}

const menu: MenuItem[] = [
  { key: 'payment', path: '/dashboard', needs: 'limited' },
  { key: 'claimInformation', path: '/claim-information', needs: 'full' },
  { key: 'service', path: '/service', needs: 'limited' },
  { key: 'profile', path: '/debtor/profile', needs: 'full', stepUp: true },
];

const rank: Record<AuthLevel, number> = { none: 0, limited: 1, full: 2 };

export interface HeaderProps {
  variant: PublicVariant;
  language: string;
  auth: AuthLevel;
}

/** The page the header is shown on: its path (which menu item is marked) and the address its forms return to. */
export interface HeaderPlace extends NavPlace {
  returnTo: string;
  /** Changes with every navigation (React Router's `location.key`): the phone menu closes then. */
  key?: string;
}

/**
 * The site's header. On the server its content is the HTML kept for what it depends on
 * (app/lib/kept-html.ts, decision 126), with the page's own address written into it; in the
 * browser, and wherever none was given, the components below render it, and hydration meets the
 * same elements.
 */
export function Header(props: HeaderProps) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const returnTo = `${location.pathname}${location.search}`;
  const place = {
    pathname: location.pathname,
    pendingPathname: navigation.location?.pathname,
    returnTo,
    key: location.key,
  };
  const partKey = headerPartKey(headerKey(i18n.language, props, location.pathname), returnTo);
  return (
    <Kept as="header" className="site-header" part="header" partKey={partKey}>
      <HeaderContent {...props} place={place} />
    </Kept>
  );
}

/**
 * What the header's HTML depends on besides the address its forms return to: the language, the
 * variant, the login level and which menu items the page's path marks.
 */
export function headerKey(language: string, { variant, language: shown, auth }: HeaderProps, pathname: string): string {
  const page = pathname.toLowerCase();
  let marked = '';
  for (const link of menuLinks(variant, auth)) marked += navLinkMarked(link.path, page) ? '1' : '0';
  return `${language}|${shown}|${variant.id}|${auth}|${marked}`;
}

/** The key the server's kept header is given with: what its HTML depends on, and the address written in. */
export function headerPartKey(key: string, returnTo: string): string {
  return `${key}|${returnTo}`;
}

/** The header's content: the same for everyone with the same `headerKey` and address to return to. */
export function HeaderContent({ variant, language, auth, place }: HeaderProps & { place: HeaderPlace }) {
  const { t } = useTranslation();
  return (
    <div className="container site-header__bar">
      <Link to={href(variant, '/')} className="brand">
        <img src={variant.brand.logo} alt="" width={32} height={32} />
        <span>{variant.brand.name}</span>
        <span className="visually-hidden"> – {t('shell.home')}</span>
      </Link>
      {/* Wide screens: the menu in the bar. */}
      <nav className="site-nav site-nav--bar" aria-label={t('shell.mainNavigation')}>
        <MenuItems variant={variant} auth={auth} place={place} />
      </nav>
      <div className="header-tools">
        <AssistantHeaderButton variant={variant} />
        <LanguageSwitcher variant={variant} language={language} returnTo={place.returnTo} />
        <PhoneMenu variant={variant} auth={auth} place={place} />
      </div>
    </div>
  );
}

/**
 * Phones: the same menu behind a "Menu" button. A native disclosure (<details>), so it opens
 * without JavaScript and browsers announce it as an expandable button; with JavaScript it also
 * closes on Escape (focus back on the button) and after a navigation. Only one of the two menus
 * is displayed at a time (CSS), so screen readers meet one navigation landmark.
 */
function PhoneMenu({ variant, auth, place }: { variant: PublicVariant; auth: AuthLevel; place: HeaderPlace }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const shownAt = useRef(place.key);
  useEffect(() => {
    // Only a real move to another page closes it, not the first render after loading.
    if (shownAt.current === place.key) return;
    shownAt.current = place.key;
    if (details.current) details.current.open = false;
  }, [place.key]);
  const onKeyDown = (event: React.KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !details.current?.open) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  };
  return (
    // Escape from anywhere inside the open menu closes it (the summary and links are the controls).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <details className="nav-menu" ref={details} onKeyDown={onKeyDown}>
      <summary>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{t('shell.menu')}</span>
      </summary>
      <nav className="site-nav site-nav--menu" aria-label={t('shell.mainNavigation')}>
        <MenuItems variant={variant} auth={auth} place={place} />
      </nav>
    </details>
  );
}

interface MenuLink {
  key: string;
  to: string;
  /** What the link's mark is decided by (`navLinkPath`). */
  path: string;
  label: string;
}

/** The menu's links per variant address and login level: made once, read by every page's header key. */
const madeMenus = new Map<string, readonly MenuLink[]>();

/** The menu's links for a login level, in order (a visitor's: the FAQ and the sign-in page). */
function menuLinks(variant: PublicVariant, auth: AuthLevel): readonly MenuLink[] {
  // Variants' addresses times three levels; the bound is a guard.
  return keptIn(madeMenus, `${variant.basePath}|${auth}`, 100, () => {
    const made =
      auth === 'none'
        ? [
            { key: 'faq', to: href(variant, '/service/faq'), label: 'nav.faq' },
            { key: 'signIn', to: href(variant, '/signin'), label: 'nav.signIn' },
          ]
        : menu
            .filter((item) => rank[auth] >= rank[item.needs] || (auth === 'limited' && item.stepUp))
            .map((item) => ({
              key: item.key,
              to: rank[auth] >= rank[item.needs] ? href(variant, item.path) : signInHref(variant, item.path),
              label: `nav.${item.key}`,
            }));
    return made.map((link) => ({ ...link, path: navLinkPath(link.to) }));
  });
}

function MenuItems({ variant, auth, place }: { variant: PublicVariant; auth: AuthLevel; place: NavPlace }) {
  const { t } = useTranslation();
  return (
    <ul>
      {menuLinks(variant, auth).map((link) => (
        <li key={link.key}>
          <PlacedNavLink to={link.to} place={place}>
            {t(link.label)}
          </PlacedNavLink>
        </li>
      ))}
      {auth === 'none' ? null : (
        <li>
          {/* The document's own form: signing out reloads the page, and nothing of the file stays
              in the browser's memory (the answer also clears the site's storage). */}
          <form method="post" action={href(variant, '/signout')}>
            <button type="submit">{t('nav.logout')}</button>
          </form>
        </li>
      )}
    </ul>
  );
}
