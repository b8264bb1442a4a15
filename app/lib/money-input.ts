/**
 * Amounts as people type them ("50", "50,00", "50.5", "1 250,00") to integer minor units, and
 * back for prefilling a field. Shared by the browser (conform) and the action.
 */
import { formatNumber } from './format';

export function parseAmountToMinor(input: string): number | null {
  const compact = input
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(EUR|CHF|SEK|NOK|€)/i, '')
    .replace(/(EUR|CHF|SEK|NOK|€|kr)$/i, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const units = Number(match[1]);
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return units * 100 + cents;
}

/** "50,00" (or "50.00") for a field, in the language's decimal separator. */
export function minorToInput(minor: number, locale: string): string {
  const separator = formatNumber(1.5, locale).includes(',') ? ',' : '.';
  return `${Math.floor(minor / 100)}${separator}${String(minor % 100).padStart(2, '0')}`;
}
