/**
 * Dates said in a message, resolved against today. Written as rules over the folded text rather
 * than with chrono-node: chrono has no Turkish, misses "am 15.", "Ende des Monats", "el 15",
 * "le 15", "den 15" and reads "50 euros a month" as a date (decision 034). Each rule finds its
 * phrase, resolves it, and blanks the span so that amounts never read a date's digits.
 *
 * Direction: a date without a year or a bare weekday is the next one for what the debtor will
 * do (pay later, first instalment, callback) and the last one for what was done (paid, sent
 * back).
 */
import {
  addDays,
  addMonths,
  endOfMonth,
  formatIsoDay,
  isValidDay,
  nearestDayAndMonth,
  nearestDayOfMonth,
  nearestWeekday,
  type Day,
} from './calendar.ts';
import type { Lexicon } from './lexicon.ts';
import { alternation, type Spans } from './text.ts';

export type Direction = 'future' | 'past';

export interface FoundDate {
  readonly day: Day;
  readonly index: number;
  /** Said as a weekday or a relative day ("Freitag", "morgen"): a callback can use its weekday. */
  readonly weekdayLike: boolean;
}

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

interface Rule {
  pattern: RegExp;
  resolve: (m: RegExpExecArray) => { day: Day | undefined; weekdayLike?: boolean };
}

function monthAlternation(lx: Lexicon): string {
  return alternation(Object.keys(lx.months));
}

function numberValue(lx: Lexicon, word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return lx.numberWords[word.replace(/\s+/g, ' ')];
}

function fullYear(y: string | undefined, today: Day): number | undefined {
  if (!y) return undefined;
  const n = Number(y);
  if (y.length === 2) return 2000 + n;
  if (y.length === 4) return n;
  return today.year;
}

