/**
 * Issue 10, finding 4: `returnTo` (sign-in, consent, modals, language) must never lead off the
 * portal, whatever the trick. Browsers drop tab, CR and LF from URLs and read a backslash as a
 * slash, so `/\t/evil.example` and `/\evil.example` are both `//evil.example` to them.
 */
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '~/lib/route-helpers.server';

const fallback = '/serviceportal/dashboard';

describe('safeReturnPath', () => {
  it.each([
    ['absolute URL', 'https://evil.example/'],
    ['protocol-relative', '//evil.example'],
    ['tab between the slashes', '/\t/evil.example'],
    ['tab encoded by the form, decoded', decodeURIComponent('%2F%09%2Fevil.example')],
    ['CR between the slashes', '/\r/evil.example'],
    ['LF between the slashes', '/\n/evil.example'],
    ['CRLF header injection', '/serviceportal\r\nSet-Cookie: x=1'],
    ['backslash', '/\\evil.example'],
    ['leading backslash', '\\\\evil.example'],
    ['backslash after a path', '/serviceportal/\\/evil.example'],
    ['NUL', '/\0/evil.example'],
    ['vertical tab and form feed', '/\v\f/evil.example'],
    ['space before the host', '/ /evil.example'],
    ['no-break space', '/\u00a0/evil.example'],
    ['dot segments up to //', '/serviceportal/..//evil.example'],
    ['dot segments to the root and beyond', '/./..//evil.example/x'],
    ['encoded dot segments', '/serviceportal/%2e%2e//evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'dashboard'],
    ['empty', ''],
    ['far too long', `/${'a'.repeat(3000)}`],
    ['unicode line separator', '/\u2028/evil.example'],
  ])('refuses %s', (_label, value) => {
    expect(safeReturnPath(value, fallback)).toBe(fallback);
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null, fallback)).toBe(fallback);
    expect(safeReturnPath(undefined, fallback)).toBe(fallback);
  });

  it.each([
    ['/serviceportal/dashboard', '/serviceportal/dashboard'],
    ['/serviceportal/claim-information#payment-made', '/serviceportal/claim-information#payment-made'],
    ['/serviceportal/checkout/pay-direct?installment=true', '/serviceportal/checkout/pay-direct?installment=true'],
    [
      '/serviceportal-at/service/contact?action=callback&subject=7',
      '/serviceportal-at/service/contact?action=callback&subject=7',
    ],
    ['/serviceportal/%C3%BCber', '/serviceportal/%C3%BCber'],
  ])('keeps the portal path %s', (value, expected) => {
    expect(safeReturnPath(value, fallback)).toBe(expected);
  });

  it('never returns anything a browser could read as another host', () => {
    const tricks = ['/\t/a', '/\\a', '//a', '/%5C/a', '/%09/a', '/.//a', '/x/../\\a', '/x/..//a'];
    for (const trick of tricks) {
      const result = safeReturnPath(trick, fallback);
      expect(new URL(result, 'https://portal.example').host, trick).toBe('portal.example');
      expect(result, trick).toMatch(/^\/(?![/\\])/);
      expect(result, trick).not.toMatch(/[\s\\]/);
    }
  });
});
