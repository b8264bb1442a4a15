import { fallbackLanguage, languages } from '#server/i18n/languages.ts';

/** i18next options shared by server and client. German is the source and the fallback. */
export const i18nConfig = {
  supportedLngs: [...languages],
  fallbackLng: fallbackLanguage,
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

export const namespaces = [
  'common',
  'home',
  'legal',
  'privacy',
  'faq',
  'signin',
  'claim',
  'dashboard',
  'bankid',
  'claimInfo',
  'feedback',
  'service',
  'modals',
  'uploads',
  'announce',
  'contact',
  'hardship',
  'mail',
  'documents',
  'instalments',
  'checkout',
  'sandbox',
  'profile',
  'assistant',
  'staff',
] as const;
export type Namespace = (typeof namespaces)[number];
