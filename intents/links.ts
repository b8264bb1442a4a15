/**
 * The deep-link codec (intents.md "Deep links and slots", a contract; decision 082): one module
 * for both ends of a link. `buildHref` writes it (the engine's classification, the assistant's
 * tools, the staff review's export); `readLinkSlots` reads it back on the screen it opens (the
 * routes that prefill their forms from it). The intent's path (without the variant's base path,
 * with its fixed query) plus one parameter for each slot the debtor gave, in the table's order.
 * Amounts are plain decimals with a dot (`50`, `199.90`), dates ISO. A slot that is missing or
 * malformed is left out, never guessed, on either end.
 */
import { CATALOGUE, linkParams, type IntentId, type SlotName } from './catalogue.ts';
import type { Slots } from './slots/index.ts';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const ENUMS: Partial<Record<SlotName, readonly string[]>> = {
  method: ['card', 'transfer', 'wallet', 'instant', 'cash', 'sepa'],
  day: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  time: ['morning', 'noon', 'afternoon', 'evening'],
};

/** `50` stays `50`; anything with cents gets two decimals (`199.9` → `199.90`). */
export function formatAmount(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const cents = Math.round(value * 100);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function paramValue(slot: SlotName, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (slot === 'amount' || slot === 'rate') return typeof value === 'number' ? formatAmount(value) : null;
  if (slot === 'firstDate' || slot === 'date' || slot === 'dateGoodsReturn')
    return typeof value === 'string' && ISO_DATE.test(value) ? value : null;
  const allowed = ENUMS[slot];
  return allowed && typeof value === 'string' && allowed.includes(value) ? value : null;
}

/** The deep link for an intent and the slots found, or null when the intent has no screen. */
export function buildHref(intent: IntentId, slots: Slots = {}): string | null {
  const { lead } = CATALOGUE[intent];
  if (lead.path === null) return null;
  const hashAt = lead.path.indexOf('#');
  const base = hashAt < 0 ? lead.path : lead.path.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : lead.path.slice(hashAt);
  const params: string[] = [];
  for (const slot of linkParams(intent)) {
    const value = paramValue(slot, slots[slot as keyof Slots]);
    if (value !== null) params.push(`${slot}=${encodeURIComponent(value)}`);
  }
  if (params.length === 0) return lead.path;
  return `${base}${base.includes('?') ? '&' : '?'}${params.join('&')}${hash}`;
}

/** An amount as a link carries it: up to 7 digits, a dot and at most two decimals, above zero. */
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

function readValue(slot: SlotName, text: string | null): string | number | null {
  if (text === null) return null;
  if (slot === 'amount' || slot === 'rate') {
    const value = AMOUNT.test(text) ? Number(text) : NaN;
    return value > 0 ? value : null;
  }
  return paramValue(slot, text) === null ? null : text;
}

/**
 * The slots a deep link of `intent` carries, read from the query of the screen it opened: the
 * inverse of `buildHref` (amounts as numbers of major units, dates ISO, the enums of the table).
 * A parameter that `buildHref` could not have written is left out.
 */
export function readLinkSlots<I extends IntentId>(intent: I, query: URLSearchParams): LinkSlots<I> {
  const slots: Record<string, string | number> = {};
  for (const slot of linkParams(intent)) {
    const value = readValue(slot, query.get(slot));
    if (value !== null) slots[slot] = value;
  }
  return slots as LinkSlots<I>;
}

/** The slots of an intent's link, typed by the catalogue (`pay_later` → `{ date?: string }`). */
export type LinkSlots<I extends IntentId> = Pick<Slots, Extract<(typeof CATALOGUE)[I]['slots'][number], keyof Slots>>;
