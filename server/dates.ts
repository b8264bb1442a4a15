/**
 * The calendar day, the one home of "today". Every rule that compares dates (due, overdue,
 * valid till, not in the future) takes an ISO date (YYYY-MM-DD); this module makes it from the
 * clock in a named time zone, so that a file is judged by the day of its own country, not by
 * the server's UTC day (shortly after midnight in Berlin it is still yesterday in UTC).
 */
import { agencyTimeZone } from './time-zone.ts';
import { variants, type VariantId } from './variants/config.ts';

export { agencyTimeZone };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Today as an ISO date in a time zone (default: the agency's). */
export function todayIso(now: Date = new Date(), timeZone: string = agencyTimeZone): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(now);
}

/** Today in the time zone of a file's variant (spec 2.2: each file lives in its own country variant). */
export function todayForVariant(variant: string, now: Date = new Date()): string {
  return todayIso(now, variants[variant as VariantId]?.timeZone ?? agencyTimeZone);
}
