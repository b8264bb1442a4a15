import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Outlet, useLoaderData, useLocation } from '@remix-run/react';
import { NavLink } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { languages } from '#server/i18n/languages.ts';
import { findStaffSessionForPage } from '#server/staff/sessions.ts';
import { LanguageButtons } from '~/components/shell/LanguageSwitcher';
import { StaffErrorBoundary } from '~/components/staff/StaffError';
import { staffText } from '~/lib/staff.server';
import staffStyles from '~/styles/staff.css?url';
import { stylesheets } from '~/lib/meta';

/**
 * The review desk's frame (issue 15): its own header and navigation, no debtor shell. The pages
 * below guard themselves (app/lib/staff.server.ts requireStaff); this frame only shows who is
 * signed in, if anyone.
 */
export const handle = { i18n: ['common', 'staff'], staff: true };

export const links = stylesheets(staffStyles);

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await findStaffSessionForPage(request);
  const { language } = await staffText(request);
  return {
    language,
    staff: session?.stage === 'full' ? { email: session.email, role: session.role } : null,
  };
}

export default function StaffFrame() {
  const { staff, language } = useLoaderData<typeof loader>();
  const { t } = useTranslation('staff');
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="staff">
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <header className="staff-header">
        <div className="staff-header__inner">
          <p className="staff-brand">{t('brand')}</p>
          {staff ? (
            <nav aria-label={t('nav.label')} className="staff-nav">
              <ul>
                <li>
                  <NavLink to="/staff" end>
                    {t('nav.log')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/staff/charts">{t('nav.charts')}</NavLink>
                </li>
                <li>
                  <NavLink to="/staff/corrections">{t('nav.corrections')}</NavLink>
                </li>
                {staff.role === 'admin' ? (
                  <li>
                    <NavLink to="/staff/accounts">{t('nav.accounts')}</NavLink>
                  </li>
                ) : null}
              </ul>
            </nav>
          ) : null}
          <div className="staff-header__tools">
            {/* Seven languages: a disclosure like the portal's switcher, so the header stays one line. */}
            <details className="language-menu staff-language">
              <summary>
                <span className="visually-hidden">{t('shell.language', { ns: 'common' })}: </span>
                <span lang={language}>{language.toUpperCase()}</span>
              </summary>
              <LanguageButtons action="/staff/language" returnTo={here} languages={languages} current={language} />
            </details>
            {staff ? (
              <Form method="post" action="/staff/signout" className="staff-signout">
                <span className="staff-who">
                  {t('nav.signedInAs', { email: staff.email, role: t(`roles.${staff.role}`) })}
                </span>
                <button type="submit" className="button button--secondary">
                  {t('nav.signout')}
                </button>
              </Form>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="staff-main">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffErrorBoundary />;
}
