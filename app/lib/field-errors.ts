import type { SummaryError } from '~/components/ui/ErrorSummary';

interface FieldState {
  id: string;
  errors?: string[];
}

/**
 * A form's field errors as the page shows them: `message(name)` is the field's first error,
 * translated (`translate` gets the key and the field's name, for the values a message needs), and
 * `summary(names)` the error summary's entries for those fields, in the order the form shows them.
 */
export function fieldMessages<Fields extends Record<string, FieldState>>(
  fields: Fields,
  translate: (key: string, name: keyof Fields & string) => string,
) {
  const message = (name: keyof Fields & string): string | undefined => {
    const key = fields[name]?.errors?.[0];
    return key ? translate(key, name) : undefined;
  };
  const summary = (names: ReadonlyArray<keyof Fields & string>): SummaryError[] =>
    names.flatMap((name) => {
      const text = message(name);
      return text ? [{ fieldId: fields[name]!.id, message: text }] : [];
    });
  return { message, summary };
}

/** The first error of one field (or of the form), translated. */
export function firstError(errors: string[] | undefined, translate: (key: string) => string): string | undefined {
  return errors?.[0] ? translate(errors[0]) : undefined;
}

/**
 * The error summary of a form: its own errors first (linked to `formErrorsAt`), then the first
 * error of each of `fields` that has one, in that order; `message` words a list of error keys.
 */
export function summaryOf(
  formErrors: string[] | undefined,
  formErrorsAt: FieldState,
  fields: FieldState[],
  message: (keys: string[]) => string | undefined,
): SummaryError[] {
  return [
    ...(formErrors ?? []).map((key) => ({ fieldId: formErrorsAt.id, message: message([key])! })),
    ...fields.flatMap((f) => (f.errors?.length ? [{ fieldId: f.id, message: message(f.errors)! }] : [])),
  ];
}
