import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { RemixI18Next } from 'remix-i18next/server';
import { cookieName } from '#server/auth/cookies.ts';
import { languageCookieName, negotiateLanguage } from '#server/i18n/negotiate.ts';
import { runtime } from '#server/runtime.ts';
import { i18nConfig, namespaces } from './i18n';
import { keepTranslations } from './lib/kept-translations.server';

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

/**
 * Each request's language, negotiated once: a page asks for it three times (the root's loader, the
 * page's context, the render), each time reading the address, the cookies and Accept-Language.
 */
const negotiated = new WeakMap<Request, string>();

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    order: ['custom'],
    // The language depends on the variant (each offers its own list), so the portal decides.
    findLocale: async (request) => {
      let language = negotiated.get(request);
      if (language === undefined) {
        language = negotiateLanguage(request, runtime().variantOf(request), cookieName(languageCookieName));
        negotiated.set(request, language);
      }
      return language;
    },
  },
  i18next: { ...i18nConfig, resources },
});

/**
 * The translations are fixed at build time and a translation function never changes an
 * instance's language, so the server builds its i18next instances once instead of once per call
 * (remix-i18next's getFixedT creates and initialises a new one every time): one shared instance
 * for loaders and actions, and one per language for rendering (entry.server.tsx).
 */
const shared = createInstance();
const sharedReady = shared.init({ ...i18nConfig, ns: [...namespaces], resources }).then(() => keepTranslations(shared));

const perRequest = i18next.getFixedT.bind(i18next);
i18next.getFixedT = (async (
  requestOrLocale: string | Request,
  ns?: string | readonly string[],
  options?: { keyPrefix?: string },
): Promise<TFunction> => {
  // Other init options change the instance itself: those still get one of their own.
  if (options && Object.keys(options).some((key) => key !== 'keyPrefix'))
    return perRequest(requestOrLocale as string, ns as never, options as never) as Promise<TFunction>;
  const [, locale] = await Promise.all([
    sharedReady,
    typeof requestOrLocale === 'string' ? requestOrLocale : i18next.getLocale(requestOrLocale),
  ]);
  return shared.getFixedT(locale, ns as string | string[] | undefined, options?.keyPrefix) as TFunction;
}) as typeof i18next.getFixedT;

const rendering = new Map<string, Promise<I18n>>();

/** The i18next instance that renders pages in one language, built on first use. */
export function renderingInstance(language: string): Promise<I18n> {
  const lng = (i18nConfig.supportedLngs as readonly string[]).includes(language) ? language : i18nConfig.fallbackLng;
  let instance = rendering.get(lng);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng, ns: [...namespaces], resources })
      .then(() => keepTranslations(created));
    rendering.set(lng, instance);
  }
  return instance;
}
