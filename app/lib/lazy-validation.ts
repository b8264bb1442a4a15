import { parse, type Submission } from '@conform-to/react';
import { useEffect } from 'react';
import type { z } from 'zod';

type Validate<Schema extends z.ZodType> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

export interface LazyValidation<Schema extends z.ZodType> {
  /** Fetches the schema and zod (once); resolves when the browser validates. */
  load: () => Promise<void>;
  /** conform's `onValidate`: the schema's check once it is there, until then none. */
  onValidate: (context: {
    form: HTMLFormElement;
    formData: FormData;
  }) => Submission<z.input<Schema>, string[], z.output<Schema>>;
}

/**
 * Client-side validation whose code (the form's zod schema and zod itself, about 30 kB
 * compressed) is fetched when the debtor starts on the form, not with the page (issue 16,
 * decision 051). The form renders with conform as before; the schema's module is imported on
 * the first focus or input inside the form (see useLazyValidation). Until it is there the
 * browser checks nothing: a field check (blur, input) keeps the messages shown as they are, and
 * sending the form goes to the action, which validates with the same schema and answers with
 * the same messages. Once loaded, the browser validates exactly as the action does.
 *
 * Call it once per form at module level: `lazyValidation(() => import('~/schemas/x').then((m) => m.xSchema))`.
 */
export function lazyValidation<Schema extends z.ZodType>(loadSchema: () => Promise<Schema>): LazyValidation<Schema> {
  let validate: Validate<Schema> | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('./validation')]).then(([schema, { validator }]) => {
      validate = validator(schema);
    }));
  return {
    load,
    onValidate: ({ form, formData }) =>
      validate
        ? validate(formData)
        : parse<z.output<Schema>, string[]>(formData, { resolve: (_, intent) => withoutSchema(form, intent) }),
  };
}

/** The answer while the schema is not there yet. */
function withoutSchema<Value>(form: HTMLFormElement, intent: unknown): { value?: Value; error?: Record<string, null> } {
  // A field check (conform's validate intent on blur or input): nothing is sent, and every
  // message stays as it is (null keeps a field's current error; an unticked box is not in the
  // form's data, so the names come from the form's fields).
  if (intent) {
    const names = Array.from(form.elements, (element) => (element as HTMLInputElement).name).filter(Boolean);
    return { error: Object.fromEntries(['', ...names].map((name) => [name, null])) };
  }
  // Sending the form: the action validates it.
  return { value: {} as Value };
}

/**
 * Loads a form's validation on the first focus or input inside the form `formId`; at once if the
 * focus is already inside when the page hydrates (the debtor tapped a field before the scripts ran).
 */
export function useLazyValidation(validation: LazyValidation<z.ZodType>, formId: string) {
  useEffect(() => {
    const form = document.forms.namedItem(formId);
    const focused = document.activeElement;
    if (!form || (focused && focused !== document.body && form.contains(focused))) {
      void validation.load();
      return;
    }
    const load = () => {
      form.removeEventListener('focusin', load);
      form.removeEventListener('input', load);
      void validation.load();
    };
    form.addEventListener('focusin', load);
    form.addEventListener('input', load);
    return () => {
      form.removeEventListener('focusin', load);
      form.removeEventListener('input', load);
    };
  }, [validation, formId]);
}
