/**
 * The feedback form's schema and choices: plain zod, safe for the browser bundle (the page's
 * form validates with it before sending; the action and the API validate with it again).
 */
import { z } from 'zod';

/** Stars 1 (dissatisfied) to 5 (very satisfied), section 9. */
export const starValues = [1, 2, 3, 4, 5] as const;
export const callbackReasons = ['openQuestion', 'paymentAgreement', 'complaint', 'other'] as const;

const optionalScale = z.coerce.number().int().min(1, 'errors.scale').max(5, 'errors.scale').optional();
const yesNo = z.enum(['yes', 'no']).optional();

/** One schema for the page (conform), the API and the assistant. Messages are translation keys. */
export const feedbackSchema = z
  .object({
    stars: z.coerce
      .number({ error: 'errors.starsRequired' })
      .int()
      .min(1, 'errors.starsRequired')
      .max(5, 'errors.starsRequired'),
    freeText: z.string().trim().max(2000, 'errors.textTooLong').optional(),
    // The telephone survey, only after a call.
    questionAnswered: yesNo,
    friendliness: optionalScale,
    satisfaction: optionalScale,
    solutionShown: yesNo,
    wantsCallback: z.enum(['yes', 'no']).optional(),
    callbackPhone: z.string().trim().max(40).optional(),
    callbackReason: z.enum(callbackReasons).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.wantsCallback !== 'yes') return;
    if (!value.callbackPhone || !/^\+?[0-9 ()/-]{6,}$/.test(value.callbackPhone))
      ctx.addIssue({ code: 'custom', path: ['callbackPhone'], message: 'errors.phone' });
    if (!value.callbackReason)
      ctx.addIssue({ code: 'custom', path: ['callbackReason'], message: 'errors.callbackReason' });
  });
export type FeedbackInput = z.infer<typeof feedbackSchema>;
