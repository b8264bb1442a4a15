/**
 * The reply language of a message: eld's medium n-gram database restricted to the portal's
 * seven languages, chosen by measurement over tinyld and franc-min (docs/decisions/032).
 * One- or two-word messages ("hallo", "ok danke", "Rate 50") carry too little to tell languages
 * apart, so they keep the page's language, as does any message the detector cannot place.
 */
import { eld, keepLanguages } from 'eld/medium';
import { isLang, LANGS, type Lang } from '../catalogue.ts';
import { words } from './normalise.ts';

/** Messages with at most this many words (letters, not numbers) keep the page language. */
export const SHORT_MESSAGE_WORDS = 2;

// Only the seven languages' n-grams are kept (a patch to eld, issue 28): 61 MB of the server's
// heap become about 26 MB, and detection among the seven answers exactly as with all sixty.
keepLanguages([...LANGS]);
// An instance of our own: the subset setting is per instance, and the default one is shared.
const detector = eld.newInstance();
detector.setLanguageSubset([...LANGS]);

export interface DetectedLanguage {
  lang: Lang;
  /** `detected` from the text, `page` from the page because the text was too short or unclear. */
  source: 'detected' | 'page';
}

/** The detector's language among the seven, or null when it has no opinion. */
export function guessLanguage(text: string): Lang | null {
  const { language } = detector.detect(text);
  return isLang(language) ? language : null;
}

export function detectLanguage(text: string, pageLang: Lang): DetectedLanguage {
  if (words(text).filter((w) => /\p{L}/u.test(w)).length <= SHORT_MESSAGE_WORDS)
    return { lang: pageLang, source: 'page' };
  const guess = guessLanguage(text);
  return guess ? { lang: guess, source: 'detected' } : { lang: pageLang, source: 'page' };
}
