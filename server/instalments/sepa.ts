/**
 * SEPA direct debit mandate data (spec sections 3, 5, 6 of the issue): account holder without
 * special characters, German IBANs only, the BIC derived from the IBAN's bank code where the
 * bank is known (IBAN-only debits need no BIC inside the SEPA area), the mandate reference.
 */
import { electronicFormatIBAN, extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** Letters (with accents), spaces, hyphen, apostrophe and dot; 2 to 70 characters. */
export const accountHolderPattern = /^\p{L}[\p{L}\p{M} .'-]{1,69}$/u;

export type IbanCheck = { ok: true; iban: string; bankCode: string } | { ok: false; error: 'invalid' | 'notGerman' };

/**
 * A valid IBAN of the variant's SEPA country (decision 027: each variant that offers direct
 * debit names its one country; today only the German scheme exists, so `notGerman`).
 */
export function checkSepaIban(input: string, country: string): IbanCheck {
  const iban = electronicFormatIBAN(input) ?? '';
  if (!isValidIBAN(iban)) return { ok: false, error: 'invalid' };
  if (!iban.startsWith(country)) return { ok: false, error: 'notGerman' };
  const bban = extractIBAN(iban).bban ?? iban.slice(4);
  return { ok: true, iban, bankCode: bban.slice(0, 8) };
}

/** The main variant's rule (spec section 5: "only German IBAN accepted"). */
export function checkGermanIban(input: string): IbanCheck {
  return checkSepaIban(input, 'DE');
}

/**
 * BICs of German bank codes (Bankleitzahlen) the portal knows. A real deployment loads the
 * Bundesbank's bank code file; this short list covers the demo and the largest banks.
 */
const bicByBankCode: Readonly<Record<string, string>> = {
  '37040044': 'COBADEFFXXX',
  '10070000': 'DEUTDEBBXXX',
  '50070010': 'DEUTDEFFXXX',
  '10010010': 'PBNKDEFFXXX',
  '50010517': 'INGDDEFFXXX',
  '12030000': 'BYLADEM1001',
  '20041133': 'COBADEHD001',
  '70020270': 'HYVEDEMMXXX',
  '37050198': 'COLSDE33XXX',
  '10050000': 'BELADEBEXXX',
  '20050550': 'HASPDEHHXXX',
  '43060967': 'GENODEM1GLS',
  '76026000': 'NORSDE71XXX',
};

export function bicForIban(iban: string): string | null {
  const check = checkGermanIban(iban);
  return check.ok ? (bicByBankCode[check.bankCode] ?? null) : null;
}

export function normaliseBic(input: string): string | null {
  const bic = input.replace(/\s+/g, '').toUpperCase();
  return isValidBIC(bic) ? bic : null;
}

/** The mandate reference: the file and the agreement it belongs to, at most 35 characters. */
export function mandateReference(refno: string, subcase: number, purpose: 'plan' | 'deferral', id: number): string {
  return `CI-${refno}${subcase > 1 ? `-${subcase}` : ''}-${purpose === 'plan' ? 'P' : 'D'}${id}`;
}

/**
 * "DE89 •••• 3000": country, check digits and the last four digits, for a reference-only session
 * (decision 018), pages and mails. Enough to recognise one's own account, not to use it.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
}

/** Postal codes compare without spaces and case (spec 5: "must match the file"). */
export function samePostalCode(a: string, b: string): boolean {
  const norm = (v: string) => v.replace(/\s+/g, '').toUpperCase();
  return norm(a) !== '' && norm(a) === norm(b);
}

/** "DE89 3704 0044 0532 0130 00" for reading and printing. */
export function friendlyIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}
