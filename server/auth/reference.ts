import { z } from 'zod';

/**
 * Reference numbers: 9 digits with an optional subcase, written "100000010-2" or "100000010/2"
 * (spaces tolerated, as people copy them from letters).
 */
export type ReferenceError = 'required' | 'format' | 'tooShort';
export type ParsedReference =
  { ok: true; refno: string; subcase: number | null } | { ok: false; error: ReferenceError };

export function parseReference(input: string | null | undefined): ParsedReference {
  const value = (input ?? '').replace(/\s+/g, '');
  if (value === '') return { ok: false, error: 'required' };
  const match = /^(\d+)(?:[-/](\d{1,3}))?$/.exec(value);
  if (!match) return { ok: false, error: 'format' };
  const [, digits = '', subcase] = match;
  if (digits.length < 9) return { ok: false, error: 'tooShort' };
  if (digits.length > 9) return { ok: false, error: 'format' };
  return { ok: true, refno: digits, subcase: subcase ? Number(subcase) : null };
}

export function formatReference(refno: string, subcase: number | null | undefined): string {
  return subcase && subcase > 1 ? `${refno}-${subcase}` : refno;
}

/** The reference-number field of every form (sign-in, reset): one rule, translated messages by key. */
export const referenceField = z.string({ error: 'errors.referenceRequired' }).superRefine((value, ctx) => {
  const parsed = parseReference(value);
  if (!parsed.ok)
    ctx.addIssue({
      code: 'custom',
      message: `errors.${parsed.error === 'required' ? 'referenceRequired' : parsed.error}`,
    });
});
