/**
 * The rules of an announced payment (spec 3 and 5), one zod schema per step, cumulative: the
 * route's forms (conform, in the browser and in the action) and the server function use the
 * same rules. Messages are translation keys of the `announce` namespace.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';

export const payees = ['agency', 'creditor', 'sisterBrand'] as const;
export type Payee = (typeof payees)[number];

/** Today in the agency's time zone, as YYYY-MM-DD. */
export function todayInBerlin(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * An amount as typed ("1.234,56", "1234.56", "1 234,5", "1'234.56") in minor units, or null.
 * The last dot or comma followed by one or two digits is the decimal separator.
 */
export function parseAmountMinor(input: string): number | null {
  const compact = input.replace(/[\s'’\u00a0]/g, '');
  const match = /^(\d{1,3}(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const whole = Number(match[1]!.replace(/[.,]/g, ''));
  const fraction = Number((match[2] ?? '0').padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}

export const minAmountMinor = 1;
export const maxAmountMinor = 100_000_000;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

const iban = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? (electronicFormatIBAN(v) ?? v.replace(/\s/g, '').toUpperCase()) : undefined))
  .refine((v) => v === undefined || isValidIBAN(v), 'errors.iban');
const bic = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.replace(/\s/g, '').toUpperCase() : undefined))
  .refine((v) => v === undefined || isValidBIC(v), 'errors.bic');

export const payeeStep = z.object({
  payee: z.enum(payees, { error: 'errors.payee' }),
});

export const paymentStep = payeeStep.extend({
  paidOn: z
    .string({ error: 'errors.paidOn' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'errors.paidOn')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), 'errors.paidOn')
    .refine((v) => v <= todayInBerlin(), 'errors.paidOnFuture')
    .refine((v) => v >= '2000-01-01', 'errors.paidOnOld'),
  amount: z
    .string({ error: 'errors.amount' })
    .trim()
    .refine((v) => parseAmountMinor(v) !== null, 'errors.amount')
    .refine((v) => (parseAmountMinor(v) ?? 1) >= minAmountMinor, 'errors.amountMin')
    .refine((v) => (parseAmountMinor(v) ?? 0) <= maxAmountMinor, 'errors.amountMax'),
  payerName: z.string({ error: 'errors.payerName' }).trim().min(2, 'errors.payerName').max(120, 'errors.payerName'),
  payerIban: iban,
  payerBic: bic,
  payeeName: optionalText(120, 'errors.payeeName'),
  payeeIban: iban,
  payeeBic: bic,
  reference: optionalText(140, 'errors.reference'),
});

export const receiptsStep = paymentStep.extend({
  uploadId: z.array(z.coerce.number().int().positive(), { error: 'errors.receiptRequired' }).min(1, 'errors.receiptRequired').max(10, 'errors.tooMany'),
});

export type AnnouncedPaymentInput = z.infer<typeof receiptsStep>;
export const stepFields = {
  10: ['payee'],
  20: ['paidOn', 'amount', 'payerName', 'payerIban', 'payerBic', 'payeeName', 'payeeIban', 'payeeBic', 'reference'],
  30: ['uploadId'],
} as const;