function rules(lx: Lexicon, today: Day, direction: Direction): Rule[] {
  const months = monthAlternation(lx);
  const weekdays = alternation(Object.keys(lx.weekdays));
  const weekday = `(${weekdays})${lx.weekdaySuffix}`;
  const numberWords = alternation(Object.keys(lx.numberWords));
  const count = `(\\d{1,2}|${numberWords})`;
  const ord = lx.ordinalSuffix;
  const explicit = (year: number | undefined, month: number, d: number): Day | undefined => {
    if (year !== undefined) return isValidDay(year, month, d) ? { year, month, day: d } : undefined;
    return nearestDayAndMonth(today, month, d, direction);
  };
  const monthStart = (month: number): Day => {
    const candidate = { year: today.year, month, day: 1 };
    return month < today.month ? { ...candidate, year: today.year + 1 } : candidate;
  };
  const monthOf = (name: string) => lx.months[name] ?? 0;
  const nextMonth = addMonths({ ...today, day: 1 }, 1);
  const list: Rule[] = [
    // 2026-12-15
    {
      pattern: new RegExp(`${B}(\\d{4})-(\\d{1,2})-(\\d{1,2})${E}`, 'gu'),
      resolve: (m) => ({ day: explicit(Number(m[1]), Number(m[2]), Number(m[3])) }),
    },
    // 15.12.2026, 15.12., 15/12, 15-12-26 (day first; month first only when the day cannot be a month)
    {
      pattern: new RegExp(`${B}(\\d{1,2})([./-])(\\d{1,2})(?:\\2(\\d{4}|\\d{2})${E}|\\.|(?![\\d.,]))`, 'gu'),
      resolve: (m) => {
        let d = Number(m[1]);
        let month = Number(m[3]);
        if (month > 12 && d <= 12) [d, month] = [month, d];
        if (month < 1 || month > 12) return { day: undefined };
        return { day: explicit(fullYear(m[4], today), month, d) };
      },
    },
    // 15. Dezember (2026), 15 de diciembre, 15th of December, 15 aralik
    {
      pattern: new RegExp(
        `${B}(\\d{1,2})(?:${ord})?\\.?\\s*(?:of\\s+|de\\s+)?(${months})${lx.monthSuffix}\\.?(?:\\s+(?:de\\s+)?(\\d{4}))?${E}`,
        'gu',
      ),
      resolve: (m) => ({ day: explicit(fullYear(m[3], today), monthOf(m[2]!), Number(m[1])) }),
    },
    // December 15(th), 2026
    {
      pattern: new RegExp(`${B}(${months})\\.?\\s+(\\d{1,2})(?:${ord})?${E}(?:,?\\s+(\\d{4}))?`, 'gu'),
      resolve: (m) => ({ day: explicit(fullYear(m[3], today), monthOf(m[1]!), Number(m[2])) }),
    },
  ];

  const phrases: Array<[string[], (name?: string) => Day | undefined]> = [
    [lx.endOfNextMonth, () => endOfMonth(nextMonth.year, nextMonth.month)],
    [lx.endOfThisMonth, () => endOfMonth(today.year, today.month)],
    [lx.startOfNextMonth, () => nextMonth],
    [lx.middleOfNextMonth, () => ({ ...nextMonth, day: 15 })],
    [lx.middleOfThisMonth, () => (today.day <= 15 ? { ...today, day: 15 } : { ...nextMonth, day: 15 })],
  ];
  for (const [words, resolve] of phrases) {
    if (words.length === 0) continue;
    list.push({ pattern: new RegExp(`${B}(?:${alternation(words)})${E}`, 'gu'), resolve: () => ({ day: resolve() }) });
  }
  const beforeMonth: Array<[string[], (month: number) => Day]> = [
    [
      lx.endBeforeMonthName,
      (month) => {
        const s = monthStart(month);
        return endOfMonth(s.year, s.month);
      },
    ],
    [lx.startBeforeMonthName, (month) => monthStart(month)],
    [lx.middleBeforeMonthName, (month) => ({ ...monthStart(month), day: 15 })],
  ];
  for (const [words, resolve] of beforeMonth) {
    if (words.length === 0) continue;
    list.push({
      pattern: new RegExp(`${B}(?:${alternation(words)})\\s*(${months})${lx.monthSuffix}${E}`, 'gu'),
      resolve: (m) => ({ day: resolve(monthOf(m[1]!)) }),
    });
  }
  // Day of this or next month: "am 15. nächsten Monats", "the 15th of next month", "el 15 del mes que viene"
  const dayCue = alternation(lx.dayOfMonthBefore);
  const needsOrd = lx.dayOfMonthNeedsOrdinal;
  const nextMonthWords = alternation(lx.nextMonth);
  if (lx.nextMonth.length > 0) {
    list.push({
      pattern: new RegExp(
        `${B}(?:(?:${dayCue})\\s+)?(\\d{1,2})(?:${ord})?\\.?\\s*(?:of\\s+|de\\s+)?(?:${nextMonthWords})${E}`,
        'gu',
      ),
      resolve: (m) => {
        const d = Number(m[1]);
        return { day: isValidDay(nextMonth.year, nextMonth.month, d) ? { ...nextMonth, day: d } : undefined };
      },
    });
    // Turkish: "gelecek ayin 15'inde"
    list.push({
      pattern: new RegExp(`${B}(?:${nextMonthWords})\\s+(\\d{1,2})(?:${ord})?${E}`, 'gu'),
      resolve: (m) => {
        const d = Number(m[1]);
        return { day: isValidDay(nextMonth.year, nextMonth.month, d) ? { ...nextMonth, day: d } : undefined };
      },
    });
  }
  // "am ersten", "on the first", "el primero"
  if (lx.firstOfMonth.length > 0) {
    list.push({
      pattern: new RegExp(`${B}(?:${alternation(lx.firstOfMonth)})${E}`, 'gu'),
      resolve: () => ({ day: nearestDayOfMonth(today, 1, direction) }),
    });
  }
  // A bare day of the month after a cue: "am 15.", "on the 15th", "el 15", "le 15", "den 15", "ayin 15'i"
  const dayNumber = needsOrd ? `(\\d{1,2})(?:${ord})(?!\\d)` : `(\\d{1,2})(?:${ord})?${E}`;
  list.push({
    pattern: new RegExp(
      `${B}(?:${dayCue})\\s+${dayNumber}(?!\\s*(?:${alternation(lx.currencies)}|${alternation(lx.countNouns)}))`,
      'gu',
    ),
    resolve: (m) => ({ day: nearestDayOfMonth(today, Number(m[1]), direction) }),
  });
  // An ordinal alone: "the 15th", "15'inde", "den 15:e"
  if (!needsOrd) {
    list.push({
      pattern: new RegExp(`${B}(\\d{1,2})(?:${ord})${E}`, 'gu'),
      resolve: (m) => ({ day: nearestDayOfMonth(today, Number(m[1]), direction) }),
    });
  }

  // Durations: "in zwei Wochen", "in 10 days", "dans deux semaines", "iki hafta sonra", "om två veckor"
  const units = (
    [
      [lx.dayUnits, 'day'],
      [lx.weekUnits, 'week'],
      [lx.monthUnits, 'month'],
    ] as const
  ).filter(([words]) => words.length > 0);
  for (const [words, unit] of units) {
    const apply = (n: number): Day =>
      unit === 'day' ? addDays(today, n) : unit === 'week' ? addDays(today, 7 * n) : addMonths(today, n);
    if (lx.durationBefore.length > 0) {
      list.push({
        pattern: new RegExp(
          `${B}(?:${alternation(lx.durationBefore)})\\s+${count}\\s+(?:${alternation(words)})${E}`,
          'gu',
        ),
        resolve: (m) => {
          const n = numberValue(lx, m[1]!);
          return { day: n === undefined ? undefined : apply(n) };
        },
      });
    }
    if (lx.durationAfter.length > 0) {
      list.push({
        pattern: new RegExp(
          `${B}${count}\\s+(?:${alternation(words)})\\s+(?:${alternation(lx.durationAfter)})${E}`,
          'gu',
        ),
        resolve: (m) => {
          const n = numberValue(lx, m[1]!);
          return { day: n === undefined ? undefined : apply(n) };
        },
      });
    }
    // "vor zwei Wochen", "two weeks ago", "hace dos semanas", "iki hafta önce", "för två veckor sedan"
    const [agoBefore, agoAfter] = lx.ago;
    list.push({
      pattern: new RegExp(
        `${B}${agoBefore ? `(?:${agoBefore})\\s+` : ''}${count}\\s+(?:${alternation(words)})${agoAfter ? `\\s+(?:${agoAfter})` : ''}${E}`,
        'gu',
      ),
      resolve: (m) => {
        const n = numberValue(lx, m[1]!);
        return { day: n === undefined ? undefined : apply(-n) };
      },
    });
  }

  // Weekdays with "next"/"last" and bare: "nächsten Freitag", "el viernes que viene", "i fredags"
  const weekdayOf = (name: string) => lx.weekdays[name];
  if (lx.lastBefore.length > 0) {
    list.push({
      pattern: new RegExp(`${B}(?:${alternation(lx.lastBefore)})\\s+${weekday}${E}`, 'gu'),
      resolve: (m) => ({ day: nearestWeekday(today, weekdayOf(m[1]!)!, 'past'), weekdayLike: true }),
    });
  }
  if (lx.lastAfter.length > 0) {
    list.push({
      pattern: new RegExp(`${B}${weekday}\\s+(?:${alternation(lx.lastAfter)})${E}`, 'gu'),
      resolve: (m) => ({ day: nearestWeekday(today, weekdayOf(m[1]!)!, 'past'), weekdayLike: true }),
    });
  }
  list.push({
    pattern: new RegExp(`${B}${weekday}${E}`, 'gu'),
    resolve: (m) => ({ day: nearestWeekday(today, weekdayOf(m[1]!)!, direction), weekdayLike: true }),
  });

  // Relative days: heute, morgen, gestern …
  const relative = Object.keys(lx.relativeDays);
  if (relative.length > 0) {
    list.push({
      pattern: new RegExp(`${B}(${alternation(relative)})${E}`, 'gu'),
      resolve: (m) => ({ day: addDays(today, lx.relativeDays[m[1]!]!), weekdayLike: true }),
    });
  }
  return list;
}

