/**
 * Features of one message: character 2- to 5-grams inside each folded word (typos and
 * inflections share most of them), folded word unigrams and bigrams, and the raw lower-case
 * words where folding changed them. Digits are reduced to one shape ("50" and "80" are the
 * same feature: amounts are slots, not intents), and a numeric date ("15/12", "15.12.",
 * "3.1.2027", "2026-12-15") is one word of its own, DATE_WORD: split at its dot or slash it
 * was two numbers, the shape of "50 in 12 months", so "il 15/12 va bene" or "15.12 olur mu"
 * looked like a bare "ok" or an instalment count (decision 090).
 */
import { fold, lower, words } from './normalise.ts';

export const CHAR_MIN = 2;
export const CHAR_MAX = 5;
/** The one word that stands for every numeric date; it gets no character n-grams. */
export const DATE_WORD = '0date0';

/**
 * Day and month with a dot, slash or hyphen, an optional year and an optional closing dot, not
 * part of a longer number, not an amount ("12.50", "15.12 €") and not a rating ("4/5", "9/10"): `numericDates` checks the
 * day and month.
 */
const NUMERIC_DATE =
  /(?<![\p{N}.,/-])(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})([./-])(\d{1,2})(?:\5(?:\d{4}|\d{2}))?\.?)(?![\p{N}]|[.,/-]\p{N})(?!\s*(?:[€$£₺]|(?:eur|euro|chf|kr|sek|nok|tl|lira)\b))/giu;

function isDayAndMonth(a: number, b: number, separator: string): boolean {
  if (separator === '/' && (b === 5 || b === 10) && a <= b) return false; // a rating: "4/5", "10/10"
  const [day, month] = b > 12 && a <= 12 ? [b, a] : [a, b];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** The text with every numeric date replaced by DATE_WORD. */
export function markDates(text: string): string {
  return text.replace(NUMERIC_DATE, (match, _y, isoMonth, isoDay, d, sep: string, m) =>
    (
      isoMonth !== undefined
        ? isDayAndMonth(Number(isoDay), Number(isoMonth), '-')
        : isDayAndMonth(Number(d), Number(m), sep)
    )
      ? ` ${DATE_WORD} `
      : match,
  );
}

function digitShape(word: string): string {
  return word !== DATE_WORD && /\p{N}/u.test(word) ? word.replace(/\p{N}+/gu, '0') : word;
}

/** Feature strings with their counts. Prefixes keep the kinds apart: `c:` chars, `w:` words, `b:` bigrams, `r:` raw words. */
export function featureCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const marked = markDates(text);
  const folded = words(fold(marked)).map(digitShape);
  for (const word of folded) {
    add(`w:${word}`);
    if (word === DATE_WORD) continue;
    const padded = ` ${word} `;
    for (let n = CHAR_MIN; n <= CHAR_MAX; n++) {
      for (let i = 0; i + n <= padded.length; i++) add(`c:${padded.slice(i, i + n)}`);
    }
  }
  for (let i = 0; i + 1 < folded.length; i++) add(`b:${folded[i]} ${folded[i + 1]}`);
  const raw = words(lower(marked)).map(digitShape);
  for (let i = 0; i < raw.length; i++) if (raw[i] !== folded[i]) add(`r:${raw[i]}`);
  return counts;
}
