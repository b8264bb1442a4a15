/**
 * The rules of a breathing space (issue 26, decision 068), pure and without a clock: a debtor in
 * hardship may ask once per file in 12 months for collection to pause for 30 days; while it runs,
 * reminders stop as they do while a dispute is reviewed. Dates are ISO calendar days of the
 * agency's time zone (`today` is passed in).
 */
import { addDays, addMonths } from '../instalments/dates.ts';

/** How long collection pauses once a breathing space is asked for. */
export const breathingSpaceDays = 30;
/** How long after one request the file may ask again. */
export const breathingSpaceRepeatMonths = 12;

/** What happened, as the debtor says it; the agency reads it as the reason of the request. */
export const hardshipReasons = ['jobLoss', 'illness', 'bereavement', 'separation', 'other'] as const;
export type HardshipReason = (typeof hardshipReasons)[number];

/** The file's record of its last breathing space (files.breathing_space_at, files.collection_paused_until). */
export interface BreathingSpaceRecord {
  /** ISO date the last breathing space was asked for, or null. */
  requestedOn: string | null;
  /** ISO date of the last day collection is paused, or null. */
  pausedUntil: string | null;
}

export type BreathingSpaceState =
  | { state: 'available' }
  | { state: 'running'; requestedOn: string | null; pausedUntil: string }
  | { state: 'usedRecently'; requestedOn: string; nextPossibleOn: string };

/** Whether collection is paused on `today` (the last day included). */
export function pauseRunning(pausedUntil: string | null | undefined, today: string): boolean {
  return typeof pausedUntil === 'string' && pausedUntil >= today;
}

/** The day a file may ask again after a request on `requestedOn`. */
export function nextPossibleOn(requestedOn: string): string {
  return addMonths(requestedOn, breathingSpaceRepeatMonths);
}

/** The last paused day of a breathing space asked for on `today`. */
export function pausedUntilFor(today: string): string {
  return addDays(today, breathingSpaceDays);
}

export function breathingSpaceState(record: BreathingSpaceRecord, today: string): BreathingSpaceState {
  if (record.pausedUntil && pauseRunning(record.pausedUntil, today))
    return { state: 'running', requestedOn: record.requestedOn, pausedUntil: record.pausedUntil };
  if (record.requestedOn) {
    const next = nextPossibleOn(record.requestedOn);
    if (today < next) return { state: 'usedRecently', requestedOn: record.requestedOn, nextPossibleOn: next };
  }
  return { state: 'available' };
}

/**
 * Whether reminders are paused for a file: while an objection is reviewed (disputedAt) and while a
 * breathing space runs. Any reminder or dunning job asks this before it writes a letter or a mail.
 */
export function remindersPaused(
  file: { disputedAt: Date | string | null; collectionPausedUntil?: string | null },
  today: string,
): boolean {
  return file.disputedAt !== null || pauseRunning(file.collectionPausedUntil, today);
}
