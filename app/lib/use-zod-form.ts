import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { constraintOf } from './zod-constraint';
import type { z } from 'zod';
import { fieldError } from './form-errors';

type DefaultValue<Input extends Record<string, unknown>> = NonNullable<
  Parameters<typeof useForm<Input>>[0]
>['defaultValue'];

/**
 * conform's form bound to a zod schema the way every page form is: the browser checks it against
 * the same schema as the action (with the same error map), first when the form is sent and then on
 * every input (`shouldRevalidate: 'onSubmit'`: again only when it is sent). `constraint` names the
 * schema for the HTML constraints where it differs (a schema whose refinements cannot be written as
 * attributes, or one made by a function).
 */
export function useZodForm<Input extends Record<string, unknown>, Output = Input>({
  id,
  schema,
  constraint,
  lastResult,
  defaultValue,
  shouldRevalidate = 'onInput',
}: {
  id: string;
  /**
   * The schema the form is checked against, or, for one made from the page's data (a file's
   * limits), a function that makes it, given with `constraint`: the function is then called only
   * when the browser checks the form, and a page's render on the server builds no schema (a zod
   * schema costs 50–80 µs to make, and the server renders every form once).
   */
  schema: z.ZodType<Output, Input> | (() => z.ZodType<Output, Input>);
  constraint?: z.ZodType;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<Input>;
  /** When a field sent once is checked again: on every input (the portal's forms) or only on sending. */
  shouldRevalidate?: 'onInput' | 'onSubmit';
}) {
  const made = () => (typeof schema === 'function' ? schema() : schema);
  return useForm<Input, Output, string[]>({
    id,
    lastResult,
    defaultValue,
    constraint: constraintOf(constraint ?? made()),
    shouldValidate: 'onSubmit',
    shouldRevalidate,
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema: made() }),
  });
}
