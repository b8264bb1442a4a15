/**
 * The one schema of a breathing-space request: the page's form (conform in the browser and in the
 * route's action), the action layer's input and the JSON API read the same fields. Amounts are
 * read as the page shows them (the portal's amount reader, for the page's locale and the file's
 * currency); messages are translation keys of the `hardship` namespace or the common amount ones.
 */
import { z } from 'zod';
import { amountField } from '../money/amount-input.ts';
import { hardshipReasons } from './rules.ts';

/** Longest free text: room for a few sentences, as in a message to the agency. */
export const statementMaxLength = 2000;

export interface AmountReadingOf {
  locale: string;
  currency: string;
}

export function breathingSpaceSchema(reading: AmountReadingOf) {
  return z.object({
    reason: z.enum(hardshipReasons, { error: 'hardship:errors.reason' }),
    statement: z.string().trim().max(statementMaxLength, { error: 'hardship:errors.statementTooLong' }).optional(),
    /** Monthly net income, optional; with it the affordability helper names an instalment that fits. */
    income: amountField({ ...reading, minMinor: 1 }).optional(),
    /** Monthly outgoings (rent, living, other obligations together), optional. */
    expenses: amountField({ ...reading, minMinor: 0 }).optional(),
  });
}

export type BreathingSpaceInput = z.output<ReturnType<typeof breathingSpaceSchema>>;
