import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import type { ComponentProps } from 'react';
import { CheckboxField, Field, SelectField, TextareaField, type FieldProps } from '~/components/ui/Field';

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

/** A `SelectField` bound to a conform field, like `FormField`; the options are its children. */
export function FormSelectField({
  meta,
  ...field
}: { meta: Metadata } & Omit<ComponentProps<typeof SelectField>, 'id'>) {
  return <SelectField {...getSelectProps(meta)} key={meta.key} {...field} />;
}

/** A `TextareaField` bound to a conform field, like `FormField`. */
export function FormTextareaField({
  meta,
  ...field
}: { meta: Metadata } & Omit<ComponentProps<typeof TextareaField>, 'id'>) {
  return <TextareaField {...getTextareaProps(meta)} key={meta.key} {...field} />;
}

/** A `CheckboxField` bound to a conform field, like `FormField`. */
export function FormCheckboxField({
  meta,
  ...field
}: { meta: Metadata } & Omit<ComponentProps<typeof CheckboxField>, 'id'>) {
  return <CheckboxField {...getInputProps(meta, { type: 'checkbox' })} key={meta.key} {...field} />;
}
