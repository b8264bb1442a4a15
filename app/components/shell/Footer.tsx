import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import type { AuthLevel } from '#server/auth/session.ts';
import { supportHoursLines } from '~/lib/format';
import { href, type PublicVariant } from '~/lib/variant';
import { Kept } from './Kept';

export const legalLinks = [
  { key: 'legalNotice', path: '/legal-notice' },
  { key: 'privacy', path: '/privacy' },
  { key: 'dataProtection', path: '/data-protection' },
  { key: 'informationSecurity', path: '/information-security' },
  { key: 'emailInformation', path: '/email-information' },
] as const;

export interface FooterProps {
  variant: PublicVariant;
  locale: string;
  auth: AuthLevel;
}

/**
 * The site's footer. On the server its content is the HTML kept for its props (app/lib/kept-html.ts,
 * decision 125) where the document's render was given it; in the browser, and wherever none was
 * given, the components below render it, and hydration meets the same elements.
 */
export function Footer(props: FooterProps) {
  const { i18n } = useTranslation();
  return (
    <Kept as="footer" className="site-footer" part="footer" partKey={footerKey(i18n.language, props)}>
      <FooterContent {...props} />
    </Kept>
  );
}

/** What the footer's HTML depends on: the language, the variant, the locale, signed in or not, the year. */
export function footerKey(language: string, { variant, locale, auth }: FooterProps): string {
  return `${language}|${variant.id}|${locale}|${auth === 'none' ? 'visitor' : 'signed-in'}|${new Date().getFullYear()}`;
}

/** The footer's content, the same for everyone with the same `footerKey`. */
export function FooterContent({ variant, locale, auth }: FooterProps) {
  const { t } = useTranslation();
  return (
    <div className="container">
      <div className="grid grid-3">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t('footer.helpTitle')}</h2>
          <p>
            {t('footer.phoneLabel')} <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a>
          </p>
          {/* Two sets of hours, each named: the phone line's, and the callbacks' (to Saturday). */}
          <p className="footer-hours-title">{t('footer.phoneHours')}</p>
          <ul aria-label={t('footer.hoursLabel')}>
            {supportHoursLines(variant.support.hours.days, locale).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="footer-hours-title">{t('footer.callbackHours')}</p>
          <ul aria-label={t('footer.callbackHoursLabel')}>
            {supportHoursLines(variant.support.callbackHours.days, locale).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('footer.legalTitle')}</h2>
          <ul>
            {legalLinks.map((link) => (
              <li key={link.key}>
                <Link to={href(variant, link.path)}>{t(`footer.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service">{t('footer.serviceTitle')}</h2>
          <ul>
            <li>
              <Link to={href(variant, '/service')}>{t('nav.service')}</Link>
            </li>
            <li>
              <Link to={href(variant, '/service/faq')}>{t('nav.faq')}</Link>
            </li>
            <li>
              <Link to={href(variant, '/feedback')}>{t('footer.feedback')}</Link>
            </li>
            {/* Signed in, there is nothing to sign in to: the header offers signing out. */}
            {auth === 'none' ? (
              <li>
                <Link to={href(variant, '/signin')}>{t('nav.signIn')}</Link>
              </li>
            ) : null}
            <li>
              <Link to={href(variant, '/consent')}>{t('footer.cookieSettings')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="legal-line">
        © {new Date().getFullYear()} {variant.legal.name} · {variant.legal.street}, {variant.legal.postalCode}{' '}
        {variant.legal.city}
      </p>
    </div>
  );
}
