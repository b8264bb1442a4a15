import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderDemoInvoice } from '#server/documents/demo-invoices.ts';
import { renderFormPdf, type Translate } from '#server/documents/pdf-forms.ts';
import { pdfText } from '../helpers/pdf-text.ts';

/** The real strings of a language, with i18next-style {{placeholders}}. */
function translator(language: string): Translate {
  const strings = JSON.parse(
    readFileSync(new URL(`../../locales/${language}/documents.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  return (key, values = {}) => {
    let node: unknown = strings;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`missing ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

const agency = {
  name: 'Clarus Inkasso GmbH',
  street: 'Hafenstraße 12',
  postalCode: '20457',
  city: 'Hamburg',
  countryName: 'Deutschland',
};
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
    const text = await pdfText(bytes);
    for (const value of [
      'Anna',
      'Schneider',
      'Lindenallee',
      '50968',
      'Köln',
      'anna.schneider@example.org',
      '17. Mai 1984',
      'Clarus Inkasso GmbH',
      'Hafenstraße 12',
      '20457 Hamburg',
      'Aktenzeichen: 100000001',
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain('am 2. November 2026');
    expect(text.replace(/\n/g, ' ')).toMatch(/innerhalb von 7 Tagen, bis zum 27\. November 2026/);
    expect(text).toContain('Unterschrift');
  });

  it('mandate: authorizer and attorney, two signatures, in Turkish as written', async () => {
    const bytes = await mandateFor({ firstName: anna.firstName, lastName: 'Yılmaz' });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    const text = await pdfText(bytes);
    expect(text).toContain('Yılmaz');
    expect(text).toContain('Jonas Weber');
    expect(text).toContain('Domstraße');
    expect(text).toContain('Vekilin imzası');
    expect(text).toContain('Vekâlet verenin imzası');
    expect(text).toContain('20 Kasım 2026 tarihinde Clarus Inkasso hizmet portalında oluşturuldu.');
  });
});

/** A filled mandate for `authorizer` with `attorney`, in Turkish. */
async function mandateFor(
  authorizer: { firstName: string; lastName: string; city?: string; street?: string },
  attorney = 'Jonas Weber',
) {
  return renderFormPdf({
    form: 'mandate',
    values: {
      ...anna,
      ...authorizer,
      attorneyFullName: attorney,
      attorneyStreet: 'Domstraße',
      attorneyStreetNumber: '7',
      attorneyZip: '50667',
      attorneyCity: 'Köln',
    },
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
}

/**
 * For each font program a PDF embeds: how many glyphs have no outline, and how many cannot be
 * read. Text extraction goes through the ToUnicode maps and cannot see a broken subset, whose
 * letters print blank (as @pdf-lib/fontkit's subsets of Noto Sans did).
 */
async function embeddedGlyphs(
  bytes: Uint8Array,
): Promise<Array<{ glyphs: number; empty: number; unreadable: number }>> {
  const doc = await PDFDocument.load(bytes);
  const programs = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = object.lookup(PDFName.of('FontFile2'));
    if (!(file instanceof PDFRawStream)) throw new Error('a font descriptor without a TrueType program');
    const program = fontkit.create(Buffer.from(decodePDFRawStream(file).decode())) as fontkit.Font;
    let empty = 0;
    let unreadable = 0;
    for (let id = 0; id < program.numGlyphs; id++) {
      try {
        if (program.getGlyph(id).path.commands.length === 0) empty++;
      } catch {
        unreadable++;
      }
    }
    programs.push({ glyphs: program.numGlyphs, empty, unreadable });
  }
  return programs;
}

describe('names are printed as written (embedded Noto Sans, decision 017)', () => {
  it('Mehmet Yılmaz and Şükrü Öztürk keep ı, Ş and ü: no transliteration', async () => {
    const bytes = await mandateFor(
      { firstName: 'Mehmet', lastName: 'Yılmaz', street: 'Şahin Sokağı', city: 'İzmir' },
      'Şükrü Öztürk',
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Mehmet Yılmaz · Şahin Sokağı 14 · 50968 İzmir');
    expect(text).toMatch(/^Soyad ?Yılmaz$/m);
    expect(text).toMatch(/^Adı ve soyadı ?Şükrü Öztürk$/m);
    expect(text).not.toMatch(/Yilmaz|Sükrü|Sahin|Izmir/);
    // Subset fonts: only the glyphs drawn are embedded (the two full faces are 1.2 MB).
    expect(bytes.length).toBeLessThan(80_000);
  });

  it('the embedded subsets are sound: every glyph drawn has its outline (only the space is empty)', async () => {
    const programs = await embeddedGlyphs(
      await mandateFor(
        { firstName: 'Mehmet', lastName: 'Yılmaz', street: 'Şahin Sokağı', city: 'İzmir' },
        'Şükrü Öztürk',
      ),
    );
    expect(programs).toHaveLength(2);
    for (const { glyphs, empty, unreadable } of programs) {
      expect(glyphs).toBeGreaterThan(40);
      expect(unreadable).toBe(0);
      expect(empty).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    ['Hungarian', 'Ődön', 'Szőke'],
    ['Czech', 'Čeněk', 'Dvořák'],
    ['Polish', 'Łukasz', 'Wałęsa'],
    ['Croatian', 'Đurđa', 'Šimić'],
    ['Romanian', 'Ștefan', 'Țurcanu'],
    ['Swedish', 'Åsa', 'Öberg'],
    ['Danish', 'Søren', 'Kierkegaard'],
    ['Spanish', 'Begoña', 'Ibáñez'],
    ['French', 'Zoé', 'Lefèvre-Cœur'],
    ['Italian', 'Niccolò', "D'Alì"],
    ['Maltese', 'Ħelena', 'Żammit'],
  ])('%s: %s %s', async (_language, firstName, lastName) => {
    const text = await pdfText(await mandateFor({ firstName, lastName }));
    expect(text).toContain(`${firstName} ${lastName} · Lindenallee 14`);
  });

  it('a name typed with combining accents is drawn with the composed letters', async () => {
    const text = await pdfText(await mandateFor({ firstName: 'S\u0327u\u0308kru\u0308', lastName: 'Yılmaz' }));
    expect(text).toContain('Şükrü Yılmaz');
  });

  it('a character the font has no glyph for becomes "?" instead of an empty box', async () => {
    const text = await pdfText(await mandateFor({ firstName: 'Anna 李', lastName: 'Schneider 😀' }));
    expect(text).toContain('Anna ? Schneider ? · Lindenallee 14');
  });

  it('the demo invoices too', async () => {
    const bytes = await renderDemoInvoice({
      number: 'R-2026-17',
      date: '2026-03-02',
      dueDate: '2026-03-16',
      description: 'Mobilfunk März',
      amountMinor: 4999,
      currency: 'EUR',
      creditor: { name: 'Telvia GmbH', street: 'Ringstraße 1', postalCode: '10115', city: 'Berlin' },
      debtor: { name: 'Mehmet Yılmaz', street: 'Şahin Sokağı 3', postalCode: '50968', city: 'Köln' },
    });
    const text = await pdfText(bytes);
    expect(text).toContain('Mehmet Yılmaz');
    expect(text).toContain('Şahin Sokağı 3');
    expect(text).toContain('49,99 €');
  });
});
