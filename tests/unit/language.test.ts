import { describe, expect, it } from 'vitest';
import { intlLocale, negotiateLanguage, readCookie } from '#server/i18n/negotiate.ts';
import { variants } from '#server/variants/config.ts';

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
const de = variants.de;

describe('negotiateLanguage', () => {
  it.each([
    [
      'hl parameter wins over cookie and browser',
      'http://x/serviceportal?hl=tr',
      { Cookie: 'portal_lang=fr', 'Accept-Language': 'en' },
      'tr',
    ],
    [
      'the cookie wins over the browser',
      'http://x/serviceportal',
      { Cookie: 'a=1; portal_lang=fr', 'Accept-Language': 'en' },
      'fr',
    ],
    [
      'the browser decides without hl and cookie',
      'http://x/serviceportal',
      { 'Accept-Language': 'it-IT,it;q=0.9,en;q=0.5' },
      'it',
    ],
    ['a regional browser tag matches its language', 'http://x/serviceportal', { 'Accept-Language': 'es-MX' }, 'es'],
    ['weights are respected', 'http://x/serviceportal', { 'Accept-Language': 'en;q=0.4,fr;q=0.8' }, 'fr'],
    ['German when nothing matches', 'http://x/serviceportal', { 'Accept-Language': 'pl,ru;q=0.8' }, 'de'],
    ['German without any hint', 'http://x/serviceportal', {}, 'de'],
    [
      'an unknown hl falls through to the next source',
      'http://x/serviceportal?hl=xx',
      { 'Accept-Language': 'en' },
      'en',
    ],
    ['hl is case-insensitive', 'http://x/serviceportal?hl=EN', {}, 'en'],
  ])('%s', (_name, url, headers, expected) => {
    expect(negotiateLanguage(request(url, headers), de)).toBe(expected);
  });

  it('only offers what the variant offers: Swedish is not offered by the German variant', () => {
    expect(negotiateLanguage(request('http://x/serviceportal?hl=sv'), de)).toBe('de');
    expect(negotiateLanguage(request('http://x/serviceportal-se?hl=sv'), variants.se)).toBe('sv');
  });

  it("falls back to the variant's own default language", () => {
    expect(negotiateLanguage(request('http://x/serviceportal-se', { 'Accept-Language': 'pl' }), variants.se)).toBe(
      'sv',
    );
    expect(negotiateLanguage(request('http://x/serviceportal-no'), variants.no)).toBe('en');
  });

  it('reads the cookie name it is given (the __Host- name behind HTTPS)', () => {
    const r = request('http://x/serviceportal', { Cookie: '__Host-portal_lang=it' });
    expect(negotiateLanguage(r, de, '__Host-portal_lang')).toBe('it');
    expect(negotiateLanguage(r, de)).toBe('de');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; b=hello%20world; c=3', 'b')).toBe('hello world');
    expect(readCookie('a=1', 'b')).toBeUndefined();
    expect(readCookie(null, 'b')).toBeUndefined();
    expect(readCookie('b=%E0%A4%A', 'b')).toBeUndefined();
  });
});

describe('intlLocale', () => {
  it('combines the language with the variant country', () => {
    expect(intlLocale('fr', variants.ch)).toBe('fr-CH');
    expect(intlLocale('sv', variants.se)).toBe('sv-SE');
    expect(intlLocale('de', variants.at)).toBe('de-AT');
  });
});
