import * as t from '../../db/schema.ts';
import { isoDate, type DemoIds, type DemoKit } from '../kit.ts';

/**
 * Invoice lines as the agency's system hands them over: the creditor's wording (German) and the
 * translations it keeps (decision 029).
 */
const invoiceDescriptions = {
  winterCoat: {
    en: 'Winter coat, wool blend',
    es: 'Abrigo de invierno, mezcla de lana',
    fr: "Manteau d'hiver, laine mélangée",
    it: 'Cappotto invernale, misto lana',
    tr: 'Kışlık mont, yün karışımlı',
    sv: 'Vinterkappa, ullblandning',
  },
  bootsAndScarf: {
    en: 'Boots and scarf',
    es: 'Botas y bufanda',
    fr: 'Bottes et écharpe',
    it: 'Stivali e sciarpa',
    tr: 'Bot ve atkı',
    sv: 'Stövlar och halsduk',
  },
} satisfies Record<string, Record<string, string>>;

/** 100000001: open claim, every pay button, invoices, history, video, e-mail set. */
export async function seed({ tx, today }: DemoKit, { fileId: f1 }: DemoIds): Promise<void> {
  // An invoice's number carries the year of its date (issue 25, finding 11: "RE-2025-…" was
  // dated 2026 once the demo's dates moved with the clock).
  const invoice = (
    serial: string,
    daysAgo: number,
    dueDaysAgo: number,
    amountMinor: number,
    description: string,
    descriptions: Record<string, string>,
  ) => {
    const invoiceDate = isoDate(today, -daysAgo);
    const invoiceNumber = `RE-${invoiceDate.slice(0, 4)}-${serial}`;
    return {
      fileId: f1,
      invoiceNumber,
      invoiceDate,
      documentKey: `invoices/${invoiceNumber}.pdf`,
      dueDate: isoDate(today, -dueDaysAgo),
      amountMinor,
      description,
      descriptions,
    };
  };
  await tx
    .insert(t.invoices)
    .values([
      invoice('118842', 230, 216, 25995, 'Wintermantel, Wollmischung', invoiceDescriptions.winterCoat),
      invoice('121907', 221, 207, 16995, 'Stiefel und Schal', invoiceDescriptions.bootsAndScarf),
    ]);
}
