import { describe, expect, it } from 'vitest';
import { variants } from '../variants/config.ts';
import { allSlots, callbackDays, checkSlot, slotsFor, timeOfDayOf } from './callback-slots.ts';
import { callbackSchema, messageSchema } from './schema.ts';

const hours = variants.de.support.callbackHours;

describe('callback slots: Monday to Saturday from 08:00 in half-hour steps (spec 9)', () => {
  it('Monday: 08:00 to 19:30 in half-hour steps (callbacks end at 20:00)', () => {
    const slots = slotsFor(hours, 1);
    expect(slots[0]).toBe('08:00');
    expect(slots[1]).toBe('08:30');
    expect(slots.at(-1)).toBe('19:30');
    expect(slots).toHaveLength(24);
  });
  it('Saturday is a callback day: 08:00 to 13:30', () => {
    const slots = slotsFor(hours, 6);
    expect(slots[0]).toBe('08:00');
    expect(slots.at(-1)).toBe('13:30');
  });
  it('every variant offers Monday to Saturday, never Sunday, whatever its phone hours', () => {
    for (const variant of Object.values(variants))
      expect(callbackDays(variant.support.callbackHours)).toEqual([1, 2, 3, 4, 5, 6]);
    // The phone line's hours (Monday to Friday) are not the callback hours.
    expect(callbackDays(variants.de.support.hours)).toEqual([1, 2, 3, 4, 5]);
    expect(callbackDays({ days: [...hours.days, { weekday: 7, open: '09:00', close: '12:00' }] })).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });
  it('never starts before 08:00, even when the line opens earlier', () => {
    expect(slotsFor({ days: [{ weekday: 2, open: '07:00', close: '09:00' }] }, 2)).toEqual(['08:00', '08:30']);
  });
  it('lists every slot once for the form without JavaScript', () => {
    expect(allSlots(hours)).toHaveLength(24);
  });
  it.each([
    ['08:00', 'morning'],
    ['11:30', 'morning'],
    ['12:00', 'noon'],
    ['13:30', 'noon'],
    ['14:00', 'afternoon'],
    ['16:30', 'afternoon'],
    ['17:00', 'evening'],
  ])('%s is %s', (hour, expected) => expect(timeOfDayOf(hour)).toBe(expected));
  it.each([
    [{ weekday: 1, timeOfDay: 'morning', hour: '09:30' }, null],
    [{ weekday: 5, timeOfDay: 'evening', hour: '19:30' }, null],
    [{ weekday: 5, timeOfDay: 'evening', hour: '20:00' }, 'hourOutside'],
    [{ weekday: 2, timeOfDay: 'morning', hour: '09:15' }, 'hourOutside'],
    [{ weekday: 2, timeOfDay: 'afternoon', hour: '09:30' }, 'timeOfDayMismatch'],
    [{ weekday: 6, timeOfDay: 'morning', hour: '09:00' }, null],
    [{ weekday: 6, timeOfDay: 'afternoon', hour: '14:00' }, 'hourOutside'],
    [{ weekday: 7, timeOfDay: 'morning', hour: '09:00' }, 'dayClosed'],
  ] as const)('%o → %s', (slot, expected) => expect(checkSlot(hours, slot)).toBe(expected));
});

describe('contact schemas', () => {
  it('a message needs a phone or an e-mail and a minimum length', () => {
    const base = { subjectId: '2', body: 'Warum sind die Inkassokosten so hoch?' };
    expect(messageSchema.safeParse(base).error?.issues.map((i) => i.message)).toEqual(['errors.reachable']);
    expect(messageSchema.safeParse({ ...base, phone: '+49 40 123456' }).success).toBe(true);
    expect(
      messageSchema.safeParse({ ...base, email: 'a@example.org', body: 'zu kurz' }).error?.issues.map((i) => i.message),
    ).toEqual(['errors.bodyShort']);
    expect(
      messageSchema.safeParse({ ...base, email: 'a@example.org', subjectId: '6' }).error?.issues.map((i) => i.message),
    ).toEqual(['errors.subject']);
    // Both problems at once, so the debtor fixes them in one go.
    expect(messageSchema.safeParse({ subjectId: '2', body: 'zu kurz' }).error?.issues.map((i) => i.message)).toEqual([
      'errors.bodyShort',
      'errors.reachable',
    ]);
  });
  it('a callback must fit the callback hours', () => {
    const schema = callbackSchema(hours);
    /** The first problem with a callback request at this slot, or null when it is accepted. */
    const problem = (slot: { weekday: string; timeOfDay: string; hour: string }, phone = '040 123456') => {
      const parsed = schema.safeParse({ phone, reason: 'Ratenzahlung', ...slot });
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(problem({ weekday: '3', timeOfDay: 'noon', hour: '12:30' })).toBeNull();
    expect(problem({ weekday: '6', timeOfDay: 'morning', hour: '10:00' })).toBeNull();
    expect(problem({ weekday: '6', timeOfDay: 'evening', hour: '18:00' })).toBe('errors.hourOutside');
    expect(problem({ weekday: '1', timeOfDay: 'morning', hour: '08:00' }, '')).toBe('errors.phoneRequired');
  });
});
