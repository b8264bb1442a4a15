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
