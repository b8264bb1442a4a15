import { describe, expect, it } from 'vitest';
import { disputeSchema, downloadFormSchema, streetNumberPattern, zipPattern } from './form-schemas.ts';

const today = '2026-11-20';
const anna = {
  firstName: 'Anna',
  lastName: 'Schneider',
  born: '1984-05-17',
  street: 'Lindenallee',
  streetNumber: '14',
  zip: '50968',
  city: 'Köln',
  email: 'anna.schneider@example.org',
};

/** The first error key of each failing field. */
function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('download form fields (spec section 5)', () => {
  it.each([
    ['plain German name', { firstName: 'Anna' }, {}],
    ['accented and Turkish letters', { firstName: 'Zoë', lastName: 'Yılmaz-Çelik' }, {}],
    ['apostrophe and space', { lastName: "O'Neill de la Cruz" }, {}],
    ['digits in a name', { firstName: 'Anna2' }, { firstName: 'errors.name.letters' }],
    ['Cyrillic letters', { lastName: 'Иванов' }, { lastName: 'errors.name.letters' }],
    ['one letter', { firstName: 'A' }, { firstName: 'errors.name.tooShort' }],
    ['empty', { lastName: '' }, { lastName: 'errors.required' }],
    ['street number with letter', { streetNumber: '3a' }, {}],
    ['street number range', { streetNumber: '12-14' }, {}],
    ['street number five digits', { streetNumber: '12345' }, { streetNumber: 'errors.streetNumber.format' }],
    ['street number three letters', { streetNumber: '3abc' }, { streetNumber: 'errors.streetNumber.format' }],
    ['street number letters only', { streetNumber: 'a' }, { streetNumber: 'errors.streetNumber.format' }],
    ['zip of four digits (Austria)', { zip: '1010' }, {}],
    ['zip with space (Sweden)', { zip: '114 55' }, {}],
    ['zip too short', { zip: '509' }, { zip: 'errors.zip.format' }],
    ['zip with a sign', { zip: '50-968' }, { zip: 'errors.zip.format' }],
    ['city with accents and hyphen', { city: 'Saint-Étienne' }, {}],
    ['city with digits', { city: 'Köln 1' }, { city: 'errors.city.letters' }],
    ['e-mail optional', { email: undefined }, {}],
    ['bad e-mail', { email: 'anna@' }, { email: 'errors.email.format' }],
    ['born in the future', { born: '2027-01-01' }, { born: 'errors.born.tooLate' }],
    ['born not a date', { born: '1984-02-30' }, { born: 'errors.date.format' }],
  ])('%s', (_name, change, expected) => {
    const result = downloadFormSchema('identity-theft', today).safeParse({ ...anna, ...change });
    expect(errorsOf(result)).toEqual(expected);
  });

  it('goods-return needs the return date, not in the future', () => {
    const schema = downloadFormSchema('goods-return', today);
    expect(errorsOf(schema.safeParse(anna))).toEqual({ dateGoodsReturn: 'errors.required' });
    expect(errorsOf(schema.safeParse({ ...anna, dateGoodsReturn: '2026-11-21' }))).toEqual({
      dateGoodsReturn: 'errors.dateGoodsReturn.future',
    });
    expect(schema.safeParse({ ...anna, dateGoodsReturn: '2026-11-20' }).success).toBe(true);
  });

  it('goods not received does not ask for the date of birth', () => {
    const { born: _born, ...withoutBirth } = anna;
    expect(downloadFormSchema('goods-not-recieved', today).safeParse(withoutBirth).success).toBe(true);
    expect(errorsOf(downloadFormSchema('identity-theft', today).safeParse(withoutBirth))).toEqual({
      born: 'errors.required',
    });
  });

  it('the mandate needs the attorney with a full name of two parts', () => {
    const schema = downloadFormSchema('mandate', today);
    const attorney = {
      attorneyFullName: 'Jonas Weber',
      attorneyStreet: 'Domstraße',
      attorneyStreetNumber: '7',
      attorneyZip: '50667',
      attorneyCity: 'Köln',
    };
    expect(schema.safeParse({ ...anna, ...attorney }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...anna, ...attorney, attorneyFullName: 'Jonas' }))).toEqual({
      attorneyFullName: 'errors.fullName.twoParts',
    });
    expect(errorsOf(schema.safeParse(anna))).toMatchObject({
      attorneyFullName: 'errors.required',
      attorneyStreet: 'errors.required',
    });
  });

  it('patterns are valid for the browser (v flag), so the pattern attribute is never ignored', () => {
    for (const pattern of [streetNumberPattern, zipPattern])
      expect(() => new RegExp(pattern.source, 'v')).not.toThrow();
  });
});

describe('online dispute form', () => {
  const base = { statement: 'Ich habe nie bei diesem Händler bestellt.', confirm: 'on' };

  it('identity theft needs evidence (ids of received uploads), not my debt does not', () => {
    expect(errorsOf(disputeSchema('identityTheft', today).safeParse({ reason: 'identityTheft', ...base }))).toEqual({
      uploadId: 'errors.evidence.required',
    });
    expect(
      errorsOf(disputeSchema('identityTheft', today).safeParse({ reason: 'identityTheft', ...base, uploadId: [] })),
    ).toEqual({ uploadId: 'errors.evidence.required' });
    expect(
      disputeSchema('identityTheft', today).safeParse({ reason: 'identityTheft', ...base, uploadId: ['17'] }),
    ).toMatchObject({ success: true, data: { uploadId: [17] } });
    expect(disputeSchema('notMyDebt', today).safeParse({ reason: 'notMyDebt', ...base })).toMatchObject({
      success: true,
      data: { uploadId: [] },
    });
  });

  it('asks for a statement of 20 characters, the confirmation and (goods returned) the date', () => {
    const result = disputeSchema('goodsReturned', today).safeParse({
      reason: 'goodsReturned',
      statement: 'zu kurz',
      uploadId: ['3'],
    });
    expect(errorsOf(result)).toEqual({
      statement: 'errors.statement.tooShort',
      dateGoodsReturn: 'errors.required',
      confirm: 'errors.confirm.required',
    });
  });

  it('takes at most 10 files and no made-up ids', () => {
    const schema = disputeSchema('notMyDebt', today);
    expect(
      errorsOf(
        schema.safeParse({
          reason: 'notMyDebt',
          ...base,
          uploadId: Array.from({ length: 11 }, (_, i) => String(i + 1)),
        }),
      ),
    ).toEqual({ uploadId: 'errors.evidence.tooMany' });
    expect(schema.safeParse({ reason: 'notMyDebt', ...base, uploadId: ['-1'] }).success).toBe(false);
    expect(schema.safeParse({ reason: 'notMyDebt', ...base, uploadId: ['abc'] }).success).toBe(false);
  });
});
