import Negotiator from 'negotiator';
import type { Variant } from '../variants/config.ts';
import { isLanguage, type Language } from './languages.ts';

export const languageCookieName = 'portal_lang';
export const languageQueryParam = 'hl';

/**
 * Picks the page language: the `hl` query parameter, then the cookie set by the language
 * switcher, then the browser's Accept-Language; only languages the variant offers count,
 * and the variant's default language closes the list.
 */
export function negotiateLanguage(request: Request, variant: Variant, cookie: string = languageCookieName): Language {
  const offered = variant.languages;
  const fromQuery = new URL(request.url).searchParams.get(languageQueryParam)?.slice(0, 2).toLowerCase();
  if (isLanguage(fromQuery) && offered.includes(fromQuery)) return fromQuery;

  const fromCookie = readCookie(request.headers.get('Cookie'), cookie);
  if (isLanguage(fromCookie) && offered.includes(fromCookie)) return fromCookie;

  const header = request.headers.get('Accept-Language');
  if (header) {
    const negotiator = new Negotiator({ headers: { 'accept-language': header } });
    // Negotiator matches "de-CH" against "de" by prefix; it returns the best of the offered list.
    const best = negotiator.language([...offered]);
    if (isLanguage(best)) return best;
  }
  return variant.defaultLanguage;
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** BCP 47 tag for Intl: the language with the variant's country, e.g. fr-CH, sv-SE, en-NO. */
export function intlLocale(language: Language, variant: Pick<Variant, 'country'>): string {
  return `${language}-${variant.country}`;
}
