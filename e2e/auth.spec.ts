/**
 * Who gets in, how far and for how long (issue 3, "Show it"): reference-only sign-in and
 * step-up with the password, the letter's QR link, the forced password change, the idle
 * warning and logout on a clock the test controls, locked-out attempts, wrong input, a running
 * measure, the Swedish bank-identity login, another debtor's file out of reach, and sign-out.
 *
 * Every test starts from a fresh browser context (no session) and uses its own demo file, so
 * the tests run in parallel against the one e2e server. axe runs on every page the test looks at.
 * All tests share one client address; playwright.config.ts raises SIGNIN_CLIENT_MAX_FAILURES so
 * that the deliberately failed attempts here never lock the other tests out.
 */
import { expect, test, type Page } from './helpers/test';
import { createLetterToken } from '../server/auth/letter-links.ts';
import { sessionCookieBase } from '../server/auth/session.ts';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { errorSummary, messagePattern, signIn, signInForm, signInPath, waitForCaptcha } from './helpers/auth';
import { portalPath, text, variants, waitForHydration, waitForRemixIdle } from './helpers/portal';

// Tests change their file's data (a new password, a lock-out): a retry would start from that state.
test.describe.configure({ mode: 'parallel', retries: 0 });

const de = variants.de;
const password = 'Demo-Pass1';
/** The session cookie (plain HTTP in the tests: no __Host- prefix). */
const sessionCookie = sessionCookieBase;

const signinText = (key: string) => text('de', key, 'signin');
const mainNav = (page: Page) => page.getByRole('navigation', { name: text('de', 'shell.mainNavigation'), exact: true });
const navLink = (page: Page, key: string) =>
  mainNav(page).getByRole('link', { name: text('de', `nav.${key}`), exact: true });
const referenceLine = (page: Page, reference: string) =>
  page.getByText(text('de', 'reference', 'dashboard').replace('{{reference}}', reference), { exact: true });

/** The answer to the sign-in form's POST (with single fetch the browser posts to /signin.data). */
function signInResponse(page: Page) {
  const path = portalPath(de, '/signin');
  return page.waitForResponse(
    (r) => r.request().method() === 'POST' && [path, `${path}.data`].includes(new URL(r.url()).pathname),
    { timeout: 20_000 },
  );
}

async function sessionValue(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === sessionCookie)?.value;
}

/** Without a session the dashboard sends the visitor to the sign-in page (reference-only, with returnTo). */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto(portalPath(de, '/dashboard'));
  await expect(page).toHaveURL(
    (url) => url.pathname === portalPath(de, '/signin') && url.searchParams.get('action') === 'AZonly',
  );
  await expect(page.getByRole('heading', { level: 1, name: signinText('titleReference'), exact: true })).toBeVisible();
}

