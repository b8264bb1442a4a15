/**
 * The one reader of amounts that people type, for every form (in the browser and in the action)
 * and every server function that takes an amount: "1.250,00" (de, es, it, tr), "1,250.00" (en),
 * "1 250,00" (fr, sv; with a space, a no-break space or a narrow no-break space), "1'250.00"
 * (CH, also with ’), "1250" and "1250.5" wherever they can only mean one thing.
 *
 * The locale is the page's Intl locale (language with the variant's country, as
 * `app/lib/format.ts` formats): whatever the portal displays there is read back, and a
 * "1.250" or "1,250" that could be a thousand or one and a quarter is refused rather than
 * guessed. Nothing is ever rounded: a third decimal is an error, not a cent.
 */
import { z } from 'zod';

export type AmountProblem = 'required' | 'format' | 'negative' | 'decimals' | 'ambiguous' | 'tooLarge';
export type AmountReading = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

type Mark = '.' | ',';
interface Separators {
  /** Marks the locale uses as decimal separator (in the currency format or the plain number format). */
  decimal: ReadonlySet<Mark>;
  /** Marks the locale uses to group thousands. */
  group: ReadonlySet<Mark>;
  /** Currency signs that may stand before or after the figure, longest first. */
  signs: readonly string[];
  /** The decimal mark the currency format displays (a field is prefilled with it). */
  shown: string;
}

/** Above this a typed figure is a mistake, not a claim (ten billion in major units). */
const maxWholeDigits = 10;

const extraSigns: Record<string, readonly string[]> = {
  EUR: ['€', 'EUR', 'Euro'],
  CHF: ['CHF', 'SFr.', 'Fr.', 'Fr'],
  SEK: ['SEK', 'kr.', 'kr', ':-'],
  NOK: ['NOK', 'Nkr', 'kr.', 'kr', ',-'],
};

const cache = new Map<string, Separators>();

/** The separators the portal shows for a locale and currency, read from Intl as format.ts uses it. */
export function separatorsOf(locale: string, currency: string): Separators {
  const key = `${locale}|${currency}`;
  const known = cache.get(key);
  if (known) return known;
  const decimal = new Set<Mark>();
  const group = new Set<Mark>();
  const signs = new Set<string>([currency, ...(extraSigns[currency] ?? [])]);
  const formats = [new Intl.NumberFormat(locale, { style: 'currency', currency }), new Intl.NumberFormat(locale)];
  const shown = formats[0]!.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? ',';
  for (const format of formats) {
    for (const part of format.formatToParts(1234567.5)) {
      if (part.type === 'decimal' && (part.value === '.' || part.value === ',')) decimal.add(part.value);
      if (part.type === 'group' && (part.value === '.' || part.value === ',')) group.add(part.value);
      if (part.type === 'currency') signs.add(part.value);
    }
  }
  const separators = { decimal, group, signs: [...signs].sort((a, b) => b.length - a.length), shown };
  cache.set(key, separators);
  return separators;
}

