/**
 * Features of one message: character 2- to 5-grams inside each folded word (typos and
 * inflections share most of them), folded word unigrams and bigrams, and the raw lower-case
 * words where folding changed them. Digits are reduced to one shape ("50" and "80" are the
 * same feature: amounts are slots, not intents).
 */
import { fold, lower, words } from './normalise.ts';

export const CHAR_MIN = 2;
export const CHAR_MAX = 5;

function digitShape(word: string): string {
  return /\p{N}/u.test(word) ? word.replace(/\p{N}+/gu, '0') : word;
}

/** Feature strings with their counts. Prefixes keep the kinds apart: `c:` chars, `w:` words, `b:` bigrams, `r:` raw words. */
export function featureCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const folded = words(fold(text)).map(digitShape);
  for (const word of folded) {
    add(`w:${word}`);
    const padded = ` ${word} `;
    for (let n = CHAR_MIN; n <= CHAR_MAX; n++) {
      for (let i = 0; i + n <= padded.length; i++) add(`c:${padded.slice(i, i + n)}`);
    }
  }
  for (let i = 0; i + 1 < folded.length; i++) add(`b:${folded[i]} ${folded[i + 1]}`);
  const raw = words(lower(text)).map(digitShape);
  for (let i = 0; i < raw.length; i++) if (raw[i] !== folded[i]) add(`r:${raw[i]}`);
  return counts;
}
