/**
 * Formatting at the edge: money arrives as integer minor units with a currency; dates as ISO
 * strings. The locale is the language with the variant's country (fr-CH, sv-SE, en-NO).
 *
 * Building an Intl formatter costs far more than using one (on the server it was a tenth of a
 * public page's time), so each is built once per locale and options and kept. The keys come from
 * the portal's own short lists (languages × variants, currencies); the bound is only a guard.
 */
import { keptIn } from './kept-in';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => F): F {
  return keptIn(formatters, key, 500, build) as F;
}

/**
 * A currency's formatter with its minor units per major unit (100 for EUR, CHF, SEK, NOK), kept
 * together: `resolvedOptions()` builds a fresh object each time, three quarters of a `formatMoney`
 * call's cost when it was asked for every amount (a claim page formats dozens).
 */
const moneyFormats = new Map<string, { format: Intl.NumberFormat; divisor: number }>();

export function formatMoney(minor: number, currency: string, locale: string): string {
  const { format, divisor } = keptIn(moneyFormats, `${locale}|${currency}`, 500, () => {
    const built = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return { format: built, divisor: 10 ** (built.resolvedOptions().maximumFractionDigits ?? 2) };
  });
  return format.format(minor / divisor);
}

/** A plain number in the locale; `fractionDigits` fixes the number of decimals. */
export function formatNumber(value: number, locale: string, fractionDigits?: number): string {
  return kept(
    `number|${locale}|${fractionDigits ?? ''}`,
    () =>
      new Intl.NumberFormat(
        locale,
        fractionDigits === undefined
          ? {}
          : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
      ),
  ).format(value);
}

/**
 * Calendar days as written, per locale and style: a claim page writes dozens of dates (invoices,
 * events, instalments), mostly the same few hundred days for every debtor, and each `format` call
 * cost ICU about 1.5 µs where a lookup costs a tenth. Only days (`YYYY-MM-DD`) are kept; the bound
 * is a guard.
 */
const writtenDays = new Map<string, string>();

export function formatDate(iso: string | Date, locale: string, style: 'long' | 'medium' | 'short' = 'long'): string {
  if (typeof iso !== 'string' || iso.length !== 10) return writeDate(iso, locale, style);
  const key = `${locale}|${style}|${iso}`;
  return writtenDays.get(key) ?? keptIn(writtenDays, key, 20_000, () => writeDate(iso, locale, style));
}

function writeDate(iso: string | Date, locale: string, style: 'long' | 'medium' | 'short'): string {
  const date = typeof iso === 'string' ? new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso) : iso;
  return kept(
    `date|${locale}|${style}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'Europe/Berlin' }),
  ).format(date);
}

/** "Monday", "Friday" in the locale, from an ISO weekday 1 … 7. */
export function weekdayName(isoWeekday: number, locale: string): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, isoWeekday, 12));
  return kept(`weekday|${locale}`, () => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })).format(
    date,
  );
}

export function formatTime(hhmm: string, locale: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return kept(
    `time|${locale}`,
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(2024, 0, 1, h, m)));
}

type SupportDays = ReadonlyArray<{ weekday: number; open: string; close: string }>;

/**
 * The lines of each variant's hours per locale, made once: the footer shows them on every page,
 * and formatting their weekdays and times was a fiftieth of a public page's CPU. Kept by the days'
 * own list (the variant's configuration); a list made per request is formatted and dropped.
 */
const hoursLines = new WeakMap<SupportDays, Map<string, readonly string[]>>();

/** Support hours grouped into ranges: "Monday – Thursday 08:00 – 17:00". */
export function supportHoursLines(days: SupportDays, locale: string): readonly string[] {
  let byLocale = hoursLines.get(days);
  if (!byLocale) hoursLines.set(days, (byLocale = new Map()));
  let lines = byLocale.get(locale);
  if (!lines) byLocale.set(locale, (lines = Object.freeze(groupedHours(days, locale))));
  return lines;
}

function groupedHours(days: SupportDays, locale: string): string[] {
  const groups: Array<{ from: number; to: number; open: string; close: string }> = [];
  for (const day of days) {
    const last = groups.at(-1);
    if (last && last.to === day.weekday - 1 && last.open === day.open && last.close === day.close)
      last.to = day.weekday;
    else groups.push({ from: day.weekday, to: day.weekday, open: day.open, close: day.close });
  }
  return groups.map((g) => {
    const days =
      g.from === g.to ? weekdayName(g.from, locale) : `${weekdayName(g.from, locale)} – ${weekdayName(g.to, locale)}`;
    return `${days}: ${formatTime(g.open, locale)} – ${formatTime(g.close, locale)}`;
  });
}

/**
 * The groups a long code is read in: an IBAN in fours from the left ("CH44 3199 9123 0008 8901 2"),
 * a Swiss QR reference in fives from the right ("21 00000 00003 13947 14300 09017", as printed on
 * the QR-bill). Shown one group to an unbreakable piece, so a line ends only between groups
 * (issue 25, finding 11: the reference wrapped in the middle of a group on a phone).
 */
export function codeGroups(code: string, kind: 'iban' | 'qrReference'): string[] {
  const compact = code.replace(/\s+/g, '');
  const groups: string[] = [];
  if (kind === 'iban') {
    for (let i = 0; i < compact.length; i += 4) groups.push(compact.slice(i, i + 4));
  } else {
    for (let end = compact.length; end > 0; end -= 5) groups.unshift(compact.slice(Math.max(0, end - 5), end));
  }
  return groups;
}
