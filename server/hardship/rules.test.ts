import { describe, expect, it } from 'vitest';
import {
  breathingSpaceState,
  nextPossibleOn,
  pausedUntilFor,
  pauseRunning,
  remindersPaused,
  type BreathingSpaceRecord,
} from './rules.ts';

describe('a breathing space: once per file in 12 months, 30 days long', () => {
  // Asked on 28 November 2026: paused to 28 December, possible again from 28 November 2027.
  const asked = { requestedOn: '2026-11-28', pausedUntil: '2026-12-28' } as const satisfies BreathingSpaceRecord;
  const running = { state: 'running', ...asked } as const;
  const usedRecently = { state: 'usedRecently', requestedOn: '2026-11-28', nextPossibleOn: '2027-11-28' } as const;
  const cases: Array<[string, BreathingSpaceRecord, string, ReturnType<typeof breathingSpaceState>]> = [
    ['never asked', { requestedOn: null, pausedUntil: null }, '2026-11-28', { state: 'available' }],
    ['asked today', asked, '2026-11-28', running],
    ['the last paused day still pauses', asked, '2026-12-28', running],
    ['the day after the pause: not again for 12 months', asked, '2026-12-29', usedRecently],
    ['one day short of 12 months', asked, '2027-11-27', usedRecently],
    ['12 months later', asked, '2027-11-28', { state: 'available' }],
    [
      'asked on 29 February: again from 28 February',
      { requestedOn: '2028-02-29', pausedUntil: '2028-03-30' },
      '2029-02-27',
      { state: 'usedRecently', requestedOn: '2028-02-29', nextPossibleOn: '2029-02-28' },
    ],
  ];
  it.each(cases)('%s', (_name, record, today, expected) => {
    expect(breathingSpaceState(record, today)).toEqual(expected);
  });

  it('pauses for 30 days from the day it is asked', () => {
    expect(pausedUntilFor('2026-11-28')).toBe('2026-12-28');
    expect(pausedUntilFor('2026-12-15')).toBe('2027-01-14');
    expect(nextPossibleOn('2026-11-28')).toBe('2027-11-28');
  });
});

describe('reminders stop as for a dispute', () => {
  const cases: Array<[string, { disputedAt: string | null; collectionPausedUntil?: string | null }, boolean]> = [
    ['nothing', { disputedAt: null, collectionPausedUntil: null }, false],
    ['a dispute under review', { disputedAt: '2026-11-01T10:00:00Z' }, true],
    ['a running breathing space', { disputedAt: null, collectionPausedUntil: '2026-12-28' }, true],
    ['its last day', { disputedAt: null, collectionPausedUntil: '2026-11-28' }, true],
    ['an ended breathing space', { disputedAt: null, collectionPausedUntil: '2026-11-27' }, false],
  ];
  it.each(cases)('%s', (_name, file, paused) => {
    expect(remindersPaused(file, '2026-11-28')).toBe(paused);
    expect(pauseRunning(file.collectionPausedUntil, '2026-11-28')).toBe(paused && file.disputedAt === null);
  });
});
