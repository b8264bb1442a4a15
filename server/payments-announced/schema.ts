/**
 * The rules of an announced payment (spec 3 and 5), one zod schema per step, cumulative: the
 * route's forms (conform, in the browser and in the action) and the server function use the
 * same rules. Messages are translation keys of the `announce` namespace.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { amountField } from '../money/amount-input.ts';
import { todayIso as todayInBerlin } from '../dates.ts';

export const payees = ['agency', 'creditor', 'sisterBrand'] as const;
export type Payee = (typeof payees)[number];

/** Today in the agency's time zone, as YYYY-MM-DD (server/dates.ts is its one home). */
export { todayInBerlin };

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

/** How amounts are read: the page's locale (language with the variant's country) and the file's currency. */
export interface AmountReading {
  locale: string;
  currency: string;
}

export const paymentStep = (reading: AmountReading) =>
  payeeStep.extend({
    paidOn: z
      .string({ error: 'errors.paidOn' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'errors.paidOn')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), 'errors.paidOn')
      .refine((v) => v <= todayInBerlin(), 'errors.paidOnFuture')
      .refine((v) => v >= '2000-01-01', 'errors.paidOnOld'),
    amount: amountField({
      ...reading,
      minMinor: minAmountMinor,
      maxMinor: maxAmountMinor,
      messages: {
        required: 'errors.amount',
        format: 'errors.amount',
        tooLow: 'errors.amountMin',
        tooHigh: 'errors.amountMax',
      },
    }),
    payerName: z.string({ error: 'errors.payerName' }).trim().min(2, 'errors.payerName').max(120, 'errors.payerName'),
    payerIban: iban,
    payerBic: bic,
    payeeName: optionalText(120, 'errors.payeeName'),
    payeeIban: iban,
    payeeBic: bic,
    reference: optionalText(140, 'errors.reference'),
  });

export const receiptsStep = (reading: AmountReading) =>
  paymentStep(reading).extend({
    uploadId: z
      .array(z.coerce.number().int().positive(), { error: 'errors.receiptRequired' })
      .min(1, 'errors.receiptRequired')
      .max(10, 'errors.tooMany'),
  });

/** What the debtor typed (strings, as a form or the JSON API sends them); read by `receiptsStep`. */
export type AnnouncedPaymentInput = z.input<ReturnType<typeof receiptsStep>>;
export const stepFields = {
  10: ['payee'],
  20: ['paidOn', 'amount', 'payerName', 'payerIban', 'payerBic', 'payeeName', 'payeeIban', 'payeeBic', 'reference'],
  30: ['uploadId'],
} as const;
