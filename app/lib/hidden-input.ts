import { getInputProps, type FieldMetadata } from '@conform-to/react';

/**
 * A conform field as `<input type="hidden">`: its name, id, form and value, without the schema's
 * constraints (required, pattern, lengths, bounds), which conform adds to every input but HTML
 * allows only on inputs a person fills in (the Nu checker rejects them on a hidden one). The server
 * checks the field with the same schema either way.
 */
export function hiddenInputProps<Schema, FormSchema extends Record<string, unknown>, FormError>(
  field: FieldMetadata<Schema, FormSchema, FormError>,
) {
  const {
    required: _required,
    pattern: _pattern,
    minLength: _minLength,
    maxLength: _maxLength,
    min: _min,
    max: _max,
    step: _step,
    multiple: _multiple,
    ...props
  } = getInputProps(field, { type: 'hidden' });
  return props;
}
