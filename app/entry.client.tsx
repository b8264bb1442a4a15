import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';
import { i18nConfig } from './i18n';

/** The translations' version (scripts/vite-translations.ts): part of every translation file's address. */
declare const __TRANSLATIONS_VERSION__: string;

/** Each language and namespace is its own small JSON file, fetched only when a page needs it. */
async function loadTranslations(language: string, namespace: string) {
  const response = await fetch(
    `${import.meta.env.BASE_URL}assets/translations-${__TRANSLATIONS_VERSION__}/${language}/${namespace}.json`,
  );
  // A failure is reported to i18next, which tries again (never an empty text shown as keys).
  if (!response.ok) throw new Error(`translations ${language}/${namespace}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(loadTranslations))
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
