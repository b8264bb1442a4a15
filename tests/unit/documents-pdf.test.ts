import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderFormPdf, type Translate } from '#server/documents/pdf-forms.ts';
import { pdfText } from '../helpers/pdf-text.ts';

/** The real strings of a language, with i18next-style {{placeholders}}. */
function translator(language: string): Translate {
  const strings = JSON.parse(readFileSync(new URL(`../../locales/${language}/documents.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  return (key, values = {}) => {
    let node: unknown = strings;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`missing ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

const agency = { name: 'Clarus Inkasso GmbH', street: 'Hafenstraße 12', postalCode: '20457', city: 'Hamburg', countryName: 'Deutschland' };
const anna = { firstName: 'Anna', lastName: 'Schneider', born: '1984-05-17', street: 'Lindenallee', streetNumber: '14', zip: '50968', city: 'Köln', email: 'anna.schneider@example.org' };

describe('printed forms', () => {
  it('goods return: the filled values, the return date, the agency address and the deadline of 7 days', async () => {
    const bytes = await renderFormPdf({
      form: 'goods-return',
      values: { ...anna, dateGoodsReturn: '2026-11-02' },
      reference: '100000001',
      creditor: 'Nordwind Versand GmbH',
      agency,
      brand: 'Clarus Inkasso',
      createdOn: '2026-11-20',
      returnBy: '2026-11-27',
      language: 'de',
      locale: 'de-DE',
      t: translator('de'),
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Erklärung: Ware zurückgeschickt');
    const text = pdfText(bytes);
    for (const value of ['Anna', 'Schneider', 'Lindenallee', '50968', 'Köln', 'anna.schneider@example.org', '17. Mai 1984', 'Clarus Inkasso GmbH', 'Hafenstraße 12', '20457 Hamburg', 'Aktenzeichen: 100000001']) {
      expect(text).toContain(value);
    }
    expect(text).toContain('am 2. November 2026');
    expect(text.replace(/\n/g, ' ')).toMatch(/innerhalb von 7 Tagen, bis zum 27\. November 2026/);
    expect(text).toContain('Unterschrift');
  });

  it('mandate: authorizer and attorney, two signatures, in Turkish with the nearest letters the font has', async () => {
    const bytes = await renderFormPdf({
      form: 'mandate',
      values: { ...anna, lastName: 'Yılmaz', attorneyFullName: 'Jonas Weber', attorneyStreet: 'Domstraße', attorneyStreetNumber: '7', attorneyZip: '50667', attorneyCity: 'Köln' },
      reference: '100000002',
      creditor: 'Telvia',
      agency,
      brand: 'Clarus Inkasso',
      createdOn: '2026-11-20',
      returnBy: '2026-11-27',
      language: 'tr',
      locale: 'tr-DE',
      t: translator('tr'),
    });
    const text = pdfText(bytes);
    expect(text).toContain('Yilmaz');
    expect(text).toContain('Jonas Weber');
    expect(text).toContain('Domstraße');
    expect(text).toContain('Vekilin imzasi');
    expect(text).toContain('Vekâlet verenin imzasi');
  });
});
