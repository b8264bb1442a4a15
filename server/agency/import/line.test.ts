/** The line format of a letter batch and how a batch is cut into lines (decision 096). */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readLine } from './line.ts';
import { batchLines, maxLineBytes } from './read.ts';

const minimal = {
  reference: '100000123-2',
  variant: 'de',
  currency: 'EUR',
  debtor: {
    key: 'D-1',
    salutation: 2,
    lastName: 'Muster',
    streetName: 'Hauptstraße',
    houseNumber: '1',
    postalCode: '10115',
    city: 'Berlin',
    countryCode: 'DE',
  },
  creditor: { name: 'Telvia', street: 'Funkturmstraße 3', postalCode: '80331', city: 'München', country: 'DE' },
  statusCode: '1',
  statusDate: '2026-11-01',
  claimSubject: 'Mobilfunkvertrag',
  mainClaimMinor: 12_345,
};

const pathsOf = (value: unknown) => {
  const read = readLine(JSON.stringify(value));
  return read.ok ? [] : read.issues.map((issue) => issue.path);
};

describe('the line format', () => {
  it('reads a minimal line with the portal’s defaults for what is left out', () => {
    const read = readLine(JSON.stringify(minimal));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value).toMatchObject({
      interestMinor: 0,
      costsMinor: 0,
      paymentsMinor: 0,
      subState: null,
      originalCreditor: null,
      showEventHistory: true,
      hasVideo: false,
      letterLinkIsFullLogin: false,
      debtor: { personType: 'person', email: null, firstName: null },
    });
  });

  it.each([
    [
      'a company without its name',
      { debtor: { ...minimal.debtor, personType: 'company', salutation: 3 } },
      'debtor.companyName',
    ],
    ['a person without a last name', { debtor: { ...minimal.debtor, lastName: undefined } }, 'debtor.lastName'],
    ['a sub-state beside status 1', { subState: 'deferred' }, 'subState'],
    ['payments beyond the claim', { paymentsMinor: 20_000 }, 'paymentsMinor'],
    ['an amount that is not whole', { mainClaimMinor: 12.5 }, 'mainClaimMinor'],
    ['an unknown status', { statusCode: '99' }, 'statusCode'],
    ['an unknown variant', { variant: 'fr' }, 'variant'],
    ['a broken reference', { reference: '12345' }, 'reference'],
    ['a subcase 0', { reference: '100000123-0' }, 'reference'],
    ['a field the format does not have', { colour: 'red' }, ''],
    ['a date that is no date', { statusDate: '2026-02-30' }, 'statusDate'],
    ['an amount beyond the database', { mainClaimMinor: 3_000_000_000 }, 'mainClaimMinor'],
  ])('refuses %s, naming the field', (_, change, path) => {
    expect(pathsOf({ ...minimal, ...change })).toContain(path);
  });

  it('refuses a NUL character or half of a surrogate pair, which PostgreSQL cannot hold, and takes a whole pair', () => {
    const withSubject = (subject: string) => JSON.stringify(minimal).replace('"Mobilfunkvertrag"', `"${subject}"`);
    expect(readLine(withSubject('a\\u0000b'))).toMatchObject({ ok: false, issues: [{ message: 'a NUL character' }] });
    expect(readLine(withSubject('a\\ud800b')).ok).toBe(false);
    expect(readLine(withSubject('a\\udc00b')).ok).toBe(false);
    expect(readLine(withSubject('a\\ud83d\\ude00b'))).toMatchObject({ ok: true, value: { claimSubject: 'a😀b' } });
  });

  it('refuses a line that is not JSON, or JSON that is not an object', () => {
    expect(readLine('{"reference":')).toEqual({ ok: false, issues: [{ path: '', message: 'not JSON' }] });
    expect(readLine('[]').ok).toBe(false);
  });
});

async function collect(source: Readable) {
  const out = [];
  for await (const line of batchLines(source)) out.push(line);
  return out;
}

describe('a batch as lines', () => {
  it('numbers lines from 1, takes CRLF and a last line without newline, and passes over blank lines', async () => {
    const lines = await collect(Readable.from(['a\r\nb', '\n\n  \nc']));
    expect(lines).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'b' },
      { line: 5, text: 'c' },
    ]);
  });

  it('gunzips a batch by its magic bytes and reads the same lines', async () => {
    const text = 'x\ny\n';
    expect(await collect(Readable.from([gzipSync(text)]))).toEqual(await collect(Readable.from([text])));
  });

  it('reports a line too long or not UTF-8 by its number, without holding it, and reads on', async () => {
    const long = 'x'.repeat(maxLineBytes + 10);
    const lines = await collect(
      Readable.from([
        Buffer.from('ok\n'),
        Buffer.from(long.slice(0, 40_000)),
        Buffer.from(`${long.slice(40_000)}\n`),
        Buffer.from([0xff, 0xfe, 0x0a]),
        Buffer.from('end'),
      ]),
    );
    expect(lines).toEqual([
      { line: 1, text: 'ok' },
      { line: 2, text: '', issue: { path: '', message: `longer than ${maxLineBytes} bytes` } },
      { line: 3, text: '', issue: { path: '', message: 'not UTF-8' } },
      { line: 4, text: 'end' },
    ]);
  });

  it('fails on a gzip stream that is cut off', async () => {
    const gz = gzipSync('a\nb\n'.repeat(1000));
    await expect(collect(Readable.from([gz.subarray(0, gz.length - 20)]))).rejects.toThrow();
  });
});
