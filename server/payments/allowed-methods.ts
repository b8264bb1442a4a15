/**
 * Which methods a file may pay with, per purpose (spec section 6: "Payment methods allowed vary
 * per reference number and purpose (normal, instalment plan, instalments, special deal, partial
 * payment, extension)"; section 7 GetAllowedPaymentMethods, …ForRZV, …ForInstallments,
 * …ForSpecialDeal, …ForPartialPayment, …ForExtension). Pure: the caller passes the variant's
 * methods, the currency and the amount.
 */
import { cashMaxMinor } from './config.ts';
import { methods, type MethodKey } from './methods.ts';

export const allowedPurposes = [
  'normal',
  'instalmentPlan',
  'instalments',
  'specialDeal',
  'partialPayment',
  'extension',
] as const;
export type AllowedPurpose = (typeof allowedPurposes)[number];

type Cell = 'Y' | 'N';
type Row = readonly [Cell, Cell, Cell, Cell, Cell, Cell];

/**
 * The rule table; columns in the order of `allowedPurposes`. `instalmentPlan` is the method that
 * collects a plan's monthly instalments (direct debit, transfer, paying oneself, the wallet vault);
 * every other purpose pays one amount now.
 */
export const allowedMethodTable: Readonly<Record<MethodKey, Row>> = {
  //                 normal plan  inst  deal  part  ext
  '1': ['Y', 'N', 'Y', 'Y', 'Y', 'Y'], // online wallet
  '2': ['Y', 'N', 'Y', 'Y', 'Y', 'Y'], // instant bank transfer
  '3': ['N', 'Y', 'N', 'N', 'N', 'Y'], // SEPA direct debit: a mandate, never a one-off here
  '4': ['Y', 'N', 'Y', 'Y', 'Y', 'Y'], // card
  '5': ['Y', 'N', 'Y', 'Y', 'Y', 'Y'], // cash by barcode (amount limit below)
  '6': ['Y', 'Y', 'Y', 'Y', 'Y', 'Y'], // bank transfer
  '7': ['N', 'Y', 'N', 'N', 'N', 'N'], // pay yourself: the debtor transfers each instalment
  '8': ['N', 'Y', 'N', 'N', 'N', 'N'], // wallet vault: a stored wallet token for the plan
  '9': ['Y', 'N', 'Y', 'Y', 'Y', 'Y'], // mobile wallet
  '11': ['Y', 'N', 'Y', 'Y', 'Y', 'Y'], // direct transfer
  twint: ['Y', 'N', 'Y', 'Y', 'Y', 'Y'],
  swish: ['Y', 'N', 'Y', 'Y', 'Y', 'Y'],
  openBanking: ['Y', 'N', 'Y', 'Y', 'Y', 'Y'],
  noPaymentRequest: ['Y', 'N', 'Y', 'Y', 'Y', 'Y'],
};

export interface AllowedMethodsInput {
  /** The variant's methods in its order (server/variants/config.ts paymentProviders). */
  variantMethods: readonly MethodKey[];
  purpose: AllowedPurpose;
  currency: string;
  /** The amount to pay now, minor units; for `instalmentPlan` the monthly amount. */
  amountMinor: number;
  /** Functions refused for the file (section 6): nothing may be paid online. */
  functionsBlocked?: boolean;
  /** Whether an online provider is configured at all (PAYMENT_PROVIDER=off: only instructions). */
  providerOnline?: boolean;
  /**
   * The file's own list for the purpose (decision 103, server/terms/file-terms.ts): a method it does
   * not name is refused; it never adds one the rules above refuse. Left out: the variant's.
   */
  only?: readonly MethodKey[];
}

export type RefusalReason =
  'notInVariant' | 'notForPurpose' | 'notForFile' | 'currency' | 'amount' | 'blocked' | 'offline';

/** Why a method may not be used, or null when it may. */
export function refusal(method: MethodKey, input: AllowedMethodsInput): RefusalReason | null {
  if (input.functionsBlocked) return 'blocked';
  if (!input.variantMethods.includes(method)) return 'notInVariant';
  const column = allowedPurposes.indexOf(input.purpose);
  if (allowedMethodTable[method][column] !== 'Y') return 'notForPurpose';
  if (input.only && !input.only.includes(method)) return 'notForFile';
  const info = methods[method];
  if (info.currencies && !info.currencies.includes(input.currency)) return 'currency';
  if (input.amountMinor < 1) return 'amount';
  if (method === '5' && input.amountMinor > cashMaxMinor) return 'amount';
  if (input.providerOnline === false && info.flow !== 'instructions') return 'offline';
  return null;
}

/** The methods the file may use for the purpose, in the variant's order. */
export function allowedMethods(input: AllowedMethodsInput): MethodKey[] {
  return input.variantMethods.filter((m) => refusal(m, input) === null);
}
