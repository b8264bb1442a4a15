/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so that no time zone or daylight-saving
 * change moves a day. Monthly due dates keep the day of the first due date and fall back to the
 * last day of a shorter month: 31 Jan → 28/29 Feb → 31 Mar (never a drift to the 28th).
 */

function parts(iso: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) throw new RangeError(`not an ISO date: ${iso}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const format = (date: Date): string => date.toISOString().slice(0, 10);

/** The date `months` months after `iso`, clamped to the month's last day. */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))));
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = parts(iso);
  return format(new Date(Date.UTC(y, m - 1, d + days)));
}

/** A real calendar date in ISO form (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = parts(value);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