const space = /[\s\u00a0\u202f\u2007\u2009]/;
const apostrophe = /['’ʼ]/;
type Kind = Mark | ' ' | "'";

function kindOf(char: string): Kind | null {
  if (char === '.' || char === ',') return char;
  if (space.test(char)) return ' ';
  if (apostrophe.test(char)) return "'";
  return null;
}

function stripSigns(text: string, signs: readonly string[]): string {
  let rest = text;
  for (let changed = true; changed;) {
    changed = false;
    for (const sign of signs) {
      const lower = rest.toLowerCase();
      const s = sign.toLowerCase();
      if (lower.startsWith(s)) {
        rest = rest.slice(sign.length).trim();
        changed = true;
      } else if (lower.endsWith(s) && rest.length > sign.length) {
        rest = rest.slice(0, -sign.length).trim();
        changed = true;
      }
    }
  }
  return rest;
}

/** Reads a typed amount as integer minor units (two decimals: EUR, CHF, SEK, NOK), or names what is wrong. */
export function parseAmount(input: string, locale: string, currency: string): AmountReading {
  const separators = separatorsOf(locale, currency);
  let text = input.trim();
  if (text === '') return { ok: false, problem: 'required' };
  text = stripSigns(text, separators.signs);
  // "50,-" and "50.–" are whole amounts (common on German and Swiss price tags); ",50" is "0,50".
  text = text.replace(/(\d)[.,][-–]{1,2}$/, '$1').replace(/^([.,]\d{1,2})$/, '0$1');
  if (/^[-−–]|[-−–]$/.test(text) && /\d/.test(text)) return { ok: false, problem: 'negative' };
  if (!/^\d/.test(text) || !/\d$/.test(text)) return { ok: false, problem: text === '' ? 'required' : 'format' };

  const runs: string[] = [];
  const seps: Kind[] = [];
  let digits = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char >= '0' && char <= '9') {
      digits += char;
      continue;
    }
    const kind = kindOf(char);
    // Two separators in a row ("1..250", "1 ,5") or anything that is not a figure.
    if (kind === null || digits === '') return { ok: false, problem: 'format' };
    runs.push(digits);
    seps.push(kind);
    digits = '';
  }
  runs.push(digits);

  // Which separator (if any) starts the decimals.
  let decimalAt = -1;
  const last = seps.length - 1;
  const lastSep = seps[last];
  if (lastSep === '.' || lastSep === ',') {
    const other: Mark = lastSep === '.' ? ',' : '.';
    const count = seps.filter((s) => s === lastSep).length;
    const tail = runs[last + 1]!;
    if (seps.includes(other)) decimalAt = last;
    else if (count > 1) decimalAt = -1;
    else if (tail.length !== 3) decimalAt = last;
    else if (/^0+$/.test(runs.slice(0, last + 1).join(''))) decimalAt = last;
    else {
      // "1.250" or "1,250": a thousand in one locale, one and a quarter (three decimals) in another.
      const isDecimal = separators.decimal.has(lastSep);
      const isGroup = separators.group.has(lastSep);
      if (isDecimal && !isGroup) decimalAt = last;
      else if (!(isGroup && !isDecimal)) return { ok: false, problem: 'ambiguous' };
    }
  }

  const whole = decimalAt === -1 ? runs : runs.slice(0, decimalAt + 1);
  const groups = decimalAt === -1 ? seps : seps.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? '' : runs[decimalAt + 1]!;
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  if (groups.length > 0) {
    // Thousands: one kind of separator, groups of three after a first group of one to three digits.
    if (new Set(groups).size > 1) return { ok: false, problem: 'format' };
    if (groups[0] === seps[decimalAt]) return { ok: false, problem: 'format' };
    const [first, ...rest] = whole;
    if (!first || first.length > 3 || /^0/.test(first) || rest.some((g) => g.length !== 3))
      return { ok: false, problem: 'format' };
  }
  const wholeDigits = whole.join('').replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > maxWholeDigits) return { ok: false, problem: 'tooLarge' };
  const minor = Number(wholeDigits) * 100 + Number(fraction.padEnd(2, '0'));
  return { ok: true, minor };
}

/** Translation keys (namespace `common`) of the reader's problems. */
export const amountMessages: Record<AmountProblem, string> = {
  required: 'common:form.amount.required',
  format: 'common:form.amount.format',
  negative: 'common:form.amount.negative',
  decimals: 'common:form.amount.decimals',
  ambiguous: 'common:form.amount.ambiguous',
  tooLarge: 'common:form.amount.tooLarge',
};

export interface AmountFieldOptions {
  locale: string;
  currency: string;
  /** Smallest amount accepted, minor units (default 1: a payment of nothing is no payment). */
  minMinor?: number;
  maxMinor?: number;
  /** Keys for the limits and for the reader's problems where a form says it its own way. */
  messages?: Partial<Record<AmountProblem | 'tooLow' | 'tooHigh', string>>;
}

/**
 * The zod field for an amount: a string in, integer minor units out. Every form's schema uses it,
 * so conform in the browser, the action and the server function read the same figure.
 */
export function amountField(options: AmountFieldOptions) {
  const message = (key: AmountProblem | 'tooLow' | 'tooHigh') =>
    options.messages?.[key] ??
    (key === 'tooLow'
      ? 'common:form.amount.tooLow'
      : key === 'tooHigh'
        ? 'common:form.amount.tooHigh'
        : amountMessages[key]);
  const min = options.minMinor ?? 1;
  return z
    .string({ error: message('required') })
    .max(40, message('format'))
    .transform((value, ctx) => {
      const reading = parseAmount(value, options.locale, options.currency);
      if (!reading.ok) {
        ctx.addIssue({ code: 'custom', message: message(reading.problem) });
        return z.NEVER;
      }
      if (reading.minor < min) {
        ctx.addIssue({ code: 'custom', message: message('tooLow') });
        return z.NEVER;
      }
      if (options.maxMinor !== undefined && reading.minor > options.maxMinor) {
        ctx.addIssue({ code: 'custom', message: message('tooHigh') });
        return z.NEVER;
      }
      return reading.minor;
    });
}

/**
 * Minor units back into a field ("1250,00", "1250.00"), in the decimal mark the locale displays,
 * read from Intl once per locale and currency with the other separators (`separatorsOf`).
 */
export function minorToInput(minor: number, locale: string, currency = 'EUR'): string {
  const mark = separatorsOf(locale, currency).shown;
  return `${Math.floor(minor / 100)}${mark}${String(minor % 100).padStart(2, '0')}`;
}
