/**
 * Slot extraction: the values of the deep-link table of intents.md that a message says, for the
 * intent it was classified as, resolved against a given today. A slot that was not said is
 * absent, never guessed: "sofort" is no payment method, a total owed is no monthly rate, "next
 * month" is no date.
 */
import { parseIsoDay, weekdayOf } from './calendar.ts';
import { findAmounts, type FoundAmount } from './amounts.ts';
import { findDates, iso, type Direction } from './dates.ts';
import { lexicons, type Lexicon } from './lexicon.ts';
import { alternation, fold, Spans } from './text.ts';
import type { PaymentMethodSlot, SlotLang, Slots, TimeOfDay, WeekdaySlot } from './types.ts';

export type { PaymentMethodSlot, SlotLang, Slots, TimeOfDay, WeekdaySlot } from './types.ts';

export interface SlotOptions {
  lang: SlotLang;
  intent: string;
  /** Today in the debtor's calendar, YYYY-MM-DD. */
  today: string;
}

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

const WEEKDAYS: Array<WeekdaySlot | undefined> = [
  undefined,
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/** Digits that are never amounts or dates: IBANs, card and phone numbers, reference numbers. */
function maskIdentifiers(spans: Spans): void {
  const patterns = [
    /(?<![\p{L}\p{N}])[a-z]{2}\d{2}(?:[ -]?[a-z0-9]{4}){2,7}(?:[ -]?[a-z0-9]{1,4})?(?![\p{L}\p{N}])/gu,
    /(?<![\p{L}\p{N}])\+?\d[\d ()/-]{7,}\d(?![\p{L}\p{N}])/gu,
    /(?<![\p{L}\p{N}.,])\d{6,}(?:-\d{1,3})?(?![\p{L}\p{N}])/gu,
    /(?<![\p{L}\p{N}])\d{1,2}:\d{2}(?::\d{2})?(?![\p{L}\p{N}])/gu,
  ];
  for (const pattern of patterns)
    for (const m of [...spans.value.matchAll(pattern)]) spans.consume(m.index, m.index + m[0].length);
}

function timeOfDayForHour(hour: number): TimeOfDay | undefined {
  if (hour >= 7 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 14) return 'noon';
  if (hour >= 14 && hour < 18) return 'afternoon';
  if (hour >= 18 && hour <= 22) return 'evening';
  return undefined;
}

/** Time of day: the words ("nachmittags", "por la mañana") or an hour ("um 10 Uhr", "14:30", "3pm"). */
function findTimeOfDay(spans: Spans, lx: Lexicon, original: string): TimeOfDay | undefined {
  let best: { index: number; time: TimeOfDay } | undefined;
  const take = (index: number, time: TimeOfDay) => {
    if (!best || index < best.index) best = { index, time };
  };
  // One alternation over every time word, longest first: "après-midi" is the afternoon, not "midi".
  const timeOf = new Map<string, TimeOfDay>();
  for (const [time, words] of Object.entries(lx.times) as Array<[TimeOfDay, string[]]>)
    for (const word of words) timeOf.set(word, time);
  for (const m of [...spans.value.matchAll(new RegExp(`${B}(?:${alternation(timeOf.keys())})${E}`, 'gu'))]) {
    const time = timeOf.get(m[0].replace(/\s+/g, ' '));
    if (time) take(m.index, time);
    spans.consume(m.index, m.index + m[0].length);
  }
  const clock = /(?<![\p{L}\p{N}])(\d{1,2})[:.h](\d{2})(?![\p{N}])/gu;
  for (const m of fold(original).matchAll(clock)) {
    const time = timeOfDayForHour(Number(m[1]));
    if (time) take(m.index, time);
  }
  const hourCue = new RegExp(
    `${B}(?:${alternation(lx.hourBefore)})\\s+(\\d{1,2})(?:\\s*(am|pm|a\\.m\\.|p\\.m\\.))?${E}|${B}(\\d{1,2})\\s*(am|pm|a\\.m\\.|p\\.m\\.|uhr|h|heures?|horas)${E}`,
    'gu',
  );
  for (const m of [...spans.value.matchAll(hourCue)]) {
    let hour = Number(m[1] ?? m[3]);
    const suffix = m[2] ?? m[4];
    if (suffix?.startsWith('p') && hour < 12) hour += 12;
    // "at 3" on the phone means the afternoon, not three in the night
    if (!suffix && hour >= 1 && hour <= 6) hour += 12;
    const time = timeOfDayForHour(hour);
    spans.consume(m.index, m.index + m[0].length);
    if (time) take(m.index, time);
  }
  return best?.time;
}

function findMethod(text: string, lx: Lexicon): PaymentMethodSlot | undefined {
  let best: { index: number; method: PaymentMethodSlot } | undefined;
  for (const [method, words] of Object.entries(lx.methods) as Array<[PaymentMethodSlot, string[]]>) {
    if (words.length === 0) continue;
    const m = new RegExp(`${B}(?:${alternation(words)})${E}`, 'u').exec(text);
    if (m && (!best || m.index < best.index)) best = { index: m.index, method };
  }
  return best?.method;
}

function findRating(text: string): number | undefined {
  const stars =
    /(?<![\p{N}])([1-5])\s*(?:\/\s*5|von\s+5|of\s+5|de\s+5|sur\s+5|su\s+5|av\s+5|sterne?n?|stars?|estrellas?|etoiles?|stelle|stella|yildiz|stjarn(?:a|or))(?![\p{L}])/u.exec(
      text,
    );
  return stars ? Number(stars[1]) : undefined;
}

function pickRate(amounts: FoundAmount[]): number | undefined {
  const monthly = amounts.find((a) => a.monthly);
  if (monthly) return monthly.value;
  const plain = amounts.filter((a) => a.currency && !a.total);
  return plain.length === 1 ? plain[0]!.value : undefined;
}

function pickAmount(amounts: FoundAmount[]): number | undefined {
  const candidates = amounts.filter((a) => !a.monthly);
  const withCurrency = candidates.filter((a) => a.currency);
  const pool = withCurrency.length > 0 ? withCurrency : candidates;
  const notTotal = pool.filter((a) => !a.total);
  return (notTotal[0] ?? (pool.length === 1 ? pool[0] : undefined))?.value;
}

const PAST_INTENTS = new Set(['already_paid', 'goods_returned']);

export function extractSlots(text: string, { lang, intent, today }: SlotOptions): Slots {
  const lx = lexicons[lang];
  const todayDay = parseIsoDay(today);
  const folded = fold(text);
  const spans = new Spans(folded);
  const direction: Direction = PAST_INTENTS.has(intent) ? 'past' : 'future';
  const slots: Slots = {};

  if (intent === 'pay_now') {
    const method = findMethod(folded, lx);
    if (method) slots.method = method;
    return slots;
  }
  if (intent === 'feedback') {
    const rating = findRating(folded);
    if (rating) slots.rating = rating;
    return slots;
  }

  maskIdentifiers(spans);
  const time = intent === 'callback' ? findTimeOfDay(spans, lx, text) : undefined;
  const dates = findDates(spans, lx, todayDay, direction);
  const first = dates[0];

  switch (intent) {
    case 'pay_instalments': {
      const rate = pickRate(findAmounts(spans, lx));
      if (rate !== undefined) slots.rate = rate;
      if (first) slots.firstDate = iso(first.day);
      break;
    }
    case 'pay_later':
      if (first) slots.date = iso(first.day);
      break;
    case 'pay_partial': {
      const amount = pickAmount(findAmounts(spans, lx));
      if (amount !== undefined) slots.amount = amount;
      break;
    }
    case 'already_paid': {
      if (first) slots.date = iso(first.day);
      const amount = pickAmount(findAmounts(spans, lx));
      if (amount !== undefined) slots.amount = amount;
      break;
    }
    case 'goods_returned':
      if (first) slots.dateGoodsReturn = iso(first.day);
      break;
    case 'callback': {
      const day = first ? WEEKDAYS[weekdayOf(first.day)] : undefined;
      if (day) slots.day = day;
      if (time) slots.time = time;
      break;
    }
    default:
      break;
  }
  return slots;
}
