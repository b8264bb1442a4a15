import { payeeStep, paymentStep, receiptsStep, type AmountReading } from '#server/payments-announced/schema.ts';

/** The steps of announcing a payment: payee, payment data, receipts, review. */
export type Step = 10 | 20 | 30 | 40;

/** The rules of each step; the review (40) checks everything again before anything is stored. */
export function schemasFor(reading: AmountReading) {
  return { 10: payeeStep, 20: paymentStep(reading), 30: receiptsStep(reading), 40: receiptsStep(reading) } as const;
}

/** The answers typed so far, by field name; they travel as hidden fields from step to step. */
export type Values = Record<string, string>;
