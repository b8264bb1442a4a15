import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { authLevel, findSession, type AuthLevel } from '#server/auth/session.ts';
import { uploadCenterOffered } from '#server/documents/upload-center.ts';
import { withBase } from '#server/variants/resolve.ts';
import { supportHoursLines } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The service hub (spec 2.1 /service): every way to get help, open to everyone; the items that
 * need a signed-in file say so and lead through the sign-in back to where the debtor wanted to go.
 */
export const handle = { i18n: ['common', 'service'] };

type Item = { key: string; path: string; needs: Exclude<AuthLevel, 'none'> | null };

const items: Item[] = [
  { key: 'contact', path: '/service/contact', needs: 'limited' },
  { key: 'callback', path: '/service/contact?action=callback', needs: 'limited' },
  { key: 'hardship', path: '/service/hardship', needs: 'limited' },
  { key: 'faq', path: '/service/faq', needs: null },
  { key: 'announce', path: '/announce-payment', needs: 'limited' },
  { key: 'uploads', path: '/upload-center', needs: 'limited' },
  { key: 'downloads', path: '/download-center', needs: 'full' },
  { key: 'claimInformation', path: '/claim-information', needs: 'full' },
  { key: 'profile', path: '/debtor/profile', needs: 'full' },
  { key: 'feedback', path: '/feedback', needs: null },
];

const rank: Record<AuthLevel, number> = { none: 0, limited: 1, full: 2 };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'service');
  const session = await findSession(request);
  const level = authLevel(session);
  // The upload center is offered only to files that have documents to send (showUploadCenter).
  const uploadCenter = session ? await uploadCenterOffered(session.fileId) : false;
  const visible = items
    .filter((item) => item.key !== 'uploads' || uploadCenter)
    .map((item) => {
      const allowed = item.needs === null || rank[level] >= rank[item.needs];
      const signIn = `${withBase(variant, '/signin')}${item.needs === 'limited' && level === 'none' ? '?action=AZonly&' : '?'}returnTo=${encodeURIComponent(withBase(variant, item.path))}`;
      return { key: item.key, to: allowed ? withBase(variant, item.path) : signIn, locked: !allowed };
    });
  return { title: documentTitle(t('title'), variant.brand.name), items: visible };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function ServiceHub() {
  const { items: visible } = useLoaderData<typeof loader>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['service', 'common']);
  return (
    <div className="container page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <ul className="tiles service-tiles">
        {visible.map((item) => (
          <li key={item.key}>
            <Link to={item.to}>
              <strong>{t(`items.${item.key}.title`)}</strong>
              <span>{t(`items.${item.key}.text`)}</span>
              {item.locked ? <span className="badge">{t('afterSignIn')}</span> : null}
            </Link>
          </li>
        ))}
      </ul>

      <div className="grid grid-2 service-notices">
        <section className="card" aria-labelledby="misuse-heading">
          <h2 id="misuse-heading">{t('misuse.title')}</h2>
          <p>{t('misuse.text')}</p>
          <p>
            <Link to={href(variant, '/download-center/identity-theft')}>{t('misuse.action')}</Link>
          </p>
        </section>
        <section className="card" aria-labelledby="redirect-heading">
          <h2 id="redirect-heading">{t('redirect.title')}</h2>
          <p>{t('redirect.text')}</p>
        </section>
      </div>

      <section className="panel service-phone" aria-labelledby="phone-heading">
        <h2 id="phone-heading">{t('phone.title')}</h2>
        <p>
          <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a> ·{' '}
          <a href={`mailto:${variant.support.email}`}>{variant.support.email}</a>
        </p>
        <ul className="plain-list">
          {supportHoursLines(variant.support.hours.days, locale).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
