import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { RichText } from '~/components/RichText';
import { faqGroups, faqLinks } from '~/lib/faq';
import { legalValues } from '~/lib/legal.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = { i18n: ['common', 'faq'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, locale, t } = await pageContext(request, params, 'faq');
  return { title: documentTitle(t('title'), variant.brand.name), values: legalValues(variant, locale) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Faq() {
  const { values } = useLoaderData<typeof loader>();
  const { variant } = useRootData()!;
  const { t } = useTranslation('faq');
  return (
    <div className="container page faq">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      {Object.entries(faqGroups).map(([group, keys]) => (
        <section key={group} id={group} aria-labelledby={`${group}-title`}>
          <h2 id={`${group}-title`}>{t(`groups.${group}`)}</h2>
          {keys.map((key) => (
            <details key={key} id={key}>
              <summary>{t(`items.${key}.question`, values)}</summary>
              <div>
                <RichText text={t(`items.${key}.answer`, values)} />
                {faqLinks[key] ? (
                  <p>
                    <Link to={href(variant, faqLinks[key])}>{t(`items.${key}.link`)}</Link>
                  </p>
                ) : null}
              </div>
            </details>
          ))}
        </section>
      ))}
      <div className="panel">
        <p>{t('stillQuestions', values)}</p>
        <p>
          <Link to={href(variant, '/signin')}>{t('common:nav.signIn')}</Link>
        </p>
      </div>
    </div>
  );
}
