/**
 * The payment methods of section 3 ("Payment providers (providerID)") and the country methods of
 * the variants, as data: how each one is paid (redirect to the provider, a form embedded in an
 * iframe, or instructions the debtor follows), which currencies it takes and whether it carries a fee.
 */
import type { PaymentProviderId } from '../variants/config.ts';

/** A method as the portal stores it: "1" … "11", or the name of a country method. */
export type MethodKey =
  '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '11' | 'twint' | 'swish' | 'openBanking' | 'noPaymentRequest';

export const methodKeys: readonly MethodKey[] = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '11',
  'twint',
  'swish',
  'openBanking',
  'noPaymentRequest',
];

export function methodKey(id: PaymentProviderId): MethodKey {
  return String(id) as MethodKey;
}

export function isMethodKey(value: unknown): value is MethodKey {
  return typeof value === 'string' && (methodKeys as readonly string[]).includes(value);
}

/**
 * - redirect: the browser goes to the provider's page and comes back (wallets, instant transfer,
 *   TWINT, Swish, open banking, Norwegian payment requests);
 * - embedded: the provider's form is shown inside the portal in an iframe (card);
 * - instructions: the portal shows what to do (bank transfer details, cash barcode); the provider
 *   reports the money later by webhook;
 * - mandate: SEPA direct debit, set up with a mandate (server/instalments), never paid here at once.
 */
export type MethodFlow = 'redirect' | 'embedded' | 'instructions' | 'mandate';

export interface MethodInfo {
  key: MethodKey;
  flow: MethodFlow;
  /** Currencies the method takes; null = every currency. */
  currencies: readonly string[] | null;
  /** Card (4): contact data and two acknowledgements first (section 2.5). */
  needsContactData: boolean;
}

export const methods: Readonly<Record<MethodKey, MethodInfo>> = {
  '1': { key: '1', flow: 'redirect', currencies: ['EUR'], needsContactData: false },
  '2': { key: '2', flow: 'redirect', currencies: ['EUR', 'CHF'], needsContactData: false },
  '3': { key: '3', flow: 'mandate', currencies: ['EUR'], needsContactData: false },
  '4': { key: '4', flow: 'embedded', currencies: null, needsContactData: true },
  '5': { key: '5', flow: 'instructions', currencies: ['EUR'], needsContactData: false },
  '6': { key: '6', flow: 'instructions', currencies: null, needsContactData: false },
  '7': { key: '7', flow: 'instructions', currencies: null, needsContactData: false },
  '8': { key: '8', flow: 'redirect', currencies: ['EUR'], needsContactData: false },
  '9': { key: '9', flow: 'redirect', currencies: ['EUR'], needsContactData: false },
  '11': { key: '11', flow: 'redirect', currencies: ['EUR'], needsContactData: false },
  twint: { key: 'twint', flow: 'redirect', currencies: ['CHF'], needsContactData: false },
  swish: { key: 'swish', flow: 'redirect', currencies: ['SEK'], needsContactData: false },
  openBanking: { key: 'openBanking', flow: 'redirect', currencies: ['SEK', 'EUR'], needsContactData: false },
  noPaymentRequest: { key: 'noPaymentRequest', flow: 'redirect', currencies: ['NOK'], needsContactData: false },
};

/** The payment methods a debtor can name (the assistant's `method` slot, intents.md). */
export const namedMethods = ['card', 'transfer', 'wallet', 'instant', 'cash', 'sepa'] as const;
export type NamedMethod = (typeof namedMethods)[number];

/** The methods each name stands for, in the order a screen preselects them. */
const methodsNamed: Readonly<Record<NamedMethod, readonly MethodKey[]>> = {
  card: ['4'],
  transfer: ['6', '11'],
  wallet: ['1', '9', 'twint', 'swish'],
  instant: ['2', 'openBanking', '11'],
  cash: ['5'],
  sepa: ['3'],
};

/** The first offered method that a name (`method=card`) stands for; null when none is offered. */
export function methodNamed(name: string | null, offered: readonly MethodKey[]): MethodKey | null {
  if (!name || !(namedMethods as readonly string[]).includes(name)) return null;
  return methodsNamed[name as NamedMethod].find((key) => offered.includes(key)) ?? null;
}
