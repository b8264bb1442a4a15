import { describe, expect, it } from 'vitest';
import { cityKey, zipMatchesCity } from './zip-city.ts';

describe('zip/city check (German directory; other countries by format only)', () => {
  it.each([
    ['50968', 'Köln', 'DE', 'match'],
    ['50968', 'Koeln', 'DE', 'match'],
    ['50968', 'köln', 'DE', 'match'],
    ['50968', 'Berlin', 'DE', 'mismatch'],
    ['01067', 'Dresden', 'DE', 'match'],
    ['1067', 'Dresden', 'DE', 'mismatch'],
    ['10115', 'Berlin', 'DE', 'match'],
    ['60311', 'Frankfurt am Main', 'DE', 'match'],
    ['60311', 'Frankfurt', 'DE', 'match'],
    ['15230', 'Frankfurt (Oder)', 'DE', 'match'],
    ['06108', 'Halle/Saale', 'DE', 'match'],
    ['80331', 'München', 'DE', 'match'],
    ['80331', 'Muenchen', 'DE', 'match'],
    ['00000', 'Nirgendwo', 'DE', 'mismatch'],
    ['50968', '', 'DE', 'skipped'],
    ['509', 'Köln', 'DE', 'skipped'],
    ['111 34', 'Stockholm', 'SE', 'skipped'],
    ['1060', 'Wien', 'AT', 'skipped'],
    ['1060', 'Berlin', 'AT', 'skipped'],
  ] as const)('%s %s (%s) → %s', (zipCode, city, country, verdict) => {
    expect(zipMatchesCity({ zipCode, city, country })).toBe(verdict);
  });
  it('compares city names without case, umlauts, punctuation or "St."', () => {
    expect(cityKey('St. Egidien')).toBe(cityKey('Sankt Egidien'));
    expect(cityKey('Halle (Saale)')).toBe('halle saale');
  });
});
