/**
 * The password rules a form can check without any dictionary (spec 5): at least 8 characters
 * with a letter and a digit. Shared by the browser and the server; the strength estimate with
 * the breached-password dictionaries lives in password-policy.ts (server, lazy in the browser).
 */
export const passwordMinLength = 8;
export type PasswordProblem = 'tooShort' | 'notComplex' | 'tooWeak';

export function basicPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < passwordMinLength) return 'tooShort';
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return 'notComplex';
  return null;
}
