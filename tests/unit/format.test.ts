import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, supportHoursLines } from '~/lib/format';
import { variants } from '#server/variants/config.ts';
import { transitionDirection } from '~/components/shell/navigation';
import { safeReturnPath } from '~/lib/route-helpers.server';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money and dates for the locale and the country variant', () => {
  it.each([
    [58784, 'EUR', 'de-DE', '587,84 €'],
    [58784, 'EUR', 'en-DE', '€587.84'],
    [58784, 'EUR', 'de-AT', '€ 587,84'],
    [80170, 'CHF', 'de-CH', 'CHF 801.70'],
    [80170, 'CHF', 'fr-CH', '801.70 CHF'],
    [888300, 'SEK', 'sv-SE', '8 883,00 kr'],
    [535800, 'NOK', 'en-NO', '5 358,00 kr'],
    [123456789, 'EUR', 'tr-DE', '€1.234.567,89'],
  ])('%i %s in %s', (minor, currency, locale, expected) => {
    expect(nbsp(formatMoney(minor, currency, locale))).toBe(expected);
  });

  it('formats ISO dates without shifting the day', () => {
    expect(formatDate('2026-12-31', 'de-DE')).toBe('31. Dezember 2026');
    expect(formatDate('2026-01-01', 'en-DE')).toBe('1 January 2026');
    expect(formatDate('2026-03-05', 'sv-SE', 'short')).toBe('2026-03-05');
  });

  it('writes a day again in another locale or style, and the same the second time (days are kept)', () => {
    const day = '2026-07-14';
    const written = () => [
      formatDate(day, 'de-DE'),
      formatDate(day, 'fr-CH'),
      formatDate(day, 'de-DE', 'short'),
      formatDate(new Date(`${day}T12:00:00Z`), 'it-CH'),
    ];
    const first = written();
    expect(first).toEqual(['14. Juli 2026', '14 juillet 2026', '14.07.26', '14 luglio 2026']);
    expect(written()).toEqual(first);
  });

  it('groups the support hours (Monday to Thursday, Friday)', () => {
    expect(supportHoursLines(variants.de.support.hours.days, 'de-DE')).toEqual([
      'Montag – Donnerstag: 08:00 – 17:00',
      'Freitag: 08:00 – 16:00',
    ]);
    expect(supportHoursLines(variants.de.support.hours.days, 'en-DE')[1]).toMatch(/^Friday: /);
  });

  it('formats a variant’s hours once per locale, and a list of its own every time', () => {
    const days = variants.de.support.hours.days;
    expect(supportHoursLines(days, 'de-DE')).toBe(supportHoursLines(days, 'de-DE'));
    expect(supportHoursLines(days, 'fr-DE')).not.toEqual(supportHoursLines(days, 'de-DE'));
    const other = [{ weekday: 6, open: '09:00', close: '12:00' }];
    expect(supportHoursLines(other, 'de-DE')).toEqual(['Samstag: 09:00 – 12:00']);
    expect(supportHoursLines([...other], 'en-DE')).toEqual(['Saturday: 09:00 – 12:00']);
  });
});

describe('page transition by path depth', () => {
  it.each([
    ['/serviceportal', '/serviceportal/checkout/pay-direct', 'deeper'],
    ['/serviceportal/checkout/pay-direct', '/serviceportal/dashboard', 'shallower'],
    ['/serviceportal/dashboard', '/serviceportal/privacy', 'none'],
    ['/serviceportal/debtor/profile', '/serviceportal/debtor/profile/password', 'none'],
    ['/serviceportal', '/serviceportal/debtor/profile', 'none'],
  ])('%s → %s is %s', (from, to, expected) => {
    expect(transitionDirection(from, to)).toBe(expected);
  });
});

describe('safe return paths', () => {
  it.each([
    ['/serviceportal/privacy?x=1', '/serviceportal/privacy?x=1'],
    ['https://evil.example/', '/fallback'],
    ['//evil.example/', '/fallback'],
    ['/\\evil.example', '/fallback'],
    [null, '/fallback'],
  ])('%s', (value, expected) => {
    expect(safeReturnPath(value, '/fallback')).toBe(expected);
  });
});
