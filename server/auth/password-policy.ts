/**
 * Password rules (spec 5): at least 8 characters with a letter and a digit; refused when too
 * weak, which includes every password of the common and breached-password dictionaries that
 * ship with zxcvbn-ts (offline, nothing leaves the server) and passwords built from the debtor's
 * own data (reference number, name).
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

import { basicPasswordProblem, type PasswordProblem } from './password-rules.ts';

export { basicPasswordProblem, passwordMinLength, type PasswordProblem } from './password-rules.ts';

/**
 * The dictionaries hold about 10 MB of the heap once loaded and only a new password needs them
 * (a reset, a change, the browser's meter), so they are loaded on the first such request rather
 * than when the server starts.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
function zxcvbn(): Promise<ZxcvbnFactory> {
  if (!estimator) {
    estimator = Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-de'),
      import('@zxcvbn-ts/language-en'),
    ]).then(
      ([{ ZxcvbnFactory }, common, de, en]) =>
        new ZxcvbnFactory({
          dictionary: { ...common.dictionary, ...de.dictionary, ...en.dictionary },
          graphs: common.adjacencyGraphs,
        }),
    );
    // A load that failed (a chunk the browser could not fetch) is tried again by the next call.
    estimator.catch(() => {
      estimator = undefined;
    });
  }
  return estimator;
}

/** Strength 0 (guessable) to 4 (strong); 3 is the minimum accepted. */
export type PasswordEstimator = (password: string, userInputs?: string[]) => number;

/** The strength estimate, once its dictionaries are loaded. */
export async function passwordEstimator(): Promise<PasswordEstimator> {
  const factory = await zxcvbn();
  return (password, userInputs = []) => factory.check(password.slice(0, 128), userInputs).score;
}

export async function checkPassword(
  password: string,
  userInputs: string[] = [],
): Promise<{ ok: true; score: number } | { ok: false; problem: PasswordProblem; score: number }> {
  const basic = basicPasswordProblem(password);
  const score = (await passwordEstimator())(password, userInputs);
  if (basic) return { ok: false, problem: basic, score };
  const lowered = password.toLowerCase();
  const personal = userInputs.some((input) => input.length >= 4 && lowered.includes(input.toLowerCase()));
  if (score < 3 || personal) return { ok: false, problem: 'tooWeak', score };
  return { ok: true, score };
}
