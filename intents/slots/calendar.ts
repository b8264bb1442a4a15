/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD) without time zones: a slot is a calendar day
 * in the debtor's own reckoning, resolved against the "today" the caller gives.
 */

export interface Day {
  readonly year: number;
  readonly month: number; // 1–12
  readonly day: number; // 1–31
}

export function parseIsoDay(iso: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`not an ISO date: ${iso}`);
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (!isValidDay(day.year, day.month, day.day)) throw new RangeError(`not a calendar day: ${iso}`);
  return day;
}

export function formatIsoDay({ year, month, day }: Day): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidDay(year: number, month: number, day: number): boolean {
  return Number.isInteger(day) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function toUtc({ year, month, day }: Day): number {
  return Date.UTC(year, month - 1, day);
}

function fromUtc(ms: number): Day {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addDays(day: Day, days: number): Day {
  return fromUtc(toUtc(day) + days * 86_400_000);
}

/** Adds months, keeping the day of the month where it exists (31 January + 1 month = 28/29 February). */
export function addMonths(day: Day, months: number): Day {
  const index = day.year * 12 + (day.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day.day, daysInMonth(year, month)) };
}

export function compareDays(a: Day, b: Day): number {
  return toUtc(a) - toUtc(b);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: Day): number {
  return new Date(toUtc(day)).getUTCDay();
}

export function endOfMonth(year: number, month: number): Day {
  return { year, month, day: daysInMonth(year, month) };
}

/**
 * The day of the month `dayOfMonth` seen from `today`: the next one (today included) when
 * `direction` is "future", the last one (today included) when "past". Months too short for the
 * day are skipped (the 31st after 30 November is 31 December).
 */
export function nearestDayOfMonth(today: Day, dayOfMonth: number, direction: 'future' | 'past'): Day | undefined {
  if (dayOfMonth < 1 || dayOfMonth > 31) return undefined;
  const step = direction === 'future' ? 1 : -1;
  for (let offset = 0; Math.abs(offset) <= 12; offset += step) {
    const month = addMonths({ ...today, day: 1 }, offset);
    if (!isValidDay(month.year, month.month, dayOfMonth)) continue;
    const candidate = { ...month, day: dayOfMonth };
    const cmp = compareDays(candidate, today);
    if ((direction === 'future' && cmp >= 0) || (direction === 'past' && cmp <= 0)) return candidate;
  }
  return undefined;
}

/** A day and month without a year: the next such day (today included) or the last one. */
export function nearestDayAndMonth(
  today: Day,
  month: number,
  dayOfMonth: number,
  direction: 'future' | 'past',
): Day | undefined {
  for (const year of direction === 'future' ? [today.year, today.year + 1] : [today.year, today.year - 1]) {
    if (!isValidDay(year, month, dayOfMonth)) continue;
    const candidate = { year, month, day: dayOfMonth };
    const cmp = compareDays(candidate, today);
    if ((direction === 'future' && cmp >= 0) || (direction === 'past' && cmp <= 0)) return candidate;
  }
  return undefined;
}

/**
 * A weekday (0 = Sunday) seen from today. "future": the next one, today excluded unless
 * `includeToday`; "past": the last one before today; `skipWeek` moves one week further
 * ("Friday after next").
 */
export function nearestWeekday(today: Day, weekday: number, direction: 'future' | 'past', includeToday = false): Day {
  const current = weekdayOf(today);
  if (direction === 'future') {
    let delta = (weekday - current + 7) % 7;
    if (delta === 0 && !includeToday) delta = 7;
    return addDays(today, delta);
  }
  let delta = (current - weekday + 7) % 7;
  if (delta === 0) delta = 7;
  return addDays(today, -delta);
}
