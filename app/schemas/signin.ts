import { z } from 'zod';
import { referenceField } from '#server/auth/reference.ts';

/**
 * The sign-in form: one schema for the action and, loaded on demand, the browser (conform).
 * Messages are translation keys of the signin namespace.
 */
export const signInSchema = z
  .object({
    mode: z.enum(['reference', 'password']),
    reference: referenceField,
    password: z.string().max(256).optional(),
    privacy: z.literal('on', { error: 'errors.privacy' }),
    returnTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'password' && !value.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'errors.passwordRequired' });
  });

/**
 * The step-up from a reference-only session to the full login: the session names the file, so
 * only the password is asked (no reference, privacy tick or captcha again, decision 061).
 */
export const stepUpSchema = z.object({
  intent: z.literal('stepUp'),
  password: z.string({ error: 'errors.passwordRequired' }).max(256),
  returnTo: z.string().optional(),
});
