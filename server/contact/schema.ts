/**
 * The contact forms (spec 3, 5): a message (subject of section 3, sub-subject, message with a
 * minimum length, attachments, a phone or an e-mail) and a callback request. Messages are
 * translation keys of the `contact` namespace; the same schemas run in the browser and on the
 * server. The callback schema depends on the variant's callback hours.
 */
import { z } from 'zod';
import { callbackWeekdays, checkSlot, timesOfDay } from './callback-slots.ts';

/** Subject codes of section 3; 7 and 8 are the extras (bug report, improvement proposal). */
export const subjectIds = [1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 999, 7, 8] as const;
export const minMessageLength = 20;
export const maxMessageLength = 5000;

const phonePattern = /^\+?[0-9][0-9 ()/.-]{5,24}$/;
const emailSchema = z.email('errors.email');

const optional = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(schema.optional());

export const messageSchema = z
  .object({
    subjectId: z.coerce
      .number({ error: 'errors.subject' })
      .refine((v) => (subjectIds as readonly number[]).includes(v), 'errors.subject'),
    subSubject: optional(z.string().max(120, 'errors.subSubject')),
    body: z
      .string({ error: 'errors.bodyShort' })
      .trim()
      .min(minMessageLength, 'errors.bodyShort')
      .max(maxMessageLength, 'errors.bodyLong'),
    email: optional(emailSchema),
    phone: optional(z.string().regex(phonePattern, 'errors.phone')),
    uploadId: z.array(z.coerce.number().int().positive()).max(10, 'errors.tooMany').default([]),
  })
  .refine((value) => Boolean(value.email || value.phone), {
    path: ['email'],
    message: 'errors.reachable',
    // Said together with the other problems, not only once they are fixed.
    when: (payload) => {
      const raw = payload.value as { email?: unknown; phone?: unknown } | undefined;
      return (
        !payload.issues.some((issue) => issue.path?.[0] === 'email' || issue.path?.[0] === 'phone') && raw !== undefined
      );
    },
  });
export type MessageInput = z.infer<typeof messageSchema>;

interface Hours {
  days: ReadonlyArray<{ weekday: number; open: string; close: string }>;
}

export function callbackSchema(hours: Hours) {
  return z
    .object({
      phone: z
        .string({ error: 'errors.phoneRequired' })
        .trim()
        .min(1, 'errors.phoneRequired')
        .regex(phonePattern, 'errors.phone'),
      reason: z.string({ error: 'errors.reason' }).trim().min(5, 'errors.reason').max(500, 'errors.reasonLong'),
      weekday: z.coerce
        .number({ error: 'errors.weekday' })
        .int()
        .refine((v) => (callbackWeekdays as readonly number[]).includes(v), 'errors.weekday'),
      // Optional: the hour says it (the form groups the hours by it instead of asking twice).
      timeOfDay: z.enum(timesOfDay, { error: 'errors.timeOfDay' }).optional(),
      hour: z.string({ error: 'errors.hour' }).regex(/^\d{2}:\d{2}$/, 'errors.hour'),
    })
    .superRefine((value, ctx) => {
      // A day that is no callback day at all is already said once ("choose a day").
      if (!(callbackWeekdays as readonly number[]).includes(value.weekday)) return;
      const problem = checkSlot(hours, value);
      if (problem === 'dayClosed') ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'errors.dayClosed' });
      else if (problem) ctx.addIssue({ code: 'custom', path: ['hour'], message: `errors.${problem}` });
    });
}
export type CallbackInput = z.infer<ReturnType<typeof callbackSchema>>;
