import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldMessages } from './Field';

/**
 * A group of radio buttons in a fieldset: the legend names the question, each option its answer.
 * The inline error sits under the legend and the first radio carries the field's id, so the
 * error summary's link lands on the group.
 */
export function RadioGroup({
  id,
  name,
  legend,
  hint,
  options,
  defaultValue,
  error,
  required,
  inline,
  className,
}: {
  id: string;
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  defaultValue?: string;
  error?: string;
  required?: boolean;
  inline?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={`field radio-group${inline ? ' radio-group--inline' : ''}${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}
      aria-describedby={describedBy(id, hint, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {legend}
        {required ? null : <span className="muted"> ({t('form.optional')})</span>}
      </legend>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className="radio-group__options">
        {options.map((option, index) => (
          <div className="radio" key={option.value}>
            <input
              type="radio"
              id={index === 0 ? id : `${id}-${option.value}`}
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              required={required}
            />
            <label htmlFor={index === 0 ? id : `${id}-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A `RadioGroup` bound to a conform field: its id, name and the answer sent before come from the
 * form, and it starts afresh when the form is reset.
 */
export function FormRadioGroup({
  meta,
  ...group
}: {
  meta: { id: string; name: string; key?: string; initialValue?: unknown };
} & Omit<Parameters<typeof RadioGroup>[0], 'id' | 'name' | 'defaultValue'>) {
  return (
    <RadioGroup
      key={meta.key}
      id={meta.id}
      name={meta.name}
      defaultValue={typeof meta.initialValue === 'string' ? meta.initialValue : undefined}
      {...group}
    />
  );
}
