/** The portal's languages. German is the source of every string and the fallback. */
export const languages = ['de', 'en', 'es', 'fr', 'it', 'tr', 'sv'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Each language's own name, shown in the language switcher (never translated). */
export const languageNames: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  tr: 'Türkçe',
  sv: 'Svenska',
};
