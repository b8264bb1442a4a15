import type { ReactNode } from 'react';
import { FormField } from '~/components/forms/FormField';

type Meta = Parameters<typeof FormField>[0]['meta'];
type Pair<T> = { email: T; phone: T };

/**
 * How the agency may reach the debtor: a fieldset with its legend and hint, and the optional
 * e-mail address and phone number side by side (the profile change and the contact message).
 */
export function ReachFields({
  className,
  legend,
  hint,
  fields,
  labels,
  errors,
}: {
  className: string;
  legend: ReactNode;
  hint: ReactNode;
  fields: Pair<Meta>;
  labels: Pair<string>;
  errors: Pair<string | undefined>;
}) {
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      <p className="hint">{hint}</p>
      <div className="inline-fields">
        <FormField meta={fields.email} type="email" label={labels.email} error={errors.email} autoComplete="email" />
        <FormField meta={fields.phone} type="tel" label={labels.phone} error={errors.phone} autoComplete="tel" />
      </div>
    </fieldset>
  );
}