test.describe('reference number and password', () => {
  test('reference-only sign-in shows the payment area only; the password steps up to full access', async ({ page }) => {
    await page.goto(signInPath(de, { referenceOnly: true }));
    await expect(
      page.getByRole('heading', { level: 1, name: signinText('titleReference'), exact: true }),
    ).toBeVisible();
    await expect(page.getByText(signinText('leadReference'), { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-in, reference only');

    await signIn(page, { refno: '100000002', stayOnPage: true });
    await expect(referenceLine(page, '100000002')).toBeVisible();
    await expect(navLink(page, 'payment')).toBeVisible();
    // Profile is offered through the password (the step-up, decision 061); the claim information is not.
    await expect(navLink(page, 'profile')).toHaveAttribute(
      'href',
      `${signInPath(de)}?returnTo=${encodeURIComponent(portalPath(de, '/debtor/profile'))}`,
    );
    await expect(navLink(page, 'claimInformation')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'dashboard, limited');
    const limitedSession = await sessionValue(page);
    expect(limitedSession).toBeTruthy();

    // The password page tells a signed-in (limited) debtor why it asks again.
    await page.goto(signInPath(de));
    await expect(page.getByRole('heading', { level: 1, name: signinText('title'), exact: true })).toBeVisible();
    await expect(page.getByText(signinText('leadStepUp'), { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-in, step-up');

    await signIn(page, { refno: '100000002', password, stayOnPage: true });
    await expect(referenceLine(page, '100000002')).toBeVisible();
    await expect(navLink(page, 'payment')).toBeVisible();
    await expect(navLink(page, 'profile')).toBeVisible();
    await expect(navLink(page, 'claimInformation')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard, full');
    // A new session token on step-up (issue 3, item 5).
    const fullSession = await sessionValue(page);
    expect(fullSession).toBeTruthy();
    expect(fullSession).not.toBe(limitedSession);
  });

  test('the home page form opens the sign-in page with the number filled in', async ({ page }) => {
    await page.goto(portalPath(de));
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, 'home');
    const entry = page.getByRole('main').getByRole('textbox', { name: text('de', 'entry.label', 'home'), exact: true });
    await entry.fill('100000001');
    await page
      .getByRole('main')
      .getByRole('button', { name: text('de', 'entry.submit', 'home'), exact: true })
      .click();

    await expect(page).toHaveURL(
      (url) => url.pathname === portalPath(de, '/signin') && url.searchParams.get('az') === '100000001',
    );
    // The home page's field has the same name ("Aktenzeichen") and the same value: the password
    // field tells that the sign-in page is the one on screen (the URL changes before it renders).
    await expect(signInForm(page).password).toBeVisible();
    await expect(signInForm(page).reference).toHaveValue('100000001');
    await expectNoSeriousA11yViolations(page, 'sign-in, prefilled');
  });

  test('a running measure refuses the sign-in with phone and e-mail to reach us', async ({ page }) => {
    await page.goto(signInPath(de, { referenceOnly: true }));
    await waitForHydration(page);
    const form = signInForm(page);
    await form.reference.fill('100000007');
    await form.privacy.check();
    await waitForCaptcha(page);
    await form.submitReference.click();

    const summary = errorSummary(page);
    await expect(summary.getByRole('link', { name: signinText('errors.measureRunning'), exact: true })).toBeVisible();
    await expect(page.getByText(signinText('ongoingProcess'), { exact: true })).toBeVisible();
    const { phone, phoneHref, email } = de.support;
    await expect(page.getByRole('main').getByRole('link', { name: phone, exact: true }).first()).toHaveAttribute(
      'href',
      `tel:${phoneHref}`,
    );
    await expect(page.getByRole('main').getByRole('link', { name: email, exact: true })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/signin'));
    expect(await sessionValue(page)).toBeUndefined();
    await expectNoSeriousA11yViolations(page, 'sign-in, measure running');
  });
});

test.describe('letter link (QR code)', () => {
  test('signs in once, leaves no token in the address bar or history, and refuses a second use', async ({ page }) => {
    const token = createLetterToken('100000001', 1);
    const link = portalPath(de, `/l/${token}`);

    // A page before the link, so that "back" has somewhere to go.
    await page.goto(portalPath(de));
    await page.goto(link);
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/dashboard'), { timeout: 15_000 });
    await expect(referenceLine(page, '100000001')).toBeVisible();
    expect(page.url()).not.toContain(token);
    expect(await sessionValue(page)).toBeTruthy();
    await expectNoSeriousA11yViolations(page, 'dashboard after letter link');

    // The link's history entry was replaced: back goes to the page before it, never to the token.
    expect(await page.evaluate(() => window.history.length)).toBe(3); // about:blank, home, dashboard
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === de.basePath);
    expect(page.url()).not.toContain(token);
    await page.goForward();
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/dashboard'));

    // The same link a second time: already used.
    await page.goto(link);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(signinText('letterLink.errors.used'));
    await expect(alert.getByRole('link', { name: signinText('letterLink.signInInstead'), exact: true })).toBeVisible();
    await expect.poll(() => page.url()).not.toContain(token);
    await expectNoSeriousA11yViolations(page, 'letter link already used');
  });
});

test.describe('forced password change', () => {
  test('100000009 must set a new password first; a weak one is refused with inline error and summary', async ({
    page,
  }) => {
    await signIn(page, { refno: '100000009', password, expectPath: '/signin/set-password' });
    await expect(
      page.getByRole('heading', { level: 1, name: signinText('setPassword.title'), exact: true }),
    ).toBeVisible();
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, 'set password');

    // Nothing else before the change: the dashboard sends the debtor back here.
    await page.goto(portalPath(de, '/dashboard'));
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/signin/set-password'));
    await waitForHydration(page);

    const newPassword = page.getByLabel(signinText('setPassword.newPassword'), { exact: true });
    const confirm = page.getByLabel(signinText('setPassword.confirmPassword'), { exact: true });
    const submit = page.getByRole('button', { name: signinText('setPassword.submit'), exact: true });

    // Letters and digits, long enough, but on the list of common passwords.
    await newPassword.fill('Passwort123');
    await confirm.fill('Passwort123');
    await submit.click();
    const tooWeak = signinText('errors.password.tooWeak');
    const summary = errorSummary(page);
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    const summaryLink = summary.getByRole('link', { name: tooWeak, exact: true });
    await expect(summaryLink).toHaveAttribute('href', `#${await newPassword.getAttribute('id')}`);
    await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(newPassword).toHaveAccessibleDescription(new RegExp(messagePattern(tooWeak)));
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/signin/set-password'));
    await expectNoSeriousA11yViolations(page, 'set password, too weak');

    await newPassword.fill('Gr8-Lindenbaum-42');
    await confirm.fill('Gr8-Lindenbaum-42');
    await submit.click();
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/dashboard'));
    await expect(referenceLine(page, '100000009')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard after password change');
  });
});

test.describe('idle session', () => {
  test('warns after 10 idle minutes, "stay signed in" closes the warning, 15 minutes sign out', async ({ page }) => {
    // The fake clock goes in before the first page; it runs in real time until the test moves it,
    // so the captcha's proof of work (timers, a worker) is not disturbed.
    await page.clock.install();
    await signIn(page, { refno: '100000001', password });
    await waitForHydration(page);
    // The page learns the time left from the server; let the loads after sign-in finish first.
    await page.waitForLoadState('networkidle');
    await waitForRemixIdle(page);

    await page.clock.fastForward('10:00');
    const dialog = page.getByRole('dialog', { name: text('de', 'idle.title'), exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text('de', 'idle.text_other').replace('{{count}}', '5'));
    await expectNoSeriousA11yViolations(page, 'idle warning');

    // "Stay signed in" posts to the server, then the page data is read again (which also tells
    // the page the new time left): wait for that read before moving the clock on.
    const reread = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('.data'),
    );
    await dialog.getByRole('button', { name: text('de', 'idle.extend'), exact: true }).click();
    await reread;
    // The count read again becomes the page's deadline when the router has taken it in: a count
    // taken after the clock's jump below would start the 15 minutes again from the jump.
    await waitForRemixIdle(page);
    await expect(dialog, '"Angemeldet bleiben" closes the idle warning').toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/dashboard'));

    // Staying signed in gives a fresh 15 minutes: 4 minutes later there is no warning yet. The
    // dialog would come back within moments (the watcher re-checks the time every 15 s), so
    // give it two seconds to show up. Soft: the sign-out at the end is checked either way.
    await page.clock.fastForward('04:00');
    const warnedAgain = await dialog.waitFor({ state: 'visible', timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    expect(warnedAgain, 'no idle warning 4 minutes after "Angemeldet bleiben"').toBe(false);

    // 15½ minutes after the extension: signed out.
    await page.clock.fastForward('11:30');
    await expect(page).toHaveURL(
      (url) => url.pathname === de.basePath && url.searchParams.get('signedOut') === 'timeout',
      { timeout: 15_000 },
    );
    await expect(page.getByRole('status').filter({ hasText: text('de', 'idle.signedOut') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home after idle sign-out');
    expect(await sessionValue(page)).toBeUndefined();
    await expectSignedOut(page);
  });
});

test.describe('brute force', () => {
  test('after 5 wrong passwords for one file even the right one is refused with the time to wait', async ({ page }) => {
    test.slow();
    // Its own copy: the lock would refuse every other journey's sign-in to 100000004.
    const refno = '190000004';
    const wrong = signinText('errors.wrongCredentials');
    const form = signInForm(page);
    // Each attempt on a fresh page: a solved captcha counts once (see waitForCaptcha).
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.goto(signInPath(de));
      await waitForHydration(page);
      await form.reference.fill(refno);
      await form.password.fill(`Wrong-Pass${attempt}`);
      await form.privacy.check();
      await waitForCaptcha(page);
      const response = signInResponse(page);
      await form.submitPassword.click();
      expect((await response).status(), `attempt ${attempt}`).toBe(401);
      await expect(errorSummary(page).getByRole('link', { name: wrong, exact: true })).toBeVisible();
      if (attempt === 1) {
        await expect(form.password).toHaveAccessibleDescription(new RegExp(messagePattern(wrong)));
        await expect(form.reference).toHaveValue(refno);
        await expectNoSeriousA11yViolations(page, 'sign-in, wrong password');
      }
    }

    await page.goto(signInPath(de));
    await waitForHydration(page);
    await form.reference.fill(refno);
    await form.password.fill(password);
    await form.privacy.check();
    await waitForCaptcha(page);
    const response = signInResponse(page);
    await form.submitPassword.click();
    const locked = await response;
    expect(locked.status()).toBe(429);

    const lockedText = signinText('errors.locked');
    const lockedMessage = errorSummary(page).getByRole('link', { name: new RegExp(`^${messagePattern(lockedText)}$`) });
    await expect(lockedMessage).toBeVisible();
    // "… warten Sie 15 Minuten …": the window is 15 minutes from the first failure.
    const minutes = Number(/\d+/.exec(await lockedMessage.innerText())?.[0]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(15);
    const retryAfter = (await locked.headerValue('retry-after')) ?? '(none)';
    expect(retryAfter, 'Retry-After header on the 429').toMatch(/^\d+$/);
    if (/^\d+$/.test(retryAfter)) expect(Math.ceil(Number(retryAfter) / 60)).toBe(minutes);
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/signin'));
    await expectNoSeriousA11yViolations(page, 'sign-in, locked');
    expect(await sessionValue(page)).toBeUndefined();
    await expectSignedOut(page);
  });
});

test.describe('wrong and invalid input', () => {
  test('format, too short, privacy and unknown number: inline and in the summary, nothing typed is lost', async ({
    page,
  }) => {
    await page.goto(signInPath(de, { referenceOnly: true }));
    await waitForHydration(page);
    const form = signInForm(page);
    const summary = errorSummary(page);
    const referenceId = await form.reference.getAttribute('id');
    const privacyId = await form.privacy.getAttribute('id');

    // Letters in the number and the privacy box left empty. Sent with Enter from the field:
    // a click would be swallowed (see the test "the first click on the button sends the form").
    await form.reference.fill('12345678a');
    await form.reference.press('Enter');
    const format = signinText('errors.format');
    const privacy = signinText('errors.privacy');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: format, exact: true })).toHaveAttribute('href', `#${referenceId}`);
    await expect(summary.getByRole('link', { name: privacy, exact: true })).toHaveAttribute('href', `#${privacyId}`);
    await expect(form.reference).toHaveAccessibleDescription(new RegExp(messagePattern(format)));
    await expect(form.privacy).toHaveAccessibleDescription(new RegExp(messagePattern(privacy)));
    await expect(form.reference).toHaveValue('12345678a');
    await expectNoSeriousA11yViolations(page, 'sign-in, format and privacy errors');

    // Too few digits.
    await form.privacy.check();
    await form.reference.fill('12345');
    await form.reference.press('Enter');
    const tooShort = signinText('errors.tooShort');
    await expect(summary.getByRole('link', { name: tooShort, exact: true })).toHaveAttribute('href', `#${referenceId}`);
    await expect(summary.getByRole('link', { name: privacy, exact: true })).toHaveCount(0);
    await expect(form.reference).toHaveAccessibleDescription(new RegExp(messagePattern(tooShort)));
    await expect(form.reference).toHaveValue('12345');
    await expect(form.privacy).toBeChecked();

    // A well-formed number without a file: the server's answer.
    await form.reference.fill('999999999');
    await waitForCaptcha(page);
    await form.submitReference.click();
    const unknown = signinText('errors.unknown');
    await expect(summary.getByRole('link', { name: unknown, exact: true })).toHaveAttribute('href', `#${referenceId}`);
    await expect(summary).toBeFocused();
    await expect(form.reference).toHaveAccessibleDescription(new RegExp(messagePattern(unknown)));
    await expect(form.reference).toHaveValue('999999999');
    await expect(form.privacy).toBeChecked();
    await expect(page).toHaveURL(
      (url) => url.pathname === portalPath(de, '/signin') && url.searchParams.get('action') === 'AZonly',
    );
    await expectNoSeriousA11yViolations(page, 'sign-in, unknown number');
    expect(await sessionValue(page)).toBeUndefined();
  });

  test('errors appear when the form is sent, never while typing, and then follow the corrections', async ({ page }) => {
    await page.goto(signInPath(de, { referenceOnly: true }));
    await waitForHydration(page);
    const form = signInForm(page);
    await form.reference.click();
    await page.keyboard.type('1234a');
    // Leaving the field does not judge it yet: Tab goes on to the next field.
    await page.keyboard.press('Tab');
    await expect(form.privacy).toBeFocused();
    await expect(errorSummary(page)).toHaveCount(0);

    // Sending shows every error at its field and in the summary, which takes the focus.
    await form.reference.press('Enter');
    await expect(errorSummary(page)).toBeFocused();
    await expect(form.reference).toHaveAccessibleDescription(new RegExp(messagePattern(signinText('errors.format'))));

    // Correcting the number key by key loses nothing and keeps the focus in the field.
    await form.reference.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('56789');
    await expect(form.reference).toHaveValue('123456789');
    await expect(form.reference).toBeFocused();
  });

  test('the first click on the button sends the form, also right after typing a wrong number', async ({ page }) => {
    await page.goto(signInPath(de, { referenceOnly: true }));
    await waitForHydration(page);
    const form = signInForm(page);
    await form.reference.fill('12345678a');
    // Leaving the field validates it; the errors that appear must not push the button away
    // from under the pointer between mousedown and mouseup.
    await form.submitReference.click();
    await expect(
      errorSummary(page).getByRole('link', { name: signinText('errors.privacy'), exact: true }),
      'the click sent the form (all errors shown)',
    ).toBeVisible();
  });

  test('after an answer from the server the corrected form can be sent again (the captcha is asked again)', async ({
    page,
  }) => {
    await page.goto(signInPath(de, { referenceOnly: true }));
    await waitForHydration(page);
    const form = signInForm(page);
    await form.reference.fill('999999998');
    await form.privacy.check();
    await waitForCaptcha(page);
    await form.submitReference.click();
    await expect(
      errorSummary(page).getByRole('link', { name: signinText('errors.unknown'), exact: true }),
    ).toBeVisible();

    // The debtor corrects the typo and sends the form again, without reloading the page.
    await form.reference.fill('100000001');
    await waitForCaptcha(page);
    const response = signInResponse(page);
    await form.submitReference.click();
    // 400 is the captcha error ("Bitte bestätigen Sie die Sicherheitsprüfung") under a widget that says "Geprüft".
    expect((await response).status(), 'the second submission is not refused for its captcha').not.toBe(400);
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/dashboard'));
  });
});

test.describe('bank identity', () => {
  test('Sweden: BankID through the sandbox app ends on the SEK dashboard', async ({ page, context }) => {
    const se = variants.se;
    const bankid = (key: string) => text('de', key, 'bankid');
    await page.goto(portalPath(se, '/signin'));
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, 'SE sign-in');

    await page
      .getByRole('main')
      .getByRole('link', { name: bankid('entry.button'), exact: true })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === portalPath(se, '/signin/bankid'));
    await expect(page.getByRole('heading', { level: 1, name: bankid('title'), exact: true })).toBeVisible();
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, 'SE BankID start');

    await page.getByRole('button', { name: bankid('start'), exact: true }).click();
    const open = page.getByRole('link', { name: bankid('open'), exact: true });
    await expect(open).toBeVisible();
    await expect(page.getByRole('status')).toContainText(bankid('statusTitle'));
    await expectNoSeriousA11yViolations(page, 'SE BankID pending');

    // "Open BankID on this device" opens the sandbox identity app in a new tab.
    const [app] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await app.waitForLoadState();
    expect(new URL(app.url()).pathname).toMatch(/^\/sandbox\/bankid\/[^/]+$/);
    await expect(app.getByRole('heading', { level: 1, name: bankid('sandbox.titleSE'), exact: true })).toBeVisible();
    await waitForHydration(app);
    await expectNoSeriousA11yViolations(app, 'BankID sandbox app');
    await app.getByRole('textbox', { name: bankid('sandbox.personalNumber.label'), exact: true }).fill('198505172386');
    await app.getByRole('button', { name: bankid('sandbox.approve'), exact: true }).click();
    await expect(app.getByRole('status')).toContainText(bankid('sandbox.approved'));
    await expectNoSeriousA11yViolations(app, 'BankID sandbox app, approved');
    await app.close();

    // The portal's page polls every two seconds and goes on by itself.
    await expect(page).toHaveURL((url) => url.pathname === portalPath(se, '/dashboard'), { timeout: 20_000 });
    await expect(referenceLine(page, '400000001')).toBeVisible();
    await expect(page.getByTestId('open-amount')).toHaveText(/\bSEK\b|\bkr\b/);
    expect(await sessionValue(page)).toBeTruthy();
    await expectNoSeriousA11yViolations(page, 'SE dashboard');
  });
});

test.describe('one debtor, one set of files', () => {
  test("another debtor's file cannot be opened by posting its id, nor reached through another variant", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, { refno: '100000010', password, expectPath: '/claims-list' });
    await expect(
      page.getByRole('heading', { level: 1, name: text('de', 'cases.title', 'dashboard'), exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'claims list');

    // The ids of the debtor's own files are those in the list's forms.
    const ownIds = (
      await page
        .locator('form input[name="fileId"]')
        .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)))
    ).sort((a, b) => a - b);
    expect(ownIds).toHaveLength(3);
    const currentId = Number(
      await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: text('de', 'cases.openCurrent', 'dashboard') }) })
        .locator('input[name="fileId"]')
        .inputValue(),
    );
    expect(ownIds).toContain(currentId);

    const claimsList = portalPath(de, '/claims-list');
    const post = (fileId: string) =>
      page.request.post(claimsList, { form: { fileId }, maxRedirects: 0, headers: { Origin: baseURL! } });

    // Control: the own current file is accepted (so a 403 below is the action's answer, not a guard's).
    const own = await post(String(currentId));
    expect(own.status()).toBe(302);
    expect(own.headers().location).toBe(portalPath(de, '/dashboard'));

    const notYours = text('de', 'cases.notYours', 'dashboard');
    for (let id = 1; id <= 40; id++) {
      if (ownIds.includes(id)) continue;
      const response = await post(String(id));
      expect(response.status(), `fileId ${id}`).toBe(403);
      expect(await response.text(), `fileId ${id}`).toContain(notYours);
    }
    for (const odd of ['0', '-1', 'abc', `${currentId}.5`, '']) {
      expect((await post(odd)).status(), `fileId "${odd}"`).toBe(403);
    }

    await page.goto(portalPath(de, '/dashboard'));
    await expect(referenceLine(page, '100000010')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard 100000010');

    // The file lives in the German variant: another country's dashboard sends the debtor home.
    await page.goto(portalPath(variants.ch, '/dashboard'));
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/dashboard'));
    await expect(referenceLine(page, '100000010')).toBeVisible();
  });
});

test.describe('sign-out', () => {
  test('Logout in the header goes home; back and reload of the dashboard ask to sign in again', async ({ page }) => {
    await signIn(page, { refno: '100000001', password });
    await waitForHydration(page);
    await expect(referenceLine(page, '100000001')).toBeVisible();

    await page
      .getByRole('banner')
      .getByRole('button', { name: text('de', 'nav.logout'), exact: true })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === de.basePath && url.search === '');
    await expect(mainNav(page).getByRole('link', { name: text('de', 'nav.signIn'), exact: true })).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('button', { name: text('de', 'nav.logout'), exact: true }),
    ).toHaveCount(0);
    expect(await sessionValue(page)).toBeUndefined();
    await expectNoSeriousA11yViolations(page, 'home after sign-out');

    // Back: the dashboard is not shown from a cache, it asks to sign in.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/signin'));
    await expect(referenceLine(page, '100000001')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'sign-in after back');

    await page.goto(portalPath(de, '/dashboard'));
    await page.reload();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === portalPath(de, '/signin') && url.searchParams.get('returnTo') === portalPath(de, '/dashboard'),
    );
    await expect(referenceLine(page, '100000001')).toHaveCount(0);
  });
});
