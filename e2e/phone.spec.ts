/**
 * Issue 12 on a 390 px phone: the header menu behind a button, the footer without "sign in"
 * while signed in, a callback on a Saturday, the message form emptied after sending (with and
 * without JavaScript), the objection's character count, the captcha tapped before it loaded,
 * and a failing screen that keeps the shell. axe on every page visited.
 */
import { expect, test, type Page } from './helpers/test';
import { signInForm, signInPath, signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshots } from './helpers/screenshots';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';

const phone = { width: 390, height: 844 };
const password = 'Demo-Pass1';
const c = (key: string) => text('de', key, 'contact');

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: phone });

/** Nothing reaches past the right edge of the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client);
}

/** The element lies fully inside the screen's width. */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, 'element not rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const menuButton = (page: Page, language = 'de') =>
  page.locator('.nav-menu > summary', { hasText: text(language, 'shell.menu') });

test('phone header: the menu opens by keyboard, every item is on screen, Escape closes it; the footer offers no sign-in while signed in', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000001', password });
  // A fresh load, so that no navigation is still settling while the menu is used.
  await page.goto(portalPath(variants.de, '/dashboard'));
  await waitForHydration(page);
  await expectNoSidewaysScroll(page);
  const nav = page.getByRole('navigation', { name: text('de', 'shell.mainNavigation'), exact: true });
  await expect(nav).toBeHidden();
  await expectOnScreen(page, menuButton(page));

  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  for (const key of ['nav.payment', 'nav.claimInformation', 'nav.service', 'nav.profile'])
    await expectOnScreen(page, nav.getByRole('link', { name: text('de', key), exact: true }));
  await expectOnScreen(page, nav.getByRole('button', { name: text('de', 'nav.logout'), exact: true }));
  await expectNoSeriousA11yViolations(page, 'phone menu open');

  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  // A choice closes the menu on the next page.
  await menuButton(page).click();
  await screenshots(page, 'phone', 'menu-open', { fullPage: false });
  await nav.getByRole('link', { name: text('de', 'nav.service'), exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(variants.de, '/service'));
  await expect(nav).toBeHidden();

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: text('de', 'nav.service'), exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: text('de', 'nav.signIn'), exact: true })).toHaveCount(0);
});

test('phone header without JavaScript: the menu is a native disclosure that opens', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(portalPath(variants.de, '/', 'tr'));
  const nav = page.getByRole('navigation', { name: text('tr', 'shell.mainNavigation'), exact: true });
  await expect(nav).toBeHidden();
  await menuButton(page, 'tr').click();
  await expect(nav.getByRole('link', { name: text('tr', 'nav.signIn'), exact: true })).toBeVisible();
  // Signed out, the footer keeps its sign-in link.
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: text('tr', 'nav.signIn'), exact: true }),
  ).toBeVisible();
  await context.close();
});

test('a callback on a Saturday: Monday to Saturday are offered, Saturday until the early afternoon', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000004', password, land: false });
  await page.goto(portalPath(variants.de, '/service/contact?action=callback'));
  await waitForHydration(page);
  const day = page.getByLabel(c('callback.weekday'), { exact: true });
  expect((await day.locator('option').allTextContents()).slice(1)).toEqual([
    'Montag',
    'Dienstag',
    'Mittwoch',
    'Donnerstag',
    'Freitag',
    'Samstag',
  ]);
  await page.getByLabel(text('de', 'fields.phone', 'contact')).fill('040 123456');
  await page.getByLabel(c('callback.reason')).fill('Frage zur Ratenzahlung');
  await day.selectOption({ label: 'Samstag' });
  // The times, grouped by time of day (asked once): Saturday has a morning and a noon.
  const hour = page.getByLabel(c('callback.hour'), { exact: true });
  expect(await hour.locator('optgroup').evaluateAll((groups) => groups.map((g) => g.getAttribute('label')))).toEqual([
    c('timeOfDay.morning'),
    c('timeOfDay.noon'),
  ]);
  expect(await hour.locator(`optgroup[label="${c('timeOfDay.noon')}"] option`).allTextContents()).toEqual([
    '12:00',
    '12:30',
    '13:00',
    '13:30',
  ]);
  await hour.selectOption('12:30');
  await expectNoSeriousA11yViolations(page, 'callback on a Saturday');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: c('callback.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: c('sent.callback.title') })).toBeVisible();
  // A fresh form for the next request.
  await expect(page.getByLabel(c('callback.reason'))).toHaveValue('');
});

