import { describe, expect, it } from 'vitest';
import { truncateClientAddress } from '../security/client-address.ts';
import {
  accountHolderPattern,
  bicForIban,
  checkGermanIban,
  mandateReference,
  maskIban,
  normaliseBic,
  samePostalCode,
} from './sepa.ts';

describe('SEPA mandate data', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', { ok: true, iban: 'DE89370400440532013000', bankCode: '37040044' }],
    ['de89370400440532013000', { ok: true, iban: 'DE89370400440532013000', bankCode: '37040044' }],
    ['DE89370400440532013001', { ok: false, error: 'invalid' }],
    ['AT611904300234573201', { ok: false, error: 'notGerman' }],
    ['', { ok: false, error: 'invalid' }],
  ])('IBAN %s', (input, result) => {
    expect(checkGermanIban(input)).toEqual(result);
  });

  it('derives the BIC from a known bank code only', () => {
    expect(bicForIban('DE89370400440532013000')).toBe('COBADEFFXXX');
    expect(bicForIban('DE02120300000000202051')).toBe('BYLADEM1001');
    expect(bicForIban('DE75512108001245126199')).toBeNull();
    expect(normaliseBic('cobadeffxxx')).toBe('COBADEFFXXX');
    expect(normaliseBic('nope')).toBeNull();
  });

  it.each([
    ['Anna Schneider', true],
    ['Zoë O’Brien'.replace('’', "'"), true],
    ['Jean-Luc Müller-Lüdenscheidt', true],
    ['Mehmet Yılmaz', true],
    ['A', false],
    ['Anna <script>', false],
    ['Anna & Co', false],
    ['Anna123', false],
  ])('account holder %s → %s', (name, ok) => {
    expect(accountHolderPattern.test(name)).toBe(ok);
  });

  it('references, masks and postal codes', () => {
    expect(mandateReference('100000001', 1, 'plan', 42)).toBe('CI-100000001-P42');
    expect(mandateReference('100000010', 3, 'deferral', 7)).toBe('CI-100000010-3-D7');
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 •••• 3000');
    expect(maskIban('de89370400440532013000')).toBe('DE89 •••• 3000');
    expect(samePostalCode('50968', ' 50968 ')).toBe(true);
    expect(samePostalCode('111 34', '11134')).toBe(true);
    expect(samePostalCode('50969', '50968')).toBe(false);
    expect(samePostalCode('', '')).toBe(false);
  });
});

describe('truncated client addresses', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0'],
    ['::ffff:198.51.100.23', '198.51.100.0'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3::'],
    ['2001:0db8:0000:0042:0000:8a2e:0370:7334', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['not an address', null],
    [null, null],
  ])('%s → %s', (input, output) => {
    expect(truncateClientAddress(input)).toBe(output);
  });
});
