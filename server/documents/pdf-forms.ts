/**
 * The printable forms of the download center as real PDFs, filled with what the debtor entered:
 * the agency's postal address in the letter window, the declaration, the data, the deadline of
 * seven days (spec section 9) and lines to sign. The wording comes from the `documents`
 * namespace in the debtor's language (the caller passes a translate function).
 */
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { formFields, type DownloadFormValues, type FormKind } from './form-schemas.ts';
import { drawable, embedFonts } from './pdf-fonts.ts';

export type Translate = (key: string, values?: Record<string, string>) => string;

export interface FormPdfInput {
  form: FormKind;
  values: DownloadFormValues;
  /** Reference number as printed on the letters ("100000010-2"). */
  reference: string;
  creditor: string;
  agency: { name: string; street: string; postalCode: string; city: string; countryName: string };
  brand: string;
  /** ISO dates. */
  createdOn: string;
  returnBy: string;
  language: string;
  /** Intl locale for dates ("de-DE"). */
  locale: string;
  t: Translate;
}

/**
 * Splits text into lines that fit `width` at `size`. Each word is measured once: pdf-lib adds up
 * advance widths without kerning, so a line is as wide as its words and spaces (shaping a whole
 * line again for every word it grows by took most of the time of a form).
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = font.widthOfTextAtSize(' ', size);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = font.widthOfTextAtSize(word, size);
      if (!line) {
        line = word;
        lineWidth = wordWidth;
      } else if (lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
      } else {
        lines.push(line);
        line = word;
        lineWidth = wordWidth;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Which fields go under which heading on the printed form. */
function sections(form: FormKind): Array<{ heading: string; fields: ReadonlyArray<keyof DownloadFormValues> }> {
  const all = formFields[form];
  if (form === 'mandate') {
    return [
      { heading: 'pdf.sections.authorizer', fields: all.filter((f) => !f.startsWith('attorney')) },
      { heading: 'pdf.sections.attorney', fields: all.filter((f) => f.startsWith('attorney')) },
    ];
  }
  return [{ heading: 'pdf.sections.person', fields: all }];
}

export async function renderFormPdf(input: FormPdfInput): Promise<Uint8Array> {
  const { t } = input;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(input.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
  // pdf-lib is loaded with the first form asked for, not with the server.
  const { PDFDocument, rgb } = await import('pdf-lib');
  const ink = rgb(0.12, 0.14, 0.17);
  const muted = rgb(0.38, 0.41, 0.45);
  const rule = rgb(0.55, 0.58, 0.62);
  const pdf = await PDFDocument.create();
  const { regular, bold } = await embedFonts(pdf);
  const title = t(`forms.${input.form}.title`);
  // Metadata are UTF-16 text strings: no font involved.
  pdf.setTitle(title);
  pdf.setAuthor(input.agency.name);
  pdf.setCreator(input.brand);
  pdf.setLanguage(input.locale);
  pdf.setCreationDate(new Date(`${input.createdOn}T12:00:00Z`));

  const left = 56;
  const right = 539;
  const width = right - left;
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const newPageIfNeeded = (space: number) => {
    if (y - space < 70) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
  };
  const write = (
    text: string,
    options: { size?: number; font?: PDFFont; color?: Color; x?: number; gap?: number } = {},
  ) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    const x = options.x ?? left;
    for (const line of wrap(drawable(text, font), font, size, right - x)) {
      newPageIfNeeded(size + 4);
      page.drawText(line, { x, y, size, font, color: options.color ?? ink });
      y -= size + (options.gap ?? 4);
    }
  };

  // Sender line and the agency's postal address in the window of a C5/6 envelope.
  const v = input.values;
  const sender = [`${v.firstName} ${v.lastName}`, `${v.street} ${v.streetNumber}`, `${v.zip} ${v.city}`].join(' · ');
  write(sender, { size: 7.5, color: muted });
  page.drawLine({ start: { x: left, y: y + 1 }, end: { x: left + 240, y: y + 1 }, thickness: 0.4, color: rule });
  y -= 8;
  for (const line of [
    input.agency.name,
    input.agency.street,
    `${input.agency.postalCode} ${input.agency.city}`,
    input.agency.countryName,
  ])
    write(line, { size: 11 });
  y -= 28;

  write(title, { size: 16, font: bold, gap: 8 });
  write(t('pdf.reference', { reference: input.reference }), { font: bold });
  write(t('pdf.creditor', { creditor: input.creditor }));
  y -= 10;
  write(
    t(`forms.${input.form}.declaration`, {
      reference: input.reference,
      creditor: input.creditor,
      agency: input.agency.name,
      date: v.dateGoodsReturn ? date(v.dateGoodsReturn) : '',
    }),
    { size: 10.5, gap: 5 },
  );
  y -= 8;

  for (const section of sections(input.form)) {
    newPageIfNeeded(40);
    write(t(section.heading), { size: 11.5, font: bold, gap: 6 });
    for (const field of section.fields) {
      const raw = v[field];
      const value = raw ? (field === 'born' || field === 'dateGoodsReturn' ? date(raw) : raw) : '–';
      newPageIfNeeded(18);
      const rowY = y;
      write(t(`fields.${field}`), { color: muted });
      y = rowY;
      write(value, { x: left + 190, font: bold });
      page.drawLine({ start: { x: left, y: y + 9 }, end: { x: right, y: y + 9 }, thickness: 0.3, color: rule });
      y -= 4;
    }
    y -= 10;
  }

  newPageIfNeeded(150);
  page.drawRectangle({ x: left - 8, y: y - 40, width: width + 16, height: 54, borderColor: rule, borderWidth: 0.8 });
  write(t('pdf.returnBy', { date: date(input.returnBy), days: '7' }), { font: bold, x: left });
  write(`${input.agency.name}, ${input.agency.street}, ${input.agency.postalCode} ${input.agency.city}`);
  y -= 50;

  const signatures =
    input.form === 'mandate' ? ['pdf.signatureAuthorizer', 'pdf.signatureAttorney'] : ['pdf.signature'];
  for (const key of signatures) {
    newPageIfNeeded(60);
    y -= 24;
    page.drawLine({ start: { x: left, y }, end: { x: left + 200, y }, thickness: 0.7, color: ink });
    page.drawLine({ start: { x: left + 240, y }, end: { x: right, y }, thickness: 0.7, color: ink });
    y -= 12;
    const lineY = y;
    write(t('pdf.placeDate'), { size: 8.5, color: muted });
    y = lineY;
    write(t(key), { size: 8.5, color: muted, x: left + 240 });
    y -= 6;
  }

  // Footer on every page.
  const footer = drawable(t('pdf.footer', { date: date(input.createdOn), brand: input.brand }), regular);
  for (const each of pdf.getPages()) each.drawText(footer, { x: left, y: 40, size: 7.5, font: regular, color: muted });
  return pdf.save();
}
