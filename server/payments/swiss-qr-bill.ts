/**
 * The Swiss QR-bill (Swiss Payment Standards, "Implementation Guidelines for the QR-bill") for a
 * bank transfer in Switzerland: the payment part with the receipt, whose Swiss QR code carries
 * the QR-IBAN, the amount in CHF, the structured QR reference (QRR), the creditor and the debtor.
 * Banking apps read it; the bank reports the reference back with the money. Rendering, checks of
 * the data and the QR code itself are the `swissqrbill` library's (decision 030).
 */
import { SwissQRBill } from 'swissqrbill/svg';
import { calculateQRReferenceChecksum, isQRIBAN } from 'swissqrbill/utils';
import type { Language } from '../i18n/languages.ts';

export interface QrBillParty {
  name: string;
  street: string;
  houseNumber?: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface QrBillInput {
  /** The creditor's QR-IBAN; a plain IBAN cannot carry a QR reference. */
  qrIban: string;
  creditor: QrBillParty;
  debtor: QrBillParty | null;
  amountMinor: number;
  currency: string;
  /** 27 digits, from `qrReference`. */
  reference: string;
  /** Unstructured message shown to the debtor and in the code, at most 140 characters. */
  message: string;
  language: Language;
}

/**
 * The QR reference of a file: 26 digits (the reference number and the subcase, zero-padded) and
 * the recursive modulo-10 check digit. The same file always gets the same reference, so a second
 * transfer for it is matched as well as the first.
 */
export function qrReference(refno: string, subcase: number): string {
  const digits = `${refno.replace(/\D/g, '')}${String(subcase).padStart(3, '0')}`;
  if (digits.length > 26) throw new Error('reference number too long for a QR reference');
  const body = digits.padStart(26, '0');
  return `${body}${calculateQRReferenceChecksum(body)}`;
}

/** "Löwenstrasse 29" → street and house number, as the QR-bill's structured address wants them. */
export function splitStreet(line: string): { street: string; houseNumber?: string } {
  const match = /^(.*\S)\s+(\d+\s*[a-zA-Z]?(?:[-/]\d+[a-zA-Z]?)?)$/.exec(line.trim());
  return match ? { street: match[1]!, houseNumber: match[2]!.replace(/\s+/g, '') } : { street: line.trim() };
}

/** The bill's own languages; the portal's others read it in English. */
const billLanguage = (language: Language): 'DE' | 'FR' | 'IT' | 'EN' =>
  language === 'de' ? 'DE' : language === 'fr' ? 'FR' : language === 'it' ? 'IT' : 'EN';

/** One millimetre in SVG user units (CSS pixels at 96 dpi): the library draws in mm and pt. */
const mm = 96 / 25.4;

/**
 * The QR-bill as an SVG document that scales to its container, or null when the transfer cannot
 * be a QR-bill (another currency, no QR-IBAN, data the standard does not allow).
 */
export function swissQrBillSvg(input: QrBillInput): string | null {
  if (input.currency !== 'CHF' || !isQRIBAN(input.qrIban)) return null;
  if (!Number.isInteger(input.amountMinor) || input.amountMinor < 1 || input.amountMinor > 99_999_999_999) return null;
  const party = (p: QrBillParty) => ({
    name: clean(p.name).slice(0, 70),
    address: clean(p.street).slice(0, 70),
    ...(p.houseNumber ? { buildingNumber: clean(p.houseNumber).slice(0, 16) } : {}),
    zip: clean(p.postalCode).slice(0, 16),
    city: clean(p.city).slice(0, 35),
    country: p.country.toUpperCase(),
  });
  try {
    const bill = new SwissQRBill(
      {
        currency: 'CHF',
        amount: input.amountMinor / 100,
        reference: input.reference,
        message: clean(input.message).slice(0, 140),
        creditor: { ...party(input.creditor), account: input.qrIban },
        ...(input.debtor ? { debtor: party(input.debtor) } : {}),
      },
      { language: billLanguage(input.language) },
    );
    // The library sizes the bill in millimetres without a viewBox; with one it scales on a phone.
    return bill
      .toString()
      .replace(/^<svg /, `<svg viewBox="0 0 ${(210 * mm).toFixed(3)} ${(105 * mm).toFixed(3)}" role="img" `);
  } catch {
    // The library refuses data the standard does not allow (a name too long, an invalid IBAN …).
    return null;
  }
}

function clean(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
