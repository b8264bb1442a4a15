import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, type MetaFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { legalPageLoader } from '~/lib/legal.server';
import { RichText } from '~/components/RichText';

type Sections = Record<string, { heading: string; body: string }>;

/**
 * A legal page from the `legal` namespace: title, introduction, a table of contents and the
 * sections, each with an anchor. Variant facts (entity, address, authority) are interpolated.
 */
export function LegalPage({
  ns,
  page,
  values,
}: {
  ns: 'legal' | 'privacy';
  page: string;
  values: Record<string, string>;
}) {
  const { t } = useTranslation(ns);
  const sections = t(`${page}.sections`, { returnObjects: true, ...values }) as Sections;
  const entries = typeof sections === 'object' && sections ? Object.entries(sections) : [];
  return (
    <div className="container page">
      <article className="prose">
        <h1>{t(`${page}.title`)}</h1>
        <RichText text={t(`${page}.intro`, values)} />
        {entries.length > 3 ? (
          <nav className="legal-toc" aria-labelledby="toc-title">
            <h2 id="toc-title" className="visually-hidden">
              {t('common:legalPage.toc')}
            </h2>
            <p>
              <strong>{t('common:legalPage.toc')}</strong>
            </p>
            <ol>
              {entries.map(([key, section]) => (
                <li key={key}>
                  <a href={`#${key}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {entries.map(([key, section]) => (
          <section key={key} id={key} aria-labelledby={`${key}-heading`}>
            <h2 id={`${key}-heading`}>{section.heading}</h2>
            <RichText text={section.body} />
          </section>
        ))}
        <p className="muted">{t('common:legalPage.updated')}</p>
      </article>
    </div>
  );
}

/** The loader of a legal page route: `legalPageLoader` with the page's key. */
type LegalLoader = (args: LoaderFunctionArgs) => ReturnType<typeof legalPageLoader>;

/** The screen of a legal page route: the page its loader (`legalPageLoader`) names. */
export function LegalRoute() {
  const { ns, page, values } = useLoaderData<LegalLoader>();
  return <LegalPage ns={ns} page={page} values={values} />;
}

/** A legal page's document title. */
export const legalMeta: MetaFunction<LegalLoader> = ({ data }) => [{ title: data?.title }];
