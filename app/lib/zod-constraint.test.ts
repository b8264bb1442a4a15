import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInSchema, stepUpSchema } from '~/schemas/signin';
import { constraintOf } from './zod-constraint';

describe('constraintOf', () => {
  it("gives getZodConstraint's constraints, worked out once per schema", () => {
    for (const schema of [signInSchema, stepUpSchema]) {
      const once = constraintOf(schema);
      expect(once).toEqual(getZodConstraint(schema));
      expect(constraintOf(schema)).toBe(once);
    }
    expect(constraintOf(signInSchema)).not.toBe(constraintOf(stepUpSchema));
  });

  it('keeps schemas made apart apart, even when they look alike', () => {
    const a = z.object({ name: z.string() });
    const b = z.object({ name: z.string().optional() });
    expect(constraintOf(a)).toEqual({ name: { required: true } });
    expect(constraintOf(b)).toEqual({ name: { required: false } });
  });
});
