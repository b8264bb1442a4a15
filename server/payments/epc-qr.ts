/**
 * The EPC QR code ("GiroCode", European Payments Council guideline EPC069-12, version 002) for a
 * SEPA credit transfer of an exact amount with a reference: banking apps read it and fill in the
 * transfer. Pure: builds the payload text; rendering is in codes.ts.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

export interface EpcTransfer {
  recipient: string;
  iban: string;
  bic?: string;
  /** Minor units; EUR only (the EPC code is for SEPA transfers in euro). */
  amountMinor: number;
  currency: string;
  /** Unstructured remittance text, at most 140 characters. */
  remittance: string;
}

/** The payload, or null when the transfer cannot be expressed as an EPC code. */
export function epcPayload(input: EpcTransfer): string | null {
  if (input.currency !== 'EUR') return null;
  const iban = electronicFormatIBAN(input.iban) ?? '';
  if (!isValidIBAN(iban)) return null;
  const bic = input.bic ? input.bic.replace(/\s/g, '').toUpperCase() : '';
  if (bic && !isValidBIC(bic)) return null;
  // Amount: "EUR" then 0.01 … 999999999.99 with a dot and at most two decimals.
  if (!Number.isInteger(input.amountMinor) || input.amountMinor < 1 || input.amountMinor > 99_999_999_999) return null;
  const amount = `EUR${Math.floor(input.amountMinor / 100)}.${String(input.amountMinor % 100).padStart(2, '0')}`;
  const name = clean(input.recipient).slice(0, 70);
  const remittance = clean(input.remittance).slice(0, 140);
  if (!name) return null;
  // Service tag, version, character set (1 = UTF-8), identification, BIC, name, IBAN, amount,
  // purpose code, structured reference, unstructured remittance (one of the two), user hint.
  const lines = ['BCD', '002', '1', 'SCT', bic, name, iban, amount, '', '', remittance];
  const payload = lines.join('\n');
  // The whole payload may not exceed 331 bytes.
  return Buffer.byteLength(payload, 'utf8') <= 331 ? payload : null;
}

function clean(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
