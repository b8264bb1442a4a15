import { useFetcher, useLocation } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { href, type PublicVariant } from '~/lib/variant';

/**
 * Asks once whether anonymous usage statistics may be collected. Nothing is measured before a
 * yes; both choices are equally easy. Without JavaScript the form posts and comes back.
 */
export function ConsentBanner({ variant }: { variant: PublicVariant }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== 'idle' || fetcher.data) return null;
  return (
    <section className="consent" aria-labelledby="consent-title">
      <div className="container">
        <h2 id="consent-title">{t('consent.title')}</h2>
        <p>
          {t('consent.text')} <Link to={href(variant, '/privacy#analytics')}>{t('consent.more')}</Link>
        </p>
        <fetcher.Form method="post" action={href(variant, '/consent')} className="button-row">
          <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" name="choice" value="granted" className="button button--secondary">
            {t('consent.accept')}
          </button>
          <button type="submit" name="choice" value="denied" className="button button--secondary">
            {t('consent.decline')}
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
