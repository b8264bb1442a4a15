/**
 * Password rules (spec 5): at least 8 characters with a letter and a digit; refused when too
 * weak, which includes every password of the common and breached-password dictionaries that
 * ship with zxcvbn-ts (offline, nothing leaves the server) and passwords built from the debtor's
 * own data (reference number, name).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';

import { basicPasswordProblem, type PasswordProblem } from './password-rules.ts';

export { basicPasswordProblem, passwordMinLength, type PasswordProblem } from './password-rules.ts';

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...de.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator;
}

/** Strength 0 (guessable) to 4 (strong); 3 is the minimum accepted. */
export function passwordStrength(password: string, userInputs: string[] = []): number {
  return zxcvbn().check(password.slice(0, 128), userInputs).score;
}

export function checkPassword(
  password: string,
  userInputs: string[] = [],
): { ok: true; score: number } | { ok: false; problem: PasswordProblem; score: number } {
  const basic = basicPasswordProblem(password);
  const score = passwordStrength(password, userInputs);
  if (basic) return { ok: false, problem: basic, score };
  const lowered = password.toLowerCase();
  const personal = userInputs.some((input) => input.length >= 4 && lowered.includes(input.toLowerCase()));
  if (score < 3 || personal) return { ok: false, problem: 'tooWeak', score };
  return { ok: true, score };
}
