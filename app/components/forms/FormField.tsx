import { getInputProps } from '@conform-to/react';
import { Field, type FieldProps } from '~/components/ui/Field';

type Metadata = Parameters<typeof getInputProps>[0];
type InputType = 'text' | 'email' | 'tel' | 'password' | 'date' | 'number';

/**
 * A `Field` bound to one of a conform form's fields: its id, name, constraints and the value sent
 * before come from the form (`getInputProps`), and it starts afresh when the form is reset. The
 * label, hint, error and any attribute given here take precedence, as on `Field`.
 */
export function FormField({
  meta,
  type = 'text',
  ...field
}: { meta: Metadata; type?: InputType } & Omit<FieldProps, 'id' | 'type'>) {
  return <Field {...getInputProps(meta, { type })} key={meta.key} {...field} />;
}
