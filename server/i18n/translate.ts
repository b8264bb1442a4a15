/**
 * Translations for server code that writes text without a page: the printed forms (PDF) and the
 * labels the JSON API sends (contact subjects, upload templates). Read once from locales/, as the
 * mail templates read theirs; German is the fallback of every key.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { fallbackLanguage, isLanguage, languages } from './languages.ts';

const instances = new Map<string, I18n>();

function instanceFor(namespace: string): I18n {
  const known = instances.get(namespace);
  if (known) return known;
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const language of languages) {
    const file = path.resolve(process.cwd(), 'locales', language, `${namespace}.json`);
    if (existsSync(file))
      resources[language] = { [namespace]: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> };
  }
  const created = i18next.createInstance();
  void created.init({
    resources,
    lng: fallbackLanguage,
    fallbackLng: fallbackLanguage,
    ns: [namespace],
    defaultNS: namespace,
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  instances.set(namespace, created);
  return created;
}

/** A translation function of one namespace in one language (unknown languages read German). */
export function serverTranslator(
  language: string,
  namespace: string,
): (key: string, values?: Record<string, string>) => string {
  const t = instanceFor(namespace).getFixedT(isLanguage(language) ? language : fallbackLanguage, namespace);
  return (key, values) => t(key, values ?? {});
}

/** Whether a key exists in a namespace (German, the source). */
export function hasTranslation(namespace: string, key: string): boolean {
  return instanceFor(namespace).exists(key, { ns: namespace, lng: fallbackLanguage });
}
