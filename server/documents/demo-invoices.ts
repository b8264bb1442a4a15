/**
 * The creditors' original invoices of the demo files. A real installation receives them as
 * scans from the creditor; for the demo they are typeset once from the invoice rows and put into
 * the document store, where the portal serves them like any stored document.
 */
import { eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { debtorName } from '../mail/addressee.ts';
import { drawable, embedFonts } from './pdf-fonts.ts';
import type { DocumentStore } from './store.ts';

const euro = (minor: number, currency: string) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(minor / 100).replace(/\u00a0/g, ' ');
const german = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

export async function renderDemoInvoice(invoice: {
  number: string;
  date: string;
  dueDate: string | null;
  description: string;
  amountMinor: number;
  currency: string;
  creditor: { name: string; street: string; postalCode: string; city: string };
  debtor: { name: string; street: string; postalCode: string; city: string };
}): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Rechnung ${invoice.number}`);
  pdf.setAuthor(invoice.creditor.name);
  pdf.setLanguage('de-DE');
  const page = pdf.addPage([595.28, 841.89]);
  const { regular, bold } = await embedFonts(pdf);
  const ink = rgb(0.12, 0.14, 0.17);
  const muted = rgb(0.38, 0.41, 0.45);
  const write = (text: string, x: number, y: number, size = 10, font = regular, color = ink) =>
    page.drawText(drawable(text, font), { x, y, size, font, color });

  write(invoice.creditor.name, 56, 780, 16, bold);
  write(
    `${invoice.creditor.street} · ${invoice.creditor.postalCode} ${invoice.creditor.city}`,
    56,
    762,
    9,
    regular,
    muted,
  );

  write(invoice.debtor.name, 56, 690);
  write(invoice.debtor.street, 56, 676);
  write(`${invoice.debtor.postalCode} ${invoice.debtor.city}`, 56, 662);

  write(`Rechnung ${invoice.number}`, 56, 600, 14, bold);
  write(`Rechnungsdatum: ${german(invoice.date)}`, 56, 580);
  if (invoice.dueDate) write(`Zahlbar bis: ${german(invoice.dueDate)}`, 56, 566);

  page.drawLine({ start: { x: 56, y: 535 }, end: { x: 539, y: 535 }, thickness: 0.6, color: muted });
  write('Leistung', 56, 520, 10, bold);
  write('Betrag', 480, 520, 10, bold);
  write(invoice.description, 56, 500);
  const amount = euro(invoice.amountMinor, invoice.currency);
  write(amount, 539 - bold.widthOfTextAtSize(amount, 10), 500, 10, bold);
  page.drawLine({ start: { x: 56, y: 488 }, end: { x: 539, y: 488 }, thickness: 0.6, color: muted });
  write('Im Betrag ist die gesetzliche Umsatzsteuer enthalten.', 56, 470, 9, regular, muted);
  write('Originalrechnung des Gläubigers (Demo-Dokument des Schuldnerportals).', 56, 80, 8, regular, muted);
  return pdf.save();
}

/** Puts every demo invoice that has a document key but no stored document yet into the store. */
export async function ensureDemoInvoiceDocuments(db: Database, store: DocumentStore): Promise<number> {
  const rows = await db
    .select({ invoice: t.invoices, file: t.files, creditor: t.creditors, debtor: t.debtors })
    .from(t.invoices)
    .innerJoin(t.files, eq(t.files.id, t.invoices.fileId))
    .innerJoin(t.creditors, eq(t.creditors.id, t.files.creditorId))
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(isNotNull(t.invoices.documentKey));
  let written = 0;
  for (const { invoice, file, creditor, debtor } of rows) {
    const key = invoice.documentKey!;
    if (await store.exists(key)) continue;
    const bytes = await renderDemoInvoice({
      number: invoice.invoiceNumber,
      date: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      description: invoice.description,
      amountMinor: invoice.amountMinor,
      currency: file.currency,
      creditor,
      debtor: {
        name: debtorName(debtor),
        street: `${debtor.streetName} ${debtor.houseNumber}`,
        postalCode: debtor.postalCode,
        city: debtor.city,
      },
    });
    await store.put(key, bytes);
    written++;
  }
  return written;
}
