import { Form, useLocation } from '@remix-run/react';
import { Link, NavLink } from '~/components/ui/Link';
import { useEffect, useRef } from 'react';
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

export function Header({ variant, language, auth }: { variant: PublicVariant; language: string; auth: AuthLevel }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={href(variant, '/')} className="brand">
          <img src={variant.brand.logo} alt="" width={32} height={32} />
          <span>{variant.brand.name}</span>
          <span className="visually-hidden"> – {t('shell.home')}</span>
        </Link>
        {/* Wide screens: the menu in the bar. */}
        <nav className="site-nav site-nav--bar" aria-label={t('shell.mainNavigation')}>
          <MenuItems variant={variant} auth={auth} />
        </nav>
        <div className="header-tools">
          <AssistantHeaderButton variant={variant} />
          <LanguageSwitcher variant={variant} language={language} returnTo={`${location.pathname}${location.search}`} />
          <PhoneMenu variant={variant} auth={auth} />
        </div>
      </div>
    </header>
  );
}

/**
 * Phones: the same menu behind a "Menu" button. A native disclosure (<details>), so it opens
 * without JavaScript and browsers announce it as an expandable button; with JavaScript it also
 * closes on Escape (focus back on the button) and after a navigation. Only one of the two menus
 * is displayed at a time (CSS), so screen readers meet one navigation landmark.
 */
function PhoneMenu({ variant, auth }: { variant: PublicVariant; auth: AuthLevel }) {
  const { t } = useTranslation();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const shownAt = useRef(location.key);
  useEffect(() => {
    // Only a real move to another page closes it, not the first render after loading.
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (details.current) details.current.open = false;
  }, [location.key]);
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
        <MenuItems variant={variant} auth={auth} />
      </nav>
    </details>
  );
}

function MenuItems({ variant, auth }: { variant: PublicVariant; auth: AuthLevel }) {
  const { t } = useTranslation();
  const items = menu.filter((item) => rank[auth] >= rank[item.needs] || (auth === 'limited' && item.stepUp));
  const to = (item: MenuItem) =>
    rank[auth] >= rank[item.needs] ? href(variant, item.path) : signInHref(variant, item.path);
  if (auth === 'none') {
    return (
      <ul>
        <li>
          <NavLink to={href(variant, '/service/faq')}>{t('nav.faq')}</NavLink>
        </li>
        <li>
          <NavLink to={href(variant, '/signin')}>{t('nav.signIn')}</NavLink>
        </li>
      </ul>
    );
  }
  return (
    <ul>
      {items.map((item) => (
        <li key={item.key}>
          <NavLink to={to(item)}>{t(`nav.${item.key}`)}</NavLink>
        </li>
      ))}
      <li>
        <Form method="post" action={href(variant, '/signout')}>
          <button type="submit">{t('nav.logout')}</button>
        </Form>
      </li>
    </ul>
  );
}
