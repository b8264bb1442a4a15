/**
 * The schemas of the chat's own forms, shared by the pane (browser) and the server: the password
 * step-up. Messages are keys of the `assistant` namespace.
 */
import { z } from 'zod';

/** The original request a step-up or sign-in was asked for: asked again once the session is full. */
const resume = z.string().trim().max(1000).optional();

export const stepUpSchema = z.object({
  password: z.string({ error: 'stepUp.errors.passwordRequired' }).min(1, 'stepUp.errors.passwordRequired').max(256),
  resume,
});
