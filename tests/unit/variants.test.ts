import { describe, expect, it } from 'vitest';
import { languages } from '#server/i18n/languages.ts';
import { variantIds, variants } from '#server/variants/config.ts';
import { parseHostMap, resolveVariant, variantByBaseSegment, withBase } from '#server/variants/resolve.ts';

describe('variant resolution', () => {
  it.each([
    ['/serviceportal/dashboard', 'de'],
    ['/serviceportal-at', 'at'],
    ['/serviceportal-ch/checkout/pay-direct', 'ch'],
    ['/serviceportal-se/signin', 'se'],
    ['/serviceportal-no/', 'no'],
    ['/paycare/privacy', 'paycare'],
    ['/', 'de'],
    ['/unknown/page', 'de'],
    ['/serviceportalx', 'de'],
  ])('%s belongs to %s', (path, id) => {
    expect(resolveVariant(new URL(`http://portal.test${path}`)).id).toBe(id);
  });

  it('uses the host map where the path names no variant', () => {
    const hosts = parseHostMap('portal.paycare.example=paycare, portal.clarus.ch=ch, bad=nope, =de');
    expect([...hosts.keys()]).toEqual(['portal.paycare.example', 'portal.clarus.ch']);
    expect(resolveVariant(new URL('https://portal.paycare.example/'), hosts).id).toBe('paycare');
    expect(resolveVariant(new URL('https://PORTAL.clarus.ch:8443/'), hosts).id).toBe('ch');
    // An explicit base path beats the host.
    expect(resolveVariant(new URL('https://portal.paycare.example/serviceportal-se'), hosts).id).toBe('se');
  });

  it('finds a variant by its base segment only', () => {
    expect(variantByBaseSegment('serviceportal-ch')?.id).toBe('ch');
    expect(variantByBaseSegment('checkout')).toBeUndefined();
    expect(variantByBaseSegment(undefined)).toBeUndefined();
  });

  it('builds paths inside a variant', () => {
    expect(withBase(variants.ch, '/checkout/pay-direct')).toBe('/serviceportal-ch/checkout/pay-direct');
    expect(withBase(variants.de, '/')).toBe('/serviceportal');
    expect(withBase(variants.de, 'dashboard')).toBe('/serviceportal/dashboard');
  });
});

describe('variant configuration', () => {
  it.each(variantIds)('%s is complete and consistent', (id) => {
    const v = variants[id];
    expect(v.basePath).toMatch(/^\/[a-z-]+$/);
    expect(v.languages).toContain(v.defaultLanguage);
    for (const language of v.languages) expect(languages).toContain(language);
    expect(v.support.hours.days.length).toBeGreaterThan(0);
    expect(v.legal.supervisoryAuthority.name).not.toBe('');
    expect(v.brand.theme.primary).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('uses distinct base paths', () => {
    const paths = variantIds.map((id) => variants[id].basePath);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps every language reachable in at least one variant', () => {
    const offered = new Set(variantIds.flatMap((id) => variants[id].languages));
    expect([...offered].sort()).toEqual([...languages].sort());
  });

  it('matches currencies and methods to the countries', () => {
    expect(variants.ch.currency).toBe('CHF');
    expect(variants.ch.paymentProviders).toContain('twint');
    expect(variants.se.currency).toBe('SEK');
    expect(variants.se.loginMethods).toContain('bankIdSe');
    expect(variants.no.currency).toBe('NOK');
    expect(variants.no.loginMethods).toContain('bankIdNo');
    expect(variants.paycare.brand.key).toBe('paycare');
  });

  it('gives white text on the brand colour at least WCAG AA contrast', () => {
    for (const id of variantIds) {
      const { primary, primaryDark } = variants[id].brand.theme;
      expect(contrastWithWhite(primary), `${id} primary`).toBeGreaterThanOrEqual(4.5);
      expect(contrastWithWhite(primaryDark), `${id} primaryDark`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}
