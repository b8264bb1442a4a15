import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { describedBy, FieldMessages } from '~/components/ui/Field';

export interface ChoiceOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

/**
 * A group of radio buttons in a fieldset with its legend, inline error (with the hidden
 * "Error:") and hints. `id` is the group's id: the error summary links to the first radio.
 */
export function Choices({
  id,
  name,
  legend,
  options,
  defaultValue,
  error,
  required = true,
}: {
  id: string;
  name: string;
  legend: ReactNode;
  options: ChoiceOption[];
  defaultValue?: string | null;
  error?: string;
  required?: boolean;
}) {
  return (
    // ARIA 1.3 marks the group invalid, not each radio (aria-invalid is not a radio's property).
    <fieldset
      className={`choice-list${error ? ' field--error' : ''}`}
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, undefined, error)}
    >
      <legend>{legend}</legend>
      <FieldMessages id={id} error={error} />
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${option.value}`;
        const hintId = option.hint ? `${optionId}-hint` : undefined;
        return (
          <div className="choice" key={option.value}>
            <input
              type="radio"
              id={optionId}
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              required={required}
              aria-describedby={hintId}
            />
            <label htmlFor={optionId}>
              {option.label}
              {option.hint ? (
                <span className="hint" id={hintId}>
                  {option.hint}
                </span>
              ) : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A labelled select with inline error. */
export function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
  error,
  placeholder,
}: {
  id: string;
  name: string;
  label: ReactNode;
  options: Array<{ value: string; label: string }>;
  defaultValue?: string | null;
  error?: string;
  placeholder: string;
}) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} error={error} />
      <select
        id={id}
        name={name}
        className="input select"
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `Choices` bound to a conform field: its id, name and the value sent before come from the form. */
export function FormChoices({
  meta,
  ...choices
}: { meta: Pick<FieldMetadata<unknown>, 'id' | 'name' | 'initialValue'> } & Omit<
  Parameters<typeof Choices>[0],
  'id' | 'name' | 'defaultValue'
>) {
  return <Choices id={meta.id} name={meta.name} defaultValue={String(meta.initialValue ?? '')} {...choices} />;
}
