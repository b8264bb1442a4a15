/** Issue 25, finding 11: long codes are shown in the groups they are read in. */
import { describe, expect, it } from 'vitest';
import { codeGroups } from '~/lib/format';

describe('codeGroups', () => {
  it.each([
    ['210000000003139471430009017', 'qrReference', '21 00000 00003 13947 14300 09017'],
    ['21 0000 0000031394714300 09017', 'qrReference', '21 00000 00003 13947 14300 09017'],
    ['12345', 'qrReference', '12345'],
    ['CH4431999123000889012', 'iban', 'CH44 3199 9123 0008 8901 2'],
    ['DE89 3704 0044 0532 0130 00', 'iban', 'DE89 3704 0044 0532 0130 00'],
  ] as const)('%s as %s: %s', (code, kind, shown) => {
    expect(codeGroups(code, kind).join(' ')).toBe(shown);
  });
});
