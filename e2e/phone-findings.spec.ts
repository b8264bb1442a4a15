/**
 * Issue 25, "On a phone (390 × 844), in Chromium", findings 1 to 6: each journey walks the
 * screen a phone user stumbled over and checks what they should have found. Pictures of what
 * the phone shows (not the whole page) go to e2e/.artifacts/screenshots/phone-findings-*.png with
 * SCREENSHOTS=1 (`npm run screenshots -- e2e/phone-findings.spec.ts`).
 */
import { expect, test, type Locator, type Page } from './helpers/test';
import { messagePattern, signIn, signInForm, signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';
import { screenshot } from './helpers/screenshots';

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 390, height: 844 } });

const port = Number(process.env.E2E_PORT ?? 3210);
const password = 'Demo-Pass1';

/** What the phone's screen shows now (not the whole page), when pictures are wanted (SCREENSHOTS=1). */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `phone-findings-${name}.png`, { fullPage: false });
}

/** The step's heading has the focus and stands on the screen (not only the footer). */
async function expectStepHeading(heading: Locator): Promise<void> {
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
}

/** Opens the phone's menu (a native disclosure) and waits until `item` shows in it. */
async function openMenu(page: Page, language: string, item: Locator): Promise<void> {
  await waitForHydration(page);
  const menu = page.locator('details.nav-menu');
  await expect(async () => {
    if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open)))
      await page.getByText(text(language, 'shell.menu'), { exact: true }).click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function chooseMethod(page: Page, method: string, language: string) {
  await waitForHydration(page);
  const name = text(language, `methods.${method}.name`, 'checkout').replace(/[()]/g, '\\$&');
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: text(language, 'method.continue', 'checkout'), exact: true }).click();
}

test.describe('1: opened at 127.0.0.1', () => {
  test.use({ baseURL: `http://127.0.0.1:${port}`, locale: 'sv-SE' });

  test('the Swish sandbox returns to the portal at 127.0.0.1; the finished provider page leads back; the inline feedback takes focus', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const se = variants.se;
    const origin = `http://127.0.0.1:${port}`;
    await signInByRequest(page, { refno: '420000001', password, variant: se, language: 'sv', land: false });
    await page.goto(portalPath(se, '/checkout/pay-direct'));
    await chooseMethod(page, 'swish', 'sv');
    await expect(page).toHaveURL((url) => url.origin === origin && url.pathname.startsWith('/sandbox/pay/'));
    const providerPage = page.url();
    await page.getByRole('button', { name: text('sv', 'approve', 'sandbox'), exact: true }).click();

    // Back on the portal, at the address the debtor opened, signed in: the confirmation.
    await expect(page).toHaveURL(
      (url) => url.origin === origin && url.pathname.startsWith(`${se.basePath}/checkout/pay-direct/confirmation/`),
    );
    const confirmation = page.url();
    await expect(page.getByRole('heading', { level: 1, name: text('sv', 'done.title', 'checkout') })).toBeVisible();
    await shot(page, '1-swish-confirmation');

    // The inline feedback (finding 2): once sent, its heading takes focus, the thanks in view.
    await waitForHydration(page);
    await page.getByText(text('sv', 'feedback.stars.4', 'checkout'), { exact: true }).click();
    await page.getByRole('button', { name: text('sv', 'feedback.send', 'checkout'), exact: true }).click();
    await expect(page.getByText(text('sv', 'feedback.thanks', 'checkout'))).toBeVisible();
    await expectStepHeading(page.getByRole('heading', { level: 2, name: text('sv', 'feedback.title', 'checkout') }));
    await shot(page, '2-confirmation-feedback-sent');

    // The provider's page again (a reload, the back button): "already done", with the way back.
    await page.goto(providerPage);
    await expect(page.getByText(text('sv', 'finished', 'sandbox'))).toBeVisible();
    const back = page.getByRole('link', { name: text('sv', 'returnToMerchant', 'sandbox') });
    await expectNoSeriousA11yViolations(page, 'finished sandbox page');
    await shot(page, '1-sandbox-finished');
    await back.click();
    await expect(page).toHaveURL(confirmation);
  });
});

