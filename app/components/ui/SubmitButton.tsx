import { useNavigation } from '@remix-run/react';
import type { ButtonHTMLAttributes } from 'react';

/**
 * A form's submit button, disabled while a submission is on its way so that one click sends one
 * form. `name` and `value` carry the form's intent where a page has several.
 */
export function SubmitButton({
  name,
  value,
  className = 'button',
  children,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'>) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={className}
      disabled={navigation.state === 'submitting'}
      {...button}
    >
      {children}
    </button>
  );
}
