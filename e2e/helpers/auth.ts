/**
 * Sign-in helpers for the journeys: fill the portal's sign-in form the way a debtor does
 * (reference number, password, privacy checkbox, the ALTCHA proof-of-work captcha) and submit.
 */
import { expect, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { portalPath, text, variants, waitForHydration, type Variant } from './portal';

export interface SignInOptions {
  refno: string;
  /** With a password: full sign-in (password mode); without: reference-only (action=AZonly). */
  password?: string;
  variant?: Variant;
  language?: string;
  /** Where the browser must end up (a pathname inside the variant, e.g. '/dashboard'); default '/dashboard'. */
  expectPath?: string;
  /** Do not navigate to the sign-in page first (the form is already open). */
  stayOnPage?: boolean;
}

/** The sign-in page of a variant: password mode, or reference-only with `{ referenceOnly: true }`. */
export function signInPath(variant: Variant = variants.de, options: { referenceOnly?: boolean } = {}): string {
  return `${portalPath(variant, '/signin')}${options.referenceOnly ? '?action=AZonly' : ''}`;
}

/** The sign-in form's fields, found by their labels. */
export function signInForm(page: Page, language = 'de') {
  return {
    reference: page.getByRole('textbox', { name: text(language, 'reference.label', 'signin'), exact: true }),
    password: page.getByLabel(text(language, 'password.label', 'signin'), { exact: true }),
    // The privacy label is "Ich habe die <link>Datenschutzerklärung</link> gelesen …"; its
    // checkbox is the only one whose name starts with privacy.before.
    privacy: page.getByRole('checkbox', { name: text(language, 'privacy.before', 'signin') }),
    captchaVerified: page.getByText(text(language, 'captcha.verified', 'signin'), { exact: true }),
    submitPassword: page.getByRole('button', { name: text(language, 'submit', 'signin'), exact: true }),
    submitReference: page.getByRole('button', { name: text(language, 'submitReference', 'signin'), exact: true }),
  };
}

/**
 * Waits until the ALTCHA widget has solved its challenge. The widget's code is fetched on the
 * first focus inside the form (or a tap or key press on the page) after hydration, and the widget
 * starts on a focus inside the form (auto="onfocus"); a focus that came before the widget
 * was there started nothing, so while it is still unverified the form's fields are focused
 * again. A solution is accepted by the server once: after a failed attempt a fresh page (or a
 * fresh widget) is needed.
 */
export async function waitForCaptcha(page: Page, language = 'de'): Promise<void> {
  const form = signInForm(page, language);
  // The widget's own state, on its inner element: unverified, verifying, verified, error, expired.
  const state = page.locator('altcha-widget .altcha');
  await expect(state).toBeAttached({ timeout: 15_000 });
  await expect(async () => {
    if ((await state.getAttribute('data-state')) === 'unverified') {
      await form.privacy.focus();
      await form.reference.focus();
    }
    await expect(form.captchaVerified).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** The GOV.UK error summary above a form (a focusable box around a titled alert). */
export function errorSummary(page: Page, language = 'de') {
  return page
    .locator('.error-summary')
    .filter({ has: page.getByRole('heading', { name: text(language, 'form.errorSummaryTitle'), exact: true }) });
}

/** A message with i18next placeholders ({{minutes}}) as a regular-expression source. */
export function messagePattern(message: string): string {
  return message
    .split(/\{\{\w+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?');
}

/**
 * Fills and submits the sign-in form; returns when the browser has left the sign-in page for
 * `expectPath` (default: the variant's dashboard).
 */
export async function signIn(page: Page, options: SignInOptions): Promise<void> {
  const variant = options.variant ?? variants.de;
  const language = options.language ?? 'de';
  if (!options.stayOnPage) {
    await page.goto(signInPath(variant, { referenceOnly: options.password === undefined }));
  }
  await waitForHydration(page);
  const form = signInForm(page, language);
  if (options.password !== undefined && (await form.reference.getAttribute('readonly')) !== null) {
    // The step-up of a reference-only session (decision 061): the reference is given, only the password is asked.
    await expect(form.reference).toHaveValue(options.refno);
    await form.password.fill(options.password);
    await form.submitPassword.click();
  } else {
    await form.reference.fill(options.refno);
    if (options.password !== undefined) await form.password.fill(options.password);
    await form.privacy.check();
    await waitForCaptcha(page, language);
    await (options.password !== undefined ? form.submitPassword : form.submitReference).click();
  }
  const target = portalPath(variant, options.expectPath ?? '/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === target, { timeout: 15_000 });
}

/**
 * Signs in without the form (decision 079), for the journeys that are not about signing in: the
 * same two requests the form's page makes, sent by the page's own request context, so that the
 * session cookie lands in the browser: a captcha challenge from the variant's `/captcha`, solved
 * here as the widget solves it, then the form's POST to `/signin` with the fields the form sends.
 * The session is a real one, made by the server's sign-in action with its captcha, attempt
 * limits and redirect; only the sign-in page's load, hydration and the widget are skipped
 * (auth.spec.ts and access-levels.spec.ts go through the form, and languages.spec.ts in
 * Italian, French, English, Turkish and Swedish). The answer must redirect to `expectPath`
 * (default: the variant's dashboard), which the browser then opens unless `land` is false.
 */
export async function signInByRequest(
  page: Page,
  options: Omit<SignInOptions, 'stayOnPage'> & {
    /**
     * false: leave the browser where it is (the session cookie is set all the same), for a
     * journey whose next step opens another page, so that the dashboard is not loaded for nothing.
     */
    land?: boolean;
  },
): Promise<void> {
  const variant = options.variant ?? variants.de;
  // The origin the page's context resolves paths against: a describe's own `baseURL` (such as
  // 127.0.0.1 in phone-findings) wins over the project's, so it is read off an answer's address.
  let origin = '';
  const attempt = async () => {
    const request = page.request;
    const challengeResponse = await request.get(portalPath(variant, '/captcha'), { failOnStatusCode: true });
    origin = new URL(challengeResponse.url()).origin;
    const challenge = (await challengeResponse.json()) as {
      algorithm: string;
      challenge: string;
      salt: string;
      signature: string;
      maxnumber?: number;
    };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    if (!solution) throw new Error('the captcha challenge could not be solved');
    const { algorithm, salt, signature } = challenge;
    const altcha = Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }),
    ).toString('base64');
    return request.post(portalPath(variant, '/signin'), {
      form: {
        mode: options.password === undefined ? 'reference' : 'password',
        reference: options.refno,
        ...(options.password === undefined ? {} : { password: options.password }),
        privacy: 'on',
        returnTo: '',
        altcha,
      },
      // The server refuses cross-site form posts (server/http/security.ts): a browser sends its Origin.
      headers: { Origin: origin },
      maxRedirects: 0,
    });
  };
  let response: Awaited<ReturnType<typeof attempt>>;
  try {
    response = await attempt();
  } catch (error) {
    // A kept-alive connection the server closed just as the form was sent (its idle limit is
    // 5 s, which a loaded machine can pass between the two requests): a browser sends such a
    // request again on a new connection; so does this, with a new challenge. Nothing else is retried.
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    response = await attempt();
  }
  const target = portalPath(variant, options.expectPath ?? '/dashboard');
  const location = response.headers()['location'];
  expect(
    response.status(),
    `sign-in of ${options.refno} answered ${response.status()}: ${location ?? (await response.text()).slice(0, 300)}`,
  ).toBe(302);
  expect(new URL(location!, origin).pathname).toBe(target);
  if (options.land === false) return;
  await page.goto(location!);
  await expect(page).toHaveURL((url) => url.pathname === target);
}