test('2: announcing a payment, every step change puts focus on the heading at the top', async ({ page }) => {
  test.setTimeout(120_000);
  const a = (key: string) => text('de', key, 'announce');
  const variant = variants.de;
  await signInByRequest(page, { refno: '230000001', password, variant, land: false });
  await page.goto(portalPath(variant, '/announce-payment'));
  await waitForHydration(page);
  const heading = page.getByRole('heading', { level: 1, name: a('title') });
  await page.getByRole('radio', { name: new RegExp(`^${a('payee.agency')} \\(`) }).check();
  await page.getByRole('button', { name: a('next') }).click();

  await expect(page.getByLabel(a('fields.paidOn'))).toBeVisible();
  await expectStepHeading(heading);
  await page.getByLabel(a('fields.paidOn')).fill('2026-01-15');
  await page.getByLabel(a('fields.amount').replace('{{currency}}', 'EUR')).fill('80,00');
  await page.getByRole('button', { name: a('next') }).click();

  // Step 30, after the long step 20 (scrolled to its button): the heading, not the footer.
  const input = page.getByLabel(a('fields.receipts'));
  await expect(input).toBeVisible();
  await expectStepHeading(heading);
  await shot(page, '2-announce-step-30');
  await input.setInputFiles({
    name: 'Beleg.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20_000, 0x20)]),
  });
  await expect(page.getByText(text('de', 'uploaded', 'uploads'), { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: a('next') }).click();

  await expect(page.getByRole('heading', { level: 2, name: a('review.title') })).toBeVisible();
  await expectStepHeading(heading);
  await shot(page, '2-announce-review');
  await page.getByRole('button', { name: a('submit') }).click();

  const done = page.getByRole('heading', { level: 1, name: a('done.title') });
  await expect(done).toBeVisible();
  await expectStepHeading(done);
  await shot(page, '2-announce-done');
});

test('2: feedback sent, the heading takes focus and the thanks are on the screen', async ({ page }) => {
  const f = (key: string) => text('de', key, 'feedback');
  await signInByRequest(page, { refno: '100000003', password, land: false });
  await page.goto(portalPath(variants.de, '/feedback'));
  await waitForHydration(page);
  await page.getByRole('radio', { name: new RegExp(f('stars.4')) }).check();
  const submit = page.getByRole('button', { name: f('submit'), exact: true });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  await expect(page.getByText(f('thanks'))).toBeInViewport();
  await expectStepHeading(page.getByRole('heading', { level: 1, name: f('title') }));
  await shot(page, '2-feedback-sent');
});

test('3: a new password by the mailed link: signed in at once, told so; the used link says so before any form', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const s = (key: string) => text('de', key, 'signin');
  const paycare = variants.paycare;
  await page.goto(portalPath(paycare, '/password/reset'));
  const field = page.getByRole('textbox', { name: s('reference.label'), exact: true });
  await field.fill('610000001');
  const verified = page.getByText(s('captcha.verified'), { exact: true });
  await expect(async () => {
    await page.getByRole('link', { name: s('reset.back') }).focus();
    await field.focus();
    await expect(verified).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await page.getByRole('button', { name: s('reset.submit'), exact: true }).click();
  await expect(page.getByText(s('reset.sent'))).toBeVisible();

  const subject = new RegExp(
    messagePattern(text('de', 'passwordReset.subject', 'mail')).replace('.+?', paycare.brand.name),
  );
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('link', { name: subject }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('link', { name: subject }).first().click();
  const link = await page.getByRole('link', { name: text('de', 'passwordReset.action', 'mail') }).getAttribute('href');

  await page.goto(link!);
  await waitForHydration(page);
  await page.getByLabel(text('de', 'setPassword.newPassword', 'signin'), { exact: true }).fill('Gr8-Lindenbaum-42');
  await page.getByLabel(text('de', 'setPassword.confirmPassword', 'signin'), { exact: true }).fill('Gr8-Lindenbaum-42');
  await page.getByRole('button', { name: text('de', 'setPassword.submit', 'signin') }).click();

  // The dashboard says so, and the menu knows the debtor is signed in (no "Anmelden").
  await expect(page).toHaveURL((url) => url.pathname === portalPath(paycare, '/dashboard'));
  await expect(page.getByRole('status').filter({ hasText: text('de', 'passwordChanged', 'dashboard') })).toBeVisible();
  const menu = page.locator('.site-nav--menu');
  await openMenu(page, 'de', menu.getByRole('button', { name: text('de', 'nav.logout') }));
  await expect(menu.getByRole('link', { name: text('de', 'nav.signIn') })).toHaveCount(0);
  await shot(page, '3-password-changed');

  // The same link once more: it says at once that it was used, with the way on; no form.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toContainText(s('reset.usedText'));
  await expect(page.getByLabel(text('de', 'setPassword.newPassword', 'signin'), { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: s('reset.signIn') })).toBeVisible();
  await expect(page.getByRole('link', { name: s('reset.again') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'used reset link');
  await shot(page, '3-reset-link-used');
});

test.describe('4: a reference-only session in Turkish', () => {
  test.use({ locale: 'tr-TR' });

  test('finds Profile in the menu; the step-up shows the reference and asks only for the password', async ({
    page,
  }) => {
    const tr = (key: string, ns = 'common') => text('tr', key, ns);
    const variant = variants.de;
    await page.goto(`${portalPath(variant, '/signin')}?action=AZonly&hl=tr`);
    await signIn(page, { refno: '100000001', variant, language: 'tr', stayOnPage: true });

    const profile = page.locator('.site-nav--menu').getByRole('link', { name: tr('nav.profile') });
    await openMenu(page, 'tr', profile);
    await profile.click();

    // The step-up: the reference shown (and prefilled), no privacy tick, no captcha.
    await expect(page.getByRole('heading', { level: 1, name: tr('title', 'signin') })).toBeVisible();
    const form = signInForm(page, 'tr');
    await expect(form.reference).toHaveValue('100000001');
    await expect(form.privacy).toHaveCount(0);
    await expect(page.locator('altcha-widget')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'step-up');
    await shot(page, '4-step-up-tr');
    await form.password.fill(password);
    await form.submitPassword.click();
    await expect(page).toHaveURL((url) => url.pathname === portalPath(variant, '/debtor/profile'));
  });
});

test('5: a callback asks day and time once, keeps the afternoon time chosen, and restates the slot', async ({
  page,
}) => {
  const c = (key: string) => text('de', key, 'contact');
  await signInByRequest(page, { refno: '260000001', password, land: false });
  await page.goto(portalPath(variants.de, '/service/contact?action=callback'));
  await waitForHydration(page);

  // The footer names both: the phone line's hours (Monday to Friday) and the callbacks' (to Saturday).
  const footer = page.locator('footer');
  await expect(footer.getByText(text('de', 'footer.phoneHours'))).toBeVisible();
  await expect(footer.getByRole('list', { name: text('de', 'footer.callbackHoursLabel') })).toContainText('Samstag');

  // No separate "time of day": the times are grouped by it.
  await expect(page.getByLabel(c('callback.timeOfDay'), { exact: true })).toHaveCount(0);
  await page.getByLabel(text('de', 'fields.phone', 'contact')).fill('040 123456');
  await page.getByLabel(c('callback.reason')).fill('Frage zur Ratenzahlung');
  await page.getByLabel(c('callback.weekday'), { exact: true }).selectOption({ label: 'Samstag' });
  const time = page.getByLabel(c('callback.hour'), { exact: true });
  await expect(time.locator('optgroup')).toHaveCount(2);
  await page.getByLabel(c('callback.weekday'), { exact: true }).selectOption({ label: 'Freitag' });
  await expect(time.locator(`optgroup[label="${c('timeOfDay.afternoon')}"] option`)).toHaveText([
    '14:00',
    '14:30',
    '15:00',
    '15:30',
    '16:00',
    '16:30',
  ]);
  await time.selectOption('15:30');
  await expect(time).toHaveValue('15:30');
  await expectNoSeriousA11yViolations(page, 'callback form');
  await time.scrollIntoViewIfNeeded();
  await shot(page, '5-callback-form');
  await footer.getByText(text('de', 'footer.phoneHours')).scrollIntoViewIfNeeded();
  await shot(page, '5-footer-hours');
  await page.getByRole('button', { name: c('callback.send') }).click();

  const booked = page.getByTestId('callback-booked');
  await expect(booked).toHaveText('Wir rufen Sie am Freitag um 15:30 Uhr unter 040 123456 an.');
  await expectStepHeading(page.getByRole('heading', { level: 1, name: c('title') }));
  await shot(page, '5-callback-sent');
});

test('6: a return from the provider with an unknown payment is the portal’s page in the debtor’s language', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000001', password });
  const response = await page.goto(
    `${portalPath(variants.de, '/checkout/pay-direct/return')}?payment=00000000-0000-0000-0000-000000000000&hl=tr`,
  );
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: text('tr', 'returnUnknown.title', 'checkout') }),
  ).toBeVisible();
  await expect(page.locator('header')).toBeVisible();
  await page.getByRole('link', { name: text('tr', 'returnUnknown.pay', 'checkout') }).click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(variants.de, '/checkout/pay-direct'));
  await page.goBack();
  await expectNoSeriousA11yViolations(page, 'unknown payment return');
  await shot(page, '6-unknown-return-tr');
});
