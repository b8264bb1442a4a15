import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

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
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={`field radio-group${inline ? ' radio-group--inline' : ''}${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {legend}
        {required ? null : <span className="muted"> ({t('form.optional')})</span>}
      </legend>
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={errorId}>
          <span className="visually-hidden">{t('form.errorPrefix')}</span> {error}
        </span>
      ) : null}
      <div className="radio-group__options">
        {options.map((option, index) => (
          <div className="radio" key={option.value}>
            <input type="radio" id={index === 0 ? id : `${id}-${option.value}`} name={name} value={option.value} defaultChecked={defaultValue === option.value} required={required} />
            <label htmlFor={index === 0 ? id : `${id}-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
}

/** A labelled text area with hint and inline error, like `Field`. */
export function TextAreaField({ id, label, hint, error, required, className, ...textarea }: TextAreaFieldProps) {
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="muted"> ({t('form.optional')})</span>}
      </label>
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={errorId}>
          <span className="visually-hidden">{t('form.errorPrefix')}</span> {error}
        </span>
      ) : null}
      <textarea
        id={id}
        className={`input input--area${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        required={required}
        {...textarea}
      />
    </div>
  );
}
