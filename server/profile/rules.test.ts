import { describe, expect, it } from 'vitest';
import {
  birthdayProblem,
  cityProblem,
  companyNameProblem,
  fullNameProblem,
  houseNumberProblem,
  moveDateProblem,
  nameProblem,
  normaliseHouseNumber,
  phoneProblem,
  streetProblem,
  zipProblem,
} from './rules.ts';
import { getZodConstraint } from '@conform-to/zod/v4';
import { profileChangeFields, profileChangeSchema } from './schema.ts';

/** The day the date rules are judged on. */
const today = '2026-05-10';

type OneValueRule = (value: string) => string | null;

/**
 * The rules that judge one value, each with its cases (value, problem or null): name parts (Latin
 * and accented letters; short real names allowed), the house number (1–4 digits, up to 2 letters),
 * city, street, company name, phone, birthday and move date (judged on `today`).
 */
const oneValueRules: ReadonlyArray<readonly [string, OneValueRule, ReadonlyArray<readonly [string, string | null]>]> = [
  [
    'name part',
    nameProblem,
    [
      ['Anna', null],
      ['Li', null],
      ['Ng', null],
      ['García López', null],
      ['Yılmaz', null],
      ['Müller-Lüdenscheidt', null],
      ["O'Brien", null],
      ['Zoë', null],
      ['Ærøe', null],
      ['Şükrü', null],
      ['  Jean  ', null],
      ['', 'required'],
      ['   ', 'required'],
      ['J', 'tooShort'],
      ['J.', 'tooShort'],
      ['Anna3', 'letters'],
      ['Анна', 'letters'],
      ['李', 'letters'],
      ['Anna--Lena', 'letters'],
      ['-Anna', 'letters'],
      ['Anna_', 'letters'],
      ['A'.repeat(61), 'tooLong'],
    ],
  ],
  [
    'house number',
    houseNumberProblem,
    [
      ['3a', null],
      ['101', null],
      ['12b', null],
      ['1', null],
      ['9999', null],
      ['7 bc', null],
      ['12AB', null],
      ['', 'required'],
      ['12345', 'format'],
      ['a12', 'format'],
      ['12abc', 'format'],
      ['12-14', 'format'],
      ['12ä', 'format'],
    ],
  ],
  [
    'city',
    cityProblem,
    [
      ['Köln', null],
      ['Halle (Saale)', null],
      ['Frankfurt am Main', null],
      ['St. Egidien', null],
      ['Frankfurt/Oder', null],
      ['', 'required'],
      ['K', 'format'],
      ['Köln 1', 'format'],
      ['Москва', 'format'],
      ['Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch', null],
      ['Hellschen-Heringsand-Unterschaar', null],
      ['A'.repeat(300), 'tooLong'],
    ],
  ],
  [
    'street',
    streetProblem,
    [
      ['Lindenallee', null],
      ['Straße des 17. Juni', null],
      ["Rue de l'Église", null],
      ['', 'required'],
      ['<script>', 'format'],
    ],
  ],
  [
    'company',
    companyNameProblem,
    [
      ['Nordwind Versand GmbH', null],
      ['Müller & Söhne KG', null],
      ['', 'required'],
      ['<b>', 'format'],
    ],
  ],
  [
    'phone',
    phoneProblem,
    [
      ['+49 221 123456', null],
      ['0221/123456', null],
      ['', null],
      ['12345', 'format'],
      ['Telefon', 'format'],
      ['+49 (0) 221 12 34 56', null],
    ],
  ],
  [
    'birthday',
    (value) => birthdayProblem(value, today),
    [
      ['1985-05-17', null],
      ['', null],
      ['2010-05-11', 'future'],
      ['2010-05-10', null],
      ['1899-12-31', 'tooOld'],
      ['1985-02-30', 'format'],
      ['17.05.1985', 'format'],
    ],
  ],
  [
    'move date',
    (value) => moveDateProblem(value, today),
    [
      ['2026-05-10', null],
      ['2024-05-10', null],
      ['2024-05-09', 'range'],
      ['2027-05-10', null],
      ['2027-05-11', 'range'],
      ['', 'required'],
      ['2026-13-01', 'format'],
    ],
  ],
];

