import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

interface Common {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
}

function Described({ id, label, hint, error, required, children }: Common & { children: (describedBy: string | undefined) => ReactNode }) {
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
      {children([hintId, errorId].filter(Boolean).join(' ') || undefined)}
    </div>
  );
}

/** A labelled select with hint and inline error, like `Field`. */
export function SelectField({ id, label, hint, error, required, children, ...select }: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <Described id={id} label={label} hint={hint} error={error} required={required}>
      {(describedBy) => (
        <select id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} required={required} {...select}>
          {children}
        </select>
      )}
    </Described>
  );
}

/** A labelled textarea with hint and inline error, like `Field`. */
export function TextareaField({ id, label, hint, error, required, ...textarea }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Described id={id} label={label} hint={hint} error={error} required={required}>
      {(describedBy) => <textarea id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} required={required} {...textarea} />}
    </Described>
  );
}
