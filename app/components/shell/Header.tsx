import { Form, Link, NavLink, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { AuthLevel } from '#server/auth/session.ts';
import { href, type PublicVariant } from '~/lib/variant';
import { LanguageSwitcher } from './LanguageSwitcher';

interface MenuItem {
  key: 'payment' | 'claimInformation' | 'service' | 'profile';
  path: string;
  /** Shown only from this login level on (items flagged with an authentication level). */
  needs: Exclude<AuthLevel, 'none'>;
}

const menu: MenuItem[] = [
  { key: 'payment', path: '/dashboard', needs: 'limited' },
  { key: 'claimInformation', path: '/claim-information', needs: 'full' },
  { key: 'service', path: '/service', needs: 'limited' },
  { key: 'profile', path: '/debtor/profile', needs: 'full' },
];

const rank: Record<AuthLevel, number> = { none: 0, limited: 1, full: 2 };

export function Header({ variant, language, auth }: { variant: PublicVariant; language: string; auth: AuthLevel }) {
  const { t } = useTranslation();
  const location = useLocation();
  const items = menu.filter((item) => rank[auth] >= rank[item.needs]);
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={href(variant, '/')} className="brand">
          <img src={variant.brand.logo} alt="" width={32} height={32} />
          <span>{variant.brand.name}</span>
          <span className="visually-hidden"> – {t('shell.home')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('shell.mainNavigation')}>
          <ul>
            {auth === 'none' ? (
              <>
                <li>
                  <NavLink to={href(variant, '/service/faq')}>{t('nav.faq')}</NavLink>
                </li>
                <li>
                  <NavLink to={href(variant, '/signin')}>{t('nav.signIn')}</NavLink>
                </li>
              </>
            ) : (
              <>
                {items.map((item) => (
                  <li key={item.key}>
                    <NavLink to={href(variant, item.path)}>{t(`nav.${item.key}`)}</NavLink>
                  </li>
                ))}
                <li>
                  <Form method="post" action={href(variant, '/signout')}>
                    <button type="submit">{t('nav.logout')}</button>
                  </Form>
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="header-tools">
          <LanguageSwitcher variant={variant} language={language} returnTo={`${location.pathname}${location.search}`} />
        </div>
      </div>
    </header>
  );
}
