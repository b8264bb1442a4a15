import { describe, expect, it } from 'vitest';
import { variants, variantIds } from '../variants/config.ts';
import { debtAdvice, debtAdviceFor } from './advice.ts';

describe('free debt advice by country (decision 069)', () => {
  it.each(variantIds)('the %s variant lists services of its own country', (id) => {
    expect(debtAdviceFor(variants[id].country).length).toBeGreaterThan(0);
  });

  it('gives each service its own https address, and a phone only with the page it was taken from', () => {
    const all = Object.values(debtAdvice).flat();
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    for (const service of all) {
      expect(new URL(service.url).protocol).toBe('https:');
      if (service.phone) expect(new URL(service.phone.phoneSource).hostname).toBe(new URL(service.url).hostname);
    }
    expect(new Set(all.map((s) => s.url)).size).toBe(all.length);
  });
});
