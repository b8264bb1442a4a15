/**
 * Callback slots (spec 3 and 9): days Monday to Saturday, hours from 08:00 in half-hour steps,
 * within the variant's callback hours (`support.callbackHours`, not the phone line's hours; a
 * slot must start half an hour before the end), grouped into times of day. Pure functions: the
 * browser filters its choices with them, the server checks with them.
 */
export const callbackWeekdays = [1, 2, 3, 4, 5, 6] as const;
export const timesOfDay = ['morning', 'noon', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

interface Hours {
  days: ReadonlyArray<{ weekday: number; open: string; close: string }>;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** Morning until 12:00, noon until 14:00, afternoon until 17:00, evening after. */
export function timeOfDayOf(hour: string): TimeOfDay {
  const m = minutes(hour);
  if (m < 12 * 60) return 'morning';
  if (m < 14 * 60) return 'noon';
  if (m < 17 * 60) return 'afternoon';
  return 'evening';
}

/** Every slot start of a weekday: from 08:00 (or later opening) in 30-minute steps before closing. */
export function slotsFor(hours: Hours, weekday: number): string[] {
  const day = hours.days.find((d) => d.weekday === weekday);
  if (!day) return [];
  const slots: string[] = [];
  for (let m = Math.max(8 * 60, minutes(day.open)); m + 30 <= minutes(day.close); m += 30) slots.push(hhmm(m));
  return slots;
}

/** Weekdays (Monday to Saturday) that have at least one slot. */
export function callbackDays(hours: Hours): number[] {
  return callbackWeekdays.filter((weekday) => slotsFor(hours, weekday).length > 0);
}

/** The union of all slot starts, for the form without JavaScript. */
export function allSlots(hours: Hours): string[] {
  return [...new Set(callbackWeekdays.flatMap((weekday) => slotsFor(hours, weekday)))].sort();
}

export type SlotProblem = 'dayClosed' | 'hourOutside' | 'timeOfDayMismatch';

/**
 * Whether a slot is bookable. The time of day follows from the hour (the form asks only day and
 * time); a caller that names one anyway (the assistant's "Monday morning") must name the hour's.
 */
export function checkSlot(
  hours: Hours,
  slot: { weekday: number; timeOfDay?: TimeOfDay | undefined; hour: string },
): SlotProblem | null {
  const slots = slotsFor(hours, slot.weekday);
  if (slots.length === 0) return 'dayClosed';
  if (!slots.includes(slot.hour)) return 'hourOutside';
  if (slot.timeOfDay && timeOfDayOf(slot.hour) !== slot.timeOfDay) return 'timeOfDayMismatch';
  return null;
}
