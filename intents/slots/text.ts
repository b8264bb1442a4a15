/**
 * Text normalisation for slot extraction. Debtors write without accents or umlauts as often as
 * with them, so every pattern is matched against a folded form: lower case, no diacritics,
 * ß → ss, dotless ı → i, every kind of space (NBSP, narrow NBSP) a plain space. Folding keeps
 * the string's length per character where it can, but offsets are never mapped back: slots are
 * values, not spans.
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .replace(/[øØ]/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u00a0\u202f\u2007\u2009]/g, ' ')
    .replace(/[‘’´`]/g, "'")
    .replace(/[“”„«»]/g, '"');
}

/** A regular-expression alternation of literal words, longest first so that prefixes lose. */
export function alternation(words: Iterable<string>): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');
}

/** A masked copy of the text in which spans already used by one slot are blanked for the next. */
export class Spans {
  private text: string;
  constructor(text: string) {
    this.text = text;
  }
  get value(): string {
    return this.text;
  }
  consume(start: number, end: number): void {
    this.text = this.text.slice(0, start) + ' '.repeat(end - start) + this.text.slice(end);
  }
}
