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

describe('the instalment amount step’s constraints', () => {
  it('are those of its schema for every locale, currency and file’s limits', async () => {
    // Imported here: the wizard's schemas are the only ones this file needs from a route.
    const { amountConstraint, amountSchema } = await import('~/routes/$portal.checkout.pay-installments/schemas');
    const fixed = getZodConstraint(amountConstraint);
    expect(fixed.monthly).toEqual({ required: true });
    expect(fixed.proofType?.required).toBe(false);
    for (const reading of [
      { locale: 'de-DE', currency: 'EUR' },
      { locale: 'fr-CH', currency: 'CHF' },
      { locale: 'sv-SE', currency: 'SEK' },
      { locale: 'en-NO', currency: 'NOK' },
    ])
      for (const limits of [
        { absoluteMinMinor: 1_000, regularMinMinor: 2_500, maxMinor: 120_000, exampleMinor: 5_000 },
        { absoluteMinMinor: 5_000, regularMinMinor: 5_000, maxMinor: 5_000, exampleMinor: 5_000 },
      ])
        expect(getZodConstraint(amountSchema(limits, reading))).toEqual(fixed);
  });
});
