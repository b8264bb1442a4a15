import { RemixI18Next } from 'remix-i18next/server';
import { cookieName } from '#server/auth/cookies.ts';
import { languageCookieName, negotiateLanguage } from '#server/i18n/negotiate.ts';
import { runtime } from '#server/runtime.ts';
import { i18nConfig } from './i18n';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** Every translation, bundled into the server build (locales/<lang>/<namespace>.json). */
const modules = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
export const resources: Resources = {};
for (const [file, content] of Object.entries(modules)) {
  const match = /locales\/(\w+)\/(\w+)\.json$/.exec(file);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  (resources[language] ??= {})[namespace] = content;
}

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    order: ['custom'],
    // The language depends on the variant (each offers its own list), so the portal decides.
    findLocale: async (request) =>
      negotiateLanguage(request, runtime().variantOf(request), cookieName(languageCookieName)),
  },
  i18next: { ...i18nConfig, resources },
});