describe.each(oneValueRules)('%s', (_rule, problemOf, cases) => {
  it.each(cases)('%j → %s', (value, problem) => {
    expect(problemOf(value)).toBe(problem);
  });
});

describe('full name (two parts, more than 3 letters together)', () => {
  it.each([
    ['Anna', 'Schneider', null],
    ['Li', 'Na', null],
    ['Bo', 'Ek', null],
    ['Al', 'Li', null],
    ['Bo', 'E', 'tooShort'],
    ['Anna', '', 'twoParts'],
    ['', 'Schneider', 'twoParts'],
  ] as const)('%j %j → %s', (first, last, problem) => {
    expect(fullNameProblem(first, last)).toBe(problem);
  });
});

describe('house number', () => {
  it('is stored without the space', () => expect(normaliseHouseNumber(' 7 b ')).toBe('7b'));
});

describe('zip (letters, digits, spaces, more than 3 characters; fixed formats where known)', () => {
  it.each([
    ['50968', 'DE', null],
    ['01067', 'DE', null],
    ['5096', 'DE', 'format'],
    ['509681', 'DE', 'format'],
    ['5096a', 'DE', 'format'],
    ['1060', 'AT', null],
    ['8005', 'CH', null],
    ['111 34', 'SE', null],
    ['11134', 'SE', null],
    ['0191', 'NO', null],
    ['1012 AB', 'NL', null],
    ['SW1A 1AA', 'GB', null],
    ['123', 'NL', 'format'],
    ['12-345', 'PL', 'format'],
    ['', 'DE', 'required'],
  ] as const)('%j in %s → %s', (zip, country, problem) => {
    expect(zipProblem(zip, country)).toBe(problem);
  });
});

describe('the change form', () => {
  const valid = {
    reason: 'addressError',
    salutation: '2',
    firstName: 'Anna',
    lastName: 'Schneider',
    streetName: 'Lindenallee',
    houseNumber: '14',
    zipCode: '50968',
    city: 'Köln',
    country: 'DE',
    email: 'anna@example.org',
    phone: '',
  };
  const errors = (input: Record<string, unknown>) => {
    const result = profileChangeSchema(today).safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it.each([
    ['a valid address correction', {}, {}],
    ['no reason', { reason: '' }, { reason: 'errors.reason' }],
    ['neither phone nor e-mail', { email: '', phone: '' }, { email: 'errors.reachable' }],
    ['only a phone', { email: '', phone: '+49 221 123456' }, {}],
    ['a bad e-mail', { email: 'anna@' }, { email: 'errors.email' }],
    ['marriage without certificate', { reason: 'marriage' }, { uploadId: 'errors.proof.certificate' }],
    ['marriage with certificate', { reason: 'marriage', uploadId: ['7'] }, {}],
    ['divorce without proof', { reason: 'divorce' }, { uploadId: 'errors.proof.proof' }],
    ['move without date', { reason: 'move' }, { relocationDate: 'errors.relocationDate.required' }],
    ['move with date', { reason: 'move', relocationDate: '2026-04-01' }, {}],
    [
      'a company without its name',
      { salutation: '3', firstName: '', lastName: '' },
      { companyName: 'errors.companyName.required' },
    ],
    ['a company', { salutation: '3', companyName: 'Schneider Textil GmbH', firstName: '', lastName: '' }, {}],
    ['a person without last name', { lastName: '' }, { lastName: 'errors.lastName.required' }],
    ['a too short full name', { firstName: 'Bo', lastName: 'E' }, { lastName: 'errors.lastName.tooShort' }],
    ['an unknown country', { country: 'XX' }, { country: 'errors.country' }],
  ] as const)('%s', (_, change, expected) => {
    expect(errors({ ...valid, ...change })).toEqual(expected);
  });
  it('gives conform its constraints (the browser form reads them)', () => {
    expect(getZodConstraint(profileChangeFields(today))).toMatchObject({
      reason: { required: true },
      uploadId: { multiple: true },
    });
  });
  it('drops proof files and a move date where the reason does not ask for them', () => {
    const value = profileChangeSchema(today).parse({
      ...valid,
      uploadId: ['7'],
      relocationDate: '2026-04-01',
      companyName: 'X GmbH',
    });
    expect(value).toMatchObject({ uploadId: [], relocationDate: '', companyName: '' });
  });
});
