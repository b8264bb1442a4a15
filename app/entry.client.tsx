import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';
import { i18nConfig } from './i18n';

// Each language and namespace is its own small chunk, fetched only when a page needs it.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend((language: string, namespace: string) => {
        const load = bundles[`../locales/${language}/${namespace}.json`];
        return load ? load().then((m) => m.default) : Promise.resolve({});
      }),
    )
    .init({
      ...i18nConfig,
      lng: document.documentElement.lang || i18nConfig.fallbackLng,
      ns: getInitialNamespaces(),
      // A page whose strings are not loaded yet suspends; navigations are transitions, so the
      // previous page stays until the next one can show real text (never raw keys).
      react: { useSuspense: true },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
