import { describe, expect, it } from 'vitest';
import { scrubText, scrubUrl } from '#server/http/scrub.ts';
import { anonymisedPath } from '~/lib/analytics';

describe('log scrubbing', () => {
  it.each([
    ['/serviceportal/signin?az=100000001', '/serviceportal/signin?az=[redacted]'],
    ['/serviceportal/x?ref=100000010-2&hl=de', '/serviceportal/x?ref=[number]&hl=de'],
    ['/serviceportal/letter/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA', '/serviceportal/letter/[token]'],
    ['/a?token=abc&iban=DE89370400440532013000', '/a?token=[redacted]&iban=[redacted]'],
    ['/a?note=mail%20anna%40example.org', '/a?note=mail [email]'],
    ['/serviceportal/dashboard', '/serviceportal/dashboard'],
    [
      '/serviceportal/password/reset/g98wt9lN98e495A5.PN5-H_T4YLcahaoUt_ed8qW8zpkWhfY5il6iacOa5dHjm7la4f1ykWqJ6U6',
      '/serviceportal/password/reset/[token]',
    ],
    ['/assets/entry.client-Bx7abc12.js', '/assets/entry.client-Bx7abc12.js'],
  ])('%s', (input, expected) => {
    expect(scrubUrl(input)).toBe(expected);
  });

  it('removes IBANs, e-mail addresses, reference numbers and personal numbers from text', () => {
    const text =
      'Anna (anna.schneider@example.org) paid from DE89 3704 0044 0532 0130 00 for 100000001/2, pnr 198505172386';
    const clean = scrubText(text);
    expect(clean).not.toMatch(/example\.org|DE89|100000001|198505172386/);
    expect(clean).toContain('[email]');
    expect(clean).toContain('[iban]');
  });

  it('keeps amounts and short numbers', () => {
    expect(scrubText('paid 587.84 EUR on 2026-11-22')).toBe('paid 587.84 EUR on 2026-11-22');
  });

  it('sends analytics paths without reference numbers', () => {
    expect(anonymisedPath('/serviceportal/claims/100000010-2')).toBe('/serviceportal/claims/:n');
  });
});
