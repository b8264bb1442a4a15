/**
 * The field limits every form reader applies before anything parses a form (issue 31, finding 1:
 * 30,000 repeats of one name in a 120 KiB url-encoded body held the event loop for 9 s in
 * conform). Multipart bodies are counted with the same counter (server/uploads/multipart.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  BodyRefused,
  fieldCounter,
  maxFieldNameBytes,
  maxFormFields,
  maxRepeatsPerName,
  urlEncodedFields,
} from './request-body.ts';

function reasonOf(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(BodyRefused);
    return (error as BodyRefused).reason;
  }
}

const distinct = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=${i}`).join('&');
const repeated = (n: number, name = 'a') => Array.from({ length: n }, () => `${name}=1`).join('&');

describe('url-encoded fields', () => {
  it('are read in order, decoded, a repeated name as often as it came', () => {
    expect(urlEncodedFields('a=1&b=x+y%21&a=2&c=')).toEqual([
      ['a', '1'],
      ['b', 'x y!'],
      ['a', '2'],
      ['c', ''],
    ]);
    expect(urlEncodedFields('')).toEqual([]);
  });

  it.each([
    ['30,000 repeats of one name (the attack, 120 KiB)', repeated(30_000), 'tooManyFields'],
    ['30,000 distinct names', distinct(30_000), 'tooManyFields'],
    [`${maxFormFields + 1} distinct names`, distinct(maxFormFields + 1), 'tooManyFields'],
    [`one name ${maxRepeatsPerName + 1} times`, repeated(maxRepeatsPerName + 1), 'tooManyFields'],
    [
      `one name ${maxRepeatsPerName + 1} times among others`,
      `${distinct(50)}&${repeated(maxRepeatsPerName + 1, 'uploadId')}`,
      'tooManyFields',
    ],
    ['a name over 200 bytes', `${'a'.repeat(maxFieldNameBytes + 1)}=1`, 'fieldTooLarge'],
    ['a name over 200 bytes once decoded as UTF-8', `${'%C3%A4'.repeat(101)}=1`, 'fieldTooLarge'],
    ['a name of five parts (conform nests an object per part)', 'a.b[0].c[1]=1', 'notAForm'],
    [
      '200 names of 60 parts',
      Array.from({ length: 200 }, (_, i) => `a${i}${'[0]'.repeat(59)}=1`).join('&'),
      'notAForm',
    ],
  ])('refuse %s', (_label, body, reason) => {
    expect(reasonOf(() => urlEncodedFields(body))).toBe(reason);
  });

  it.each([
    [`${maxFormFields} distinct names`, distinct(maxFormFields)],
    [`one name ${maxRepeatsPerName} times`, repeated(maxRepeatsPerName)],
    ['a name of 200 bytes', `${'a'.repeat(maxFieldNameBytes)}=1`],
    ['a name of four parts', `a.b[0].c=1`],
    ['names as they come from hostile hands, flat', '..=1&%5B=1&a%5D=1&__proto__=1&constructor.x=1'],
  ])('take %s', (_label, body) => {
    expect(reasonOf(() => urlEncodedFields(body))).toBeNull();
  });

  it('refuse as 413, with the reason the error page names', () => {
    expect(new BodyRefused('tooManyFields').status).toBe(413);
    expect(new BodyRefused('fieldTooLarge').status).toBe(400);
  });
});

describe('the field counter', () => {
  it('counts names as they are, case and all, and a fresh counter starts at nought', () => {
    const count = fieldCounter();
    for (let i = 0; i < maxRepeatsPerName; i++) {
      count('a');
      count('A');
    }
    expect(reasonOf(() => count('a'))).toBe('tooManyFields');
    expect(reasonOf(() => fieldCounter()('a'))).toBeNull();
  });
});
