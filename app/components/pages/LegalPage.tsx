import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, type MetaFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { legalPageLoader } from '~/lib/legal.server';
import { RichText } from '~/components/RichText';
import { Kept } from '~/components/shell/Kept';
import type { KeptPage } from '~/lib/kept-html';

type Sections = Record<string, { heading: string; body: string }>;

/** What a legal page shows: its text's namespace and key, and the variant's facts written into it. */
export interface LegalPageProps {
  ns: 'legal' | 'privacy';
  page: string;
  values: Record<string, string>;
}

/**
 * A legal page from the `legal` namespace: title, introduction, a table of contents and the
 * sections, each with an anchor. Variant facts (entity, address, authority) are interpolated.
 * On the server its content is the HTML kept for its key where the document's render was given it
 * (decision 128); in the browser the content renders, and hydration meets the same elements.
 */
export function LegalPage(props: LegalPageProps) {
  const { i18n } = useTranslation();
  return (
    <Kept as="div" className="container page" part="page" partKey={legalPageKey(i18n.language, props)}>
      <LegalPageContent {...props} />
    </Kept>
  );
}

/** What a legal page's content depends on: the language, the page and the facts written into it. */
export function legalPageKey(language: string, { ns, page, values }: LegalPageProps): string {
  return JSON.stringify([language, ns, page, values]);
}

/** A legal page's content, the same for everyone with the same `legalPageKey`. */
export function LegalPageContent({ ns, page, values }: LegalPageProps) {
  const { t } = useTranslation(ns);
  const sections = t(`${page}.sections`, { returnObjects: true, ...values }) as Sections;
  const entries = typeof sections === 'object' && sections ? Object.entries(sections) : [];
  return (
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
  );
}

/** The loader of a legal page route: `legalPageLoader` with the page's key. */
type LegalLoader = (args: LoaderFunctionArgs) => ReturnType<typeof legalPageLoader>;

/** The screen of a legal page route: the page its loader (`legalPageLoader`) names. */
export function LegalRoute() {
  const { ns, page, values } = useLoaderData<LegalLoader>();
  return <LegalPage ns={ns} page={page} values={values} />;
}

/** A legal page's content kept per key (decision 128): the loader's data names the page. */
const legalKeptPage: KeptPage<LegalPageProps> = {
  key: legalPageKey,
  content: (props) => <LegalPageContent {...props} />,
};

/** The handle of a legal page route: the texts it needs, and its content kept. */
export function legalHandle(ns: LegalPageProps['ns']) {
  return { i18n: ['common', ns], keptPage: legalKeptPage };
}

/** A legal page's document title. */
export const legalMeta: MetaFunction<LegalLoader> = ({ data }) => [{ title: data?.title }];
