import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from 'zod';

type Constraint = ReturnType<typeof getZodConstraint>;

const made = new WeakMap<z.ZodType, Constraint>();

/**
 * A schema's HTML constraints (required, lengths, patterns) for conform, worked out once per
 * schema object: `getZodConstraint` walks the whole schema on every call, and forms asked for them
 * on every render and the sign-in loader on every request (issue 28). A schema made per render
 * (`downloadFormSchema(kind)` in a `useMemo`) is kept as long as that object lives.
 */
export function constraintOf(schema: z.ZodType): Constraint {
  let constraint = made.get(schema);
  if (constraint === undefined) {
    constraint = getZodConstraint(schema);
    made.set(schema, constraint);
  }
  return constraint;
}
