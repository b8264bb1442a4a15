/**
 * Security limits. Defaults are chosen so that guessing reference numbers is hopeless: with at
 * most 10 failures per client address per 15 minutes and a proof-of-work captcha on every
 * attempt, one address can try under 1,000 numbers a day, a millionth of the 9-digit space.
 * Each value can be overridden by an environment variable of the same name.
 */
const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export function securityConfig() {
  return {
    signIn: {
      /** Failed attempts per client address before it has to wait. */
      clientMaxFailures: numberFrom('SIGNIN_CLIENT_MAX_FAILURES', 10),
      /** Failed attempts per reference number before it has to wait (protects one debtor's password). */
      referenceMaxFailures: numberFrom('SIGNIN_REFERENCE_MAX_FAILURES', 5),
      windowMinutes: numberFrom('SIGNIN_WINDOW_MINUTES', 15),
    },
    captcha: {
      /** Upper bound of the proof-of-work search space; about half a second on a cheap phone. */
      maxNumber: numberFrom('CAPTCHA_MAX_NUMBER', 100_000),
      expiresMinutes: numberFrom('CAPTCHA_EXPIRES_MINUTES', 10),
    },
    session: {
      idleWarningMinutes: 10,
      idleTimeoutMinutes: numberFrom('SESSION_IDLE_MINUTES', 15),
      absoluteHours: numberFrom('SESSION_ABSOLUTE_HOURS', 8),
    },
    /** Support staff (server/staff/): their own cookie and deadlines (decision 041). */
    staffSession: {
      idleTimeoutMinutes: numberFrom('STAFF_SESSION_IDLE_MINUTES', 30),
      absoluteHours: numberFrom('STAFF_SESSION_ABSOLUTE_HOURS', 10),
      /** Between a right password and the TOTP code. */
      secondFactorMinutes: 5,
    },
  } as const;
}
