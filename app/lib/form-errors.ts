import type { z } from 'zod';

/** The key of the message for a value the form's schema does not name a message for. */
export const invalidFieldKey = 'common:form.invalid';

/**
 * The error map every form passes to `parseWithZod` (server and browser): a value of the wrong
 * kind that the schema has no message of its own for (a repeated field arriving as a list, an
 * unknown choice of a hidden field, a missing hidden field) gets a localized message instead of
 * zod's English default. Messages the schema names are kept (they take precedence over this map).
 */
export const fieldError: z.core.$ZodErrorMap = () => invalidFieldKey;
