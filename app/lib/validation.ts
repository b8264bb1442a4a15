import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { fieldError } from './form-errors';

/**
 * The browser's check of a form against its schema, the same call the action makes. Loaded on
 * demand with the form's schema (app/lib/lazy-validation.ts), so zod is not part of a page's
 * first load.
 */
export function validator<Schema extends z.ZodType>(schema: Schema) {
  return (formData: FormData) => parseWithZod(formData, { error: fieldError, schema });
}
