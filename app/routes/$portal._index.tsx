import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { RichText } from '~/components/RichText';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { CallUsLink } from '~/components/ui/CallUsLink';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = { i18n: ['common', 'home'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, ['home', 'faq']);
  const signedOut = new URL(request.url).searchParams.get('signedOut') === 'timeout';
  // The teaser's three questions come with the page: the browser never loads the whole FAQ for them (issue 16).
  const teaser = teaserQuestions.map((key) => ({
    key,
    question: t(`faq:items.${key}.question`),
    answer: t(`faq:items.${key}.answer`, { phone: variant.support.phone, brand: variant.brand.name }),
  }));
  return {
    title: documentTitle(t('meta.title'), variant.brand.name),
    description: t('meta.description'),
    signedOut,
    teaser,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: 'description', content: data?.description },
];

const teaserQuestions = ['whyContacted', 'cannotPayAll', 'alreadyPaid'] as const;

export default function Home() {
  const root = useRootData()!;
  const { variant } = root;
  const { t } = useTranslation(['home', 'common']);
  const { signedOut, teaser } = useLoaderData<typeof loader>();
  return (
    <>
      {signedOut ? (
        <div className="container">
          <div className="panel panel--warning notice" role="status">
            <p>{t('common:idle.signedOut')}</p>
          </div>
        </div>
      ) : null}
      <section className="hero" aria-labelledby="home-title">
        <div className="container hero__grid">
          <div>
            <h1 id="home-title">{t('hero.title')}</h1>
            <p className="lead">{t('hero.lead')}</p>
            <ul className="trust-list">
              <li>{t('hero.trust.secure')}</li>
              <li>{t('hero.trust.options')}</li>
              <li>{t('hero.trust.help')}</li>
            </ul>
          </div>
          <div className="card">
            <h2>{t('entry.title')}</h2>
            <Form method="get" action={href(variant, '/signin')}>
              <div className="field">
                <label htmlFor="home-refno">{t('entry.label')}</label>
                <span className="hint" id="home-refno-hint">
                  {t('entry.hint')}
                </span>
                <input
                  id="home-refno"
                  name="az"
                  className="input input--code"
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={13}
                  aria-describedby="home-refno-hint"
                  required
                />
              </div>
              <button type="submit" className="button button--block">
                {t('entry.submit')}
              </button>
            </Form>
            <p className="muted">
              <Link to={`${href(variant, '/signin')}?action=AZonly`}>{t('entry.referenceOnly')}</Link>
            </p>
          </div>
        </div>
      </section>

      <section className="container page" aria-labelledby="how-title">
        <h2 id="how-title">{t('how.title')}</h2>
        <ol className="steps">
          {(['find', 'understand', 'settle'] as const).map((step) => (
            <li key={step}>
              <h3>{t(`how.${step}.title`)}</h3>
              <p>{t(`how.${step}.text`)}</p>
            </li>
          ))}
        </ol>

        <div className="grid grid-2">
          <section className="card" aria-labelledby="options-title">
            <h2 id="options-title">{t('options.title')}</h2>
            <RichText text={t('options.text')} />
          </section>
          <section className="card" aria-labelledby="help-title">
            <h2 id="help-title">{t('help.title')}</h2>
            <p>{t('help.text')}</p>
            <p>
              <CallUsLink variant={variant} className="button button--secondary" />
            </p>
          </section>
        </div>

        <section className="faq" aria-labelledby="faq-teaser-title">
          <h2 id="faq-teaser-title">{t('faqTeaser.title')}</h2>
          {teaser.map(({ key, question, answer }) => (
            <details key={key}>
              <summary>{question}</summary>
              <div>
                <RichText text={answer} />
              </div>
            </details>
          ))}
          <p>
            <Link to={href(variant, '/service/faq')}>{t('faqTeaser.all')}</Link>
          </p>
        </section>
      </section>
    </>
  );
}
