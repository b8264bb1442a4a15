import { Children, isValidElement } from 'react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CharacterCount, characterHintId } from './CharacterCount';

interface Labelled {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
}

/** The ids an invalid or hinted control points at with aria-describedby. */
export function describedBy(id: string, hint: ReactNode | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** The hint and the inline error of a control; the error is prefixed with a hidden "Error:". */
export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">{t('form.errorPrefix')}</span> {error}
        </span>
      ) : null}
    </>
  );
}

/** Label ("optional" where not required), hint and inline error around one control. */
function LabelledControl({ id, label, hint, error, required, children }: Labelled & { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="muted"> ({t('form.optional')})</span>}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      {children}
    </div>
  );
}

export type FieldProps = Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/**
 * A labelled input with hint and inline error. The input points at hint and error through
 * aria-describedby and is marked invalid while it has an error.
 */
export function Field({ id, label, hint, error, required, className, ...input }: FieldProps) {
  return (
    <LabelledControl id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        required={required}
        {...input}
      />
    </LabelledControl>
  );
}

/**
 * Whether a select's first option is a real choice (a value other than ""). Such a list always
 * sends a value, and HTML does not allow `required` on it (only a list that starts with an empty
 * "please choose" option can be left unanswered): the label still reads as required.
 */
function startsWithChoice(children: ReactNode): boolean {
  const first = Children.toArray(children)[0];
  if (!isValidElement<{ value?: unknown }>(first) || first.type !== 'option') return false;
  return first.props.value !== undefined && first.props.value !== '';
}

/** A labelled select with hint and inline error, like `Field`. */
export function SelectField({
  id,
  label,
  hint,
  error,
  required,
  children,
  className,
  ...select
}: Labelled & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <LabelledControl id={id} label={label} hint={hint} error={error} required={required}>
      <select
        id={id}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        required={required && !startsWithChoice(children)}
        {...select}
      >
        {children}
      </select>
    </LabelledControl>
  );
}

/**
 * A labelled text area with hint and inline error, like `Field`. With `count`, a character
 * count follows it (see CharacterCount) and the browser's maxlength is left off.
 */
export function TextareaField({
  id,
  label,
  hint,
  error,
  required,
  className,
  count,
  ...textarea
}: Labelled & { count?: { max: number; locale: string } } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const described =
    [describedBy(id, hint, error), count ? characterHintId(id) : null].filter(Boolean).join(' ') || undefined;
  return (
    <LabelledControl id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        className={`input input--area${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        required={required}
        {...textarea}
        maxLength={count ? undefined : textarea.maxLength}
      />
      {count ? <CharacterCount fieldId={id} max={count.max} locale={count.locale} /> : null}
    </LabelledControl>
  );
}

export function CheckboxField({ id, label, error, ...input }: Omit<FieldProps, 'hint'>) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <FieldMessages id={id} error={error} />
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, undefined, error)}
          {...input}
        />
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
