import { describe, expect, it } from 'vitest';
import { amountField, minorToInput, parseAmount, type AmountReading } from '#server/money/amount-input.ts';
import { intlLocale } from '#server/i18n/negotiate.ts';
import { variants } from '#server/variants/config.ts';
import { languages } from '#server/i18n/languages.ts';
import { formatMoney } from '~/lib/format';

const ok = (minor: number): AmountReading => ({ ok: true, minor });
const no = (problem: string) => ({ ok: false, problem });

// Every language on every variant: what the portal displays is read back to the same minor units.
const displayed = [1, 50, 99, 100, 1_000, 125_000, 145_000, 180_000, 58_784, 123_456_789];
describe.each(
  Object.values(variants).flatMap((v) =>
    languages.map((language) => [v.id, language, intlLocale(language, v), v.currency] as const),
  ),
)('variant %s, language %s (%s)', (_variant, _language, locale, currency) => {
  it.each(displayed)('reads back what the portal shows for %i minor units', (minor) => {
    expect(parseAmount(formatMoney(minor, currency, locale), locale, currency)).toEqual(ok(minor));
  });
  it.each(displayed)('reads back the prefilled field for %i minor units', (minor) => {
    expect(parseAmount(minorToInput(minor, locale, currency), locale, currency)).toEqual(ok(minor));
  });
  it.each([
    ['1250', ok(125_000)],
    ['1250.5', ok(125_050)],
    ['1250,5', ok(125_050)],
    ['1 250', ok(125_000)],
    ['0,50', ok(50)],
    ['0', ok(0)],
    ['0,001', no('decimals')],
    ['0.001', no('decimals')],
    ['12,345', expect.objectContaining({ ok: false })],
    ['1,2345', no('decimals')],
    ['-5', no('negative')],
    ['−5,00', no('negative')],
    ['', no('required')],
    ['   ', no('required')],
    ['abc', no('format')],
    ['12a', no('format')],
    ['1..5', no('format')],
    ['1.250.00', no('format')],
    ['12 50', no('format')],
    ['1 250.000,00', no('format')],
    ['12345678901', no('tooLarge')],
  ] as const)('%j', (typed, expected) => {
    expect(parseAmount(typed, locale, currency)).toEqual(expected);
  });
});

// The conventions of each language, as people type them.
describe.each([
  [
    'de-DE',
    'EUR',
    [
      ['1.250,00', 125_000],
      ['1.250', 125_000],
      ['1.800,00', 180_000],
      ['1250,00 €', 125_000],
      ['50,-', 5_000],
      ['1,250.00', 125_000],
    ],
  ],
  [
    'es-DE',
    'EUR',
    [
      ['1.250,00', 125_000],
      ['1.250', 125_000],
    ],
  ],
  [
    'it-DE',
    'EUR',
    [
      ['1.250,00', 125_000],
      ['€ 1.250,00', 125_000],
    ],
  ],
  [
    'tr-DE',
    'EUR',
    [
      ['1.250,00', 125_000],
      ['€1.250,00', 125_000],
    ],
  ],
  [
    'en-DE',
    'EUR',
    [
      ['1,250.00', 125_000],
      ['€1,250.00', 125_000],
      ['1.250,00', 125_000],
    ],
  ],
  [
    'fr-DE',
    'EUR',
    [
      ['1 250,00', 125_000],
      ['1\u202f250,00', 125_000],
      ['1\u00a0250,00 €', 125_000],
    ],
  ],
  [
    'en-AT',
    'EUR',
    [
      ['1.450,00', 145_000],
      ['€ 1.450,00', 145_000],
      ['1.450', 145_000],
    ],
  ],
  [
    'de-AT',
    'EUR',
    [
      ['1.450,00', 145_000],
      ['1 450,00', 145_000],
    ],
  ],
  [
    'de-CH',
    'CHF',
    [
      ["1'250.00", 125_000],
      ['1’250.00', 125_000],
      ["CHF 1'250.00", 125_000],
      ['1250.–', 125_000],
      ["1'250", 125_000],
    ],
  ],
  [
    'fr-CH',
    'CHF',
    [
      ['1 250.00', 125_000],
      ['1 250,00', 125_000],
      ["1'250.00", 125_000],
    ],
  ],
  ['it-CH', 'CHF', [["1'250.00", 125_000]]],
  [
    'sv-SE',
    'SEK',
    [
      ['1 250,00', 125_000],
      ['1 250 kr', 125_000],
      ['100:-', 10_000],
    ],
  ],
  [
    'en-NO',
    'NOK',
    [
      ['1 250,00', 125_000],
      ['kr 1 250,00', 125_000],
    ],
  ],
] as Array<[string, string, Array<[string, number]>]>)('%s %s', (locale, currency, rows) => {
  it.each(rows)('%j is %i', (typed, minor) => {
    expect(parseAmount(typed, locale, currency)).toEqual(ok(minor));
  });
});

// What the issue found, and what must be refused rather than guessed.
describe.each([
  ['fr-DE', 'EUR', '0,001', 'decimals'],
  ['de-DE', 'EUR', '0,001', 'decimals'],
  ['de-DE', 'EUR', '1,250', 'decimals'],
  ['de-DE', 'EUR', '1,005', 'decimals'],
  ['en-DE', 'EUR', '1.250', 'ambiguous'],
  ['en-DE', 'EUR', '1,250', 'ambiguous'],
  ['fr-DE', 'EUR', '1.250', 'ambiguous'],
  ['sv-SE', 'SEK', '1.250', 'ambiguous'],
  ['de-CH', 'CHF', '1,250', 'ambiguous'],
  ['de-CH', 'CHF', '1.250', 'decimals'],
  ['de-DE', 'EUR', '100 CHF', 'format'],
] as const)('%s %s: %j', (locale, currency, typed, problem) => {
  it(`is refused as ${problem}`, () => {
    expect(parseAmount(typed, locale, currency)).toEqual(no(problem));
  });
});

describe('amountField', () => {
  const field = amountField({
    locale: 'de-DE',
    currency: 'EUR',
    maxMinor: 58_784,
    messages: { tooHigh: 'errors.tooHigh' },
  });
  it('gives minor units', () => {
    expect(field.parse('1,5')).toBe(150);
  });
  it.each([
    ['0,001', 'common:form.amount.decimals'],
    ['0', 'common:form.amount.tooLow'],
    ['587,85', 'errors.tooHigh'],
    ['', 'common:form.amount.required'],
  ])('%j → %s', (typed, message) => {
    const result = field.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
