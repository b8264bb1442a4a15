/**
 * Text normalisation for the classifier and the data checks. Debtors write with and without
 * accents and umlauts ("pagué"/"pague", "muß"/"muss", "ödeme"/"odeme", "för"/"for"), so every
 * feature is taken from the accent-folded form; the raw lower-case words are kept beside it
 * (see features.ts) because an accent sometimes carries meaning ("pagué" is past tense).
 */

/** Letters that Unicode decomposition does not fold but that debtors type without. */
const EXTRA_FOLDS: Record<string, string> = { ß: 'ss', ı: 'i', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ł: 'l', þ: 'th' };
const EXTRA_FOLDS_RE = /[ßıøæœđłþ]/g;
const COMBINING_MARKS = /\p{M}+/gu;

/** Lower case with the locale-independent rules (Turkish "İ" becomes "i̇", folded below). */
export function lower(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** Lower case, compatibility decomposition, marks removed, the few letters above spelled out. */
export function fold(text: string): string {
  return lower(text)
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(EXTRA_FOLDS_RE, (c) => EXTRA_FOLDS[c] ?? c);
}

// Marks belong to their word: a lower-cased Turkish "İ" is "i" plus a combining dot.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Words of a text (letters and digits), in the form given. */
export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The key under which two utterances count as the same for the duplicate checks: lower-case
 * words joined by single spaces, so punctuation, case and spacing do not make a new line. Accents
 * do: the classifier sees the raw words too, and they can change the meaning (French "soldé",
 * settled, against "solde", balance).
 */
export function sameTextKey(text: string): string {
  return words(lower(text)).join(' ');
}
