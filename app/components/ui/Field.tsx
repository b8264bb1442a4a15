import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
}

/**
 * A labelled input with hint and inline error. The error is prefixed with a hidden "Error:",
 * and the input points at hint and error through aria-describedby.
 */
export function Field({ id, label, hint, error, required, className, ...input }: FieldProps) {
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
      <input
        id={id}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        required={required}
        {...input}
      />
    </div>
  );
}

export function CheckboxField({ id, label, error, ...input }: Omit<FieldProps, 'hint'>) {
  const { t } = useTranslation();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      {error ? (
        <span className="field-error" id={errorId}>
          <span className="visually-hidden">{t('form.errorPrefix')}</span> {error}
        </span>
      ) : null}
      <div className="checkbox">
        <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={errorId} {...input} />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

/** Hidden from people, filled by bots: a submission with a value here is dropped. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="website-url">Website</label>
      <input id="website-url" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