/** Fills and sends the message form; returns the text sent. */
async function sendMessage(page: Page): Promise<string> {
  const body = `Ich möchte die Forderung verstehen. ${'Bitte erklären Sie mir die Kosten. '.repeat(120)}`.slice(
    0,
    4990,
  );
  await page.getByLabel(c('message.subject')).selectOption('2');
  await page.getByLabel(c('message.body')).fill(body);
  await page.getByLabel(c('fields.email')).fill('leser@example.org');
  await page.getByRole('button', { name: c('message.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: c('sent.message.title') })).toBeVisible();
  return body;
}

test('after "message sent" the form is empty, with JavaScript', async ({ page }) => {
  await signInByRequest(page, { refno: '100000004', password, land: false });
  await page.goto(portalPath(variants.de, '/service/contact'));
  await waitForHydration(page);
  await sendMessage(page);
  await expect(page.getByLabel(c('message.body'))).toHaveValue('');
  await expect(page.getByLabel(c('message.subject'))).toHaveValue('');
  await expect(page.locator('form .character-count')).toHaveText(
    text('de', 'form.characters.left_other').replace('{{left}}', '5.000').replace('{{max}}', '5.000'),
  );
  await expectNoSeriousA11yViolations(page, 'message sent');
  await screenshots(page, 'phone', 'message-sent');
  // A second message from the emptied form works the same way.
  await sendMessage(page);
  await expect(page.getByLabel(c('message.body'))).toHaveValue('');
});

test('after "message sent" the form is empty, without JavaScript', async ({ browser }) => {
  const signedIn = await browser.newContext();
  await signInByRequest(await signedIn.newPage(), { refno: '100000004', password, land: false });
  const state = await signedIn.storageState();
  await signedIn.close();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: state,
    viewport: phone,
    locale: 'de-DE',
  });
  const page = await context.newPage();
  await page.goto(portalPath(variants.de, '/service/contact'));
  // Without JavaScript the limit is a plain hint.
  await expect(page.getByText(text('de', 'form.characters.max').replace('{{max}}', '5.000'))).toBeVisible();
  await sendMessage(page);
  await expect(page.getByLabel(c('message.body'))).toHaveValue('');
  await context.close();
});

test('the objection shows a live character count before sending and says by how much it is too long', async ({
  page,
}) => {
  const doc = (key: string) => text('de', key, 'documents');
  await signInByRequest(page, { refno: '100000005', password, land: false });
  await page.goto(portalPath(variants.de, '/download-center/identity-theft'));
  await waitForHydration(page);
  const section = page.locator('#dispute');
  const statement = section.getByLabel(doc('dispute.statement'));
  const count = section.locator('.character-count');
  await expect(count).toHaveText(
    text('de', 'form.characters.left_other').replace('{{left}}', '4.000').replace('{{max}}', '4.000'),
  );
  await statement.fill('Ich habe diesen Vertrag nie geschlossen. '.padEnd(3990, 'x'));
  await expect(count).toHaveText(
    text('de', 'form.characters.left_other').replace('{{left}}', '10').replace('{{max}}', '4.000'),
  );
  // Typing on past the limit is possible (no text is cut); the count turns into the excess.
  await statement.pressSequentially('y'.repeat(25));
  await expect(statement).toHaveValue(/y{25}$/);
  const over = text('de', 'form.characters.over_other').replace('{{over}}', '15');
  await expect(count).toHaveText(over);
  // Said to screen readers once the typing pauses, politely.
  await expect(section.locator('[aria-live="polite"]', { hasText: over })).toBeAttached({ timeout: 5_000 });
  await expectNoSeriousA11yViolations(page, 'objection with character count');
  await screenshots(page, 'phone', 'objection-count');
  await section.getByRole('checkbox', { name: doc('dispute.confirm'), exact: true }).check();
  await section.getByRole('button', { name: doc('dispute.submit'), exact: true }).click();
  await expect(
    page.locator('.error-summary').getByRole('link', { name: doc('errors.statement.tooLong') }),
  ).toBeVisible();
  await expect(statement).toHaveValue(/y{25}$/);
});

test('the captcha starts however early the debtor taps: a tap before the widget loaded still solves it', async ({
  page,
}) => {
  // A slow phone: the widget's code arrives well after the page.
  await page.route(/\/assets\/[^/]*altcha[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto(signInPath(variants.de));
  const form = signInForm(page);
  await form.reference.click();
  // The tap came while the widget was still loading.
  await expect(page.getByText(text('de', 'captcha.loading', 'signin'))).toBeVisible();
  await form.reference.pressSequentially('100000001');
  await form.password.fill(password);
  // No further focus change: the widget must have started from the first tap.
  await expect(form.captchaVerified).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, 'sign-in with the captcha solved');
  await form.privacy.check();
  await form.submitPassword.click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(variants.de, '/dashboard'));
});

test('a screen that fails keeps the shell: header menu, language, footer, and a calm message in Turkish with a way back', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000001', password, land: false });
  await page.goto(portalPath(variants.de, '/download-center/no-such-form', 'tr'));
  await expect(
    page.getByRole('heading', { level: 1, name: text('tr', 'errors.notFound.title'), exact: true }),
  ).toBeVisible();
  await expect(menuButton(page, 'tr')).toBeVisible();
  await expect(page.locator('.language-menu summary')).toContainText('TR');
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: text('tr', 'footer.legalNotice'), exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: text('tr', 'errors.notFound.home'), exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'failing screen (tr)');
  await screenshots(page, 'phone', 'not-found-tr');

  // A loader that fails on the way (the server answers 500): the page area says so, the shell stays.
  await page.goto(portalPath(variants.de, '/dashboard', 'tr'));
  await waitForHydration(page);
  await page.route(/\/service\.data/, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
  await menuButton(page, 'tr').click();
  await page
    .getByRole('navigation', { name: text('tr', 'shell.mainNavigation'), exact: true })
    .getByRole('link', { name: text('tr', 'nav.service'), exact: true })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('tr', 'errors.generic.title'), exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: text('tr', 'errors.generic.retry'), exact: true }),
  ).toBeVisible();
  await expect(menuButton(page, 'tr')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'failed loader (tr)');
  await screenshots(page, 'phone', 'server-error-tr');
});
