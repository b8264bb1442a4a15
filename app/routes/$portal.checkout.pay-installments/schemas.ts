/**
 * The wizard's forms, one zod schema each, shared by conform in the browser and the action.
 */
import { z } from 'zod';
import { isIsoDate } from '#server/instalments/dates.ts';
import { incomeProofTypes, planMethods } from '#server/instalments/options.ts';
import { checkMonthly, type MonthlyLimits } from '#server/instalments/plan.ts';
import { amountField } from '#server/money/amount-input.ts';
import { mandateFields } from '~/components/instalments/mandate';

/** How the page reads an amount: the portal's one reader, for the page's locale and the file's currency. */
export interface AmountLocale {
  locale: string;
  currency: string;
}

/** The amount step's fields, read for the page's locale and the file's currency. */
function amountFields(reading: AmountLocale) {
  return z.object({
    intent: z.literal('amount'),
    monthly: amountField({
      ...reading,
      messages: { required: 'errors.amountRequired', format: 'errors.amountFormat', tooLow: 'errors.tooLow' },
    }),
    proofConfirmed: z.string().optional(),
    proofType: z.enum(incomeProofTypes, { error: 'errors.proofType' }).optional(),
  });
}

/**
 * The amount step's HTML constraints, the same for every file, locale and currency (the limits and
 * the reading are checked by the schema below, not by attributes).
 */
export const amountConstraint = amountFields({ locale: 'de-DE', currency: 'EUR' });

/** The amount step, checked against the server-given limits (also in the browser: the limits come with the page). */
export function amountSchema(limits: MonthlyLimits, reading: AmountLocale) {
  return amountFields(reading).superRefine((value, ctx) => {
    const check = checkMonthly(limits, value.monthly);
    if (!check.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['monthly'],
        message: check.error === 'tooLow' ? 'errors.tooLow' : 'errors.tooHigh',
      });
      return;
    }
    if (check.proofRequired) {
      if (value.proofConfirmed !== 'on')
        ctx.addIssue({ code: 'custom', path: ['proofConfirmed'], message: 'errors.proofConfirm' });
      if (!value.proofType) ctx.addIssue({ code: 'custom', path: ['proofType'], message: 'errors.proofType' });
    }
  });
}

export const dateSchema = z.object({
  intent: z.literal('date'),
  firstDueOn: z.string({ error: 'errors.dateRequired' }).trim().refine(isIsoDate, 'errors.dateInvalid'),
});

/** The date step on the server: within the file's window of first dates. */
export function dateInWindowSchema(window: { earliest: string; latest: string }) {
  return dateSchema.refine((v) => v.firstDueOn >= window.earliest && v.firstDueOn <= window.latest, {
    path: ['firstDueOn'],
    message: 'errors.dateRange',
  });
}

export const methodSchema = z.object({
  intent: z.enum(['method', 'continueMethod']),
  method: z.enum(planMethods, { error: 'errors.methodRequired' }),
  agree: z.literal('on', { error: 'errors.agree' }),
});

/** The method step on the server: only a method the file may choose (decisions 027 and 103). */
export function offeredMethodSchema(offered: readonly string[]) {
  return methodSchema.refine((v) => offered.includes(v.method), {
    path: ['method'],
    message: 'errors.methodUnavailable',
  });
}

export const mandateSchema = z.object({ intent: z.enum(['mandate', 'continueMandate']), ...mandateFields });

export const handoverSchema = z.object({ intent: z.enum(['payDeposit', 'payDownPayment']) });
