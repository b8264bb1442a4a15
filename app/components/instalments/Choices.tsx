import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  const errorId = error ? `${id}-error` : undefined;
  return (
    // ARIA 1.3 marks the group invalid, not each radio (aria-invalid is not a radio's property).
    <fieldset
      className={`choice-list${error ? ' field--error' : ''}`}
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={errorId}
    >
      <legend>{legend}</legend>
      {error ? (
        <span className="field-error" id={errorId}>
          <span className="visually-hidden">{t('form.errorPrefix')}</span> {error}
        </span>
      ) : null}
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
  const { t } = useTranslation();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {error ? (
        <span className="field-error" id={errorId}>
          <span className="visually-hidden">{t('form.errorPrefix')}</span> {error}
        </span>
      ) : null}
      <select
        id={id}
        name={name}
        className="input select"
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
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
