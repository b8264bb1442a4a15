/**
 * The API's messages in the requested language (`hl`): a problem's code and each invalid field's
 * message, looked up in the portal's own translations (German the source and the fallback). The
 * translations are read from locales/ once, as the mail templates read theirs.
 *
 * A problem's code is looked up as the error catalogue of the API (api, api-pay, api-claim:
 * `errors.<code>`), then as a refusal of the action layer (assistant: `refused.<code>`), then as a
 * sign-in error (signin: `errors.<code>`) and a common error (common: `errors.<code>`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { fallbackLanguage, languages, type Language } from '../i18n/languages.ts';

/** Where a problem's code is looked up, in this order. */
const problemKeys = (code: string) => [
  `api:errors.${code}`,
  `api-pay:errors.${code}`,
  `api-claim:errors.${code}`,
  `assistant:refused.${code}`,
  `signin:errors.${code}`,
  `common:errors.${code}`,
];

/** Where a field's message key (a form schema's `errors.…`) is looked up, after the API's own. */
const issueNamespaces = [
  'api',
  'api-pay',
  'api-claim',
  'common',
  'signin',
  'profile',
  'instalments',
  'checkout',
  'announce',
  'contact',
  'feedback',
  'documents',
  'uploads',
  'claim',
  'dashboard',
  'modals',
  'assistant',
];

let instance: I18n | undefined;

function translator(): I18n {
  if (instance) return instance;
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  const namespaces = new Set<string>();
  for (const language of languages) {
    const folder = path.resolve(process.cwd(), 'locales', language);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
      const namespace = file.slice(0, -'.json'.length);
      namespaces.add(namespace);
      (resources[language] ??= {})[namespace] = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<
        string,
        unknown
      >;
    }
  }
  const created = i18next.createInstance();
  void created.init({
    resources,
    lng: fallbackLanguage,
    fallbackLng: fallbackLanguage,
    ns: [...namespaces],
    defaultNS: 'api',
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  instance = created;
  return created;
}

type Values = Record<string, string | number | boolean | null | undefined>;

function firstOf(keys: string[], language: Language, values: Values): string | null {
  const t = translator();
  for (const key of keys) {
    if (t.exists(key, { lng: language })) return t.t(key, { lng: language, ...values }) as string;
  }
  return null;
}

/** The message of a problem's code; the generic message when the code has none. */
export function problemMessage(code: string, language: Language, values: Values = {}): string {
  return firstOf(problemKeys(code), language, values) ?? firstOf(['api:errors.generic'], language, values) ?? code;
}

/** Whether a code has a message of its own (the contract test lists every code the API answers with). */
export function hasProblemMessage(code: string, language: Language = fallbackLanguage): boolean {
  return firstOf(problemKeys(code), language, {}) !== null;
}

const translationKey = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

/**
 * A field's message: the form schema's translation key when it has one, otherwise the API's text
 * for the kind of problem (zod's own English default messages never reach a client).
 */
export function issueMessage(message: string, kind: string, language: Language, values: Values = {}): string {
  if (translationKey.test(message)) {
    const found = firstOf(
      issueNamespaces.map((ns) => `${ns}:${message}`),
      language,
      values,
    );
    if (found) return found;
  }
  return firstOf([`api:issues.${kind}`, 'api:issues.invalid'], language, values) ?? message;
}

/** Any translation by its namespaced key (`profile:reasons.move`), in the requested language. */
export function translate(key: string, language: Language, values: Values = {}): string {
  return firstOf([key], language, values) ?? key;
}
