/**
 * Amounts in a message: "50 Euro im Monat", "200 € anzahlen", "1.250,00", "199,90 kr", "CHF 80",
 * "fünfzig Euro". Each number found is read with its grouping and decimal marks (whichever
 * convention it is written in: three digits after a single mark group thousands, one or two are
 * decimals) and labelled by the words around it: a currency, a monthly cue (a rate), a total cue
 * (what is owed, never a rate), or a count noun ("6 Raten": no amount at all).
 */
import type { Lexicon } from './lexicon.ts';
import { alternation, type Spans } from './text.ts';

export interface FoundAmount {
  readonly value: number;
  readonly index: number;
  readonly currency: boolean;
  readonly monthly: boolean;
  readonly total: boolean;
}

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

/** Reads "1.250,00", "1,250.00", "1 250,00", "1'250.00", "199,90", "50" as a number, or undefined. */
export function readNumber(token: string): number | undefined {
  const t = token.replace(/[.,]-{1,2}$/, '');
  const marks = [...t.matchAll(/[.,' ]/g)].map((m) => m[0]);
  if (marks.length === 0) return Number(t);
  const last = marks[marks.length - 1]!;
  const lastAt = t.lastIndexOf(last);
  const tail = t.slice(lastAt + 1);
  let integer = t;
  let decimals = '';
  const lastIsDecimal =
    (last === '.' || last === ',') && tail.length <= 2 && !(marks.filter((m) => m === last).length > 1);
  if (lastIsDecimal) {
    integer = t.slice(0, lastAt);
    decimals = tail;
  }
  const groups = integer.split(/[.,' ]/);
  if (groups.length > 1 && (groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3))) return undefined;
  const value = Number(`${groups.join('')}${decimals ? `.${decimals}` : ''}`);
  return Number.isFinite(value) ? value : undefined;
}

export function findAmounts(spans: Spans, lx: Lexicon): FoundAmount[] {
  const text = spans.value;
  const currency = alternation(lx.currencies);
  const monthly = alternation(lx.monthly);
  const rateBefore = alternation(lx.rateBefore);
  const totalBefore = alternation(lx.totalBefore);
  const totalAfter = alternation(lx.totalAfter);
  const countNouns = alternation(lx.countNouns);
  const words = alternation(Object.keys(lx.numberWords).filter((w) => (lx.numberWords[w] ?? 0) >= 5));
  const number = new RegExp(
    `${B}(\\d{1,3}(?:[.,' ]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)(?:[.,]-{1,2})?(?![\\p{L}\\p{N}]|[.,]\\d)|${B}(${words})${E}`,
    'gu',
  );
  const found: FoundAmount[] = [];
  for (const m of text.matchAll(number)) {
    const raw = m[1] ?? m[2]!;
    const isWord = m[1] === undefined;
    const value = isWord ? lx.numberWords[raw] : readNumber(raw);
    if (value === undefined || value <= 0) continue;
    const start = m.index;
    const end = start + m[0].length;
    const before = text.slice(Math.max(0, start - 40), start);
    const after = text.slice(end, end + 40);
    const currencyAfter =
      new RegExp(`^\\s*(?:${currency})(?![\\p{L}])`, 'u').test(after) ||
      /^[.,]-/.test(text.slice(start + raw.length, end + 1));
    const currencyBefore = new RegExp(`(?:${currency})\\s*$`, 'u').test(before);
    const hasCurrency = currencyAfter || currencyBefore;
    const afterCurrency = after.replace(new RegExp(`^\\s*(?:${currency})(?![\\p{L}])`, 'u'), '');
    const rateCueBefore = new RegExp(`${B}(?:${rateBefore})\\s*$`, 'u').test(before);
    // "3 instalments", and "3 monthly instalments": a count, not a monthly amount of 3.
    if (
      !hasCurrency &&
      !rateCueBefore &&
      new RegExp(`^\\s*(?:(?:${monthly})\\s+)?(?:${countNouns})${E}`, 'u').test(after)
    )
      continue;
    if (isWord && !hasCurrency) continue;
    if (!hasCurrency && Number.isInteger(value) && value >= 1900 && value <= 2100) continue;
    const isMonthly =
      new RegExp(`^\\s*(?:${monthly})${E}`, 'u').test(afterCurrency) ||
      new RegExp(`${B}(?:${rateBefore})\\s*(?:${currency})?\\s*$`, 'u').test(before);
    const isTotal =
      new RegExp(`${B}(?:${totalBefore})\\s*(?:${currency})?\\s*$`, 'u').test(before) ||
      new RegExp(`^\\s*(?:${totalAfter})${E}`, 'u').test(afterCurrency);
    found.push({ value, index: start, currency: hasCurrency, monthly: isMonthly, total: isTotal && !isMonthly });
  }
  return found;
}
