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
      /**
       * Upper bound of the proof-of-work search space for a first attempt (the widget tries half of
       * it on average): a fraction of a second on a cheap phone, solved while the debtor types.
       */
      maxNumber: numberFrom('CAPTCHA_MAX_NUMBER', 20_000),
      /**
       * The bound doubles with each failed sign-in of the window (per client address and per
       * reference number) up to this one: slow for a guesser, once, for a debtor who mistyped.
       */
      hardestNumber: numberFrom('CAPTCHA_HARDEST_NUMBER', 320_000),
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
