import type { FieldMetadata } from '@conform-to/react';

/**
 * A conform field as `<input type="hidden">`: its name, id, form and value, without the schema's
 * constraints (required, pattern, lengths, bounds), which conform adds to every input but HTML
 * allows only on inputs a person fills in (the Nu checker rejects them on a hidden one). The server
 * checks the field with the same schema either way.
 *
 * The attributes `getInputProps(field, { type: 'hidden' })` gives, in its order, less the
 * constraints, read from the field directly: each of the field's properties is worked out when it
 * is read, and the constraints that were read only to be dropped made two hidden fields 2 % of the
 * sign-in page's CPU (issue 28). app/lib/hidden-input.test.tsx holds the two to the same props.
 */
export function hiddenInputProps<Schema, FormSchema extends Record<string, unknown>, FormError>(
  field: FieldMetadata<Schema, FormSchema, FormError>,
) {
  const base = { id: field.id, name: field.name, form: field.formId };
  // conform's default: invalid while the field has errors, then described by its error element.
  const props: {
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    type: 'hidden';
    accept?: string;
    defaultValue?: string;
  } & typeof base =
    typeof field.errors === 'undefined'
      ? { ...base, type: 'hidden' }
      : { ...base, 'aria-invalid': true, 'aria-describedby': field.errorId, type: 'hidden' };
  const accept = field.accept;
  if (accept !== undefined) props.accept = accept;
  const initial = field.initialValue;
  if (typeof initial === 'string') props.defaultValue = initial;
  return props;
}