/**
 * The rules of a lexicon for a day and a direction, built once: they are a score of regular
 * expressions made of the lexicon's word lists, which every message built again (about 3 % of a
 * chat turn's CPU, issue 28). A day's rules are kept until the day changes; the patterns are used
 * by `matchAll`, which copies them, so sharing them holds no state between messages.
 */
const keptRules = new WeakMap<Lexicon, Map<string, Rule[]>>();

function rulesFor(lx: Lexicon, today: Day, direction: Direction): Rule[] {
  let byDay = keptRules.get(lx);
  if (!byDay) keptRules.set(lx, (byDay = new Map()));
  const key = `${formatIsoDay(today)}|${direction}`;
  let list = byDay.get(key);
  if (!list) {
    // Two directions of today and of yesterday at most, around midnight.
    if (byDay.size >= 4) byDay.clear();
    list = rules(lx, today, direction);
    byDay.set(key, list);
  }
  return list;
}

/** Every date phrase in the text, in the order the rules find them; their spans are blanked. */
export function findDates(spans: Spans, lx: Lexicon, today: Day, direction: Direction): FoundDate[] {
  for (const exception of lx.relativeDayExceptions) {
    const re = new RegExp(`${B}${alternation([exception])}${E}`, 'gu');
    for (const m of spans.value.matchAll(re)) spans.consume(m.index, m.index + m[0].length);
  }
  const found: FoundDate[] = [];
  for (const rule of rulesFor(lx, today, direction)) {
    rule.pattern.lastIndex = 0;
    for (const m of [...spans.value.matchAll(rule.pattern)]) {
      const { day, weekdayLike = false } = rule.resolve(m as RegExpExecArray);
      if (!day) continue;
      spans.consume(m.index, m.index + m[0].length);
      found.push({ day, index: m.index, weekdayLike });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

export function iso(day: Day): string {
  return formatIsoDay(day);
}
