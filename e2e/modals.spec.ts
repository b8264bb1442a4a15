/**
 * The modals of section 2.4 and the notice of completion in the browser (issue 4 item 5,
 * issue 6 items 9 and 10): one dialog at a time in orderNo, focus inside, Escape acknowledges a
 * notice but never decides an offer, the e-mail capture refuses a bad address next to the
 * field and in the summary (with and without JavaScript), and a settled file's notice of
 * completion is requested once. axe runs on every state looked at; screenshots of the dialogs
 * on a phone and a desktop go to e2e/.artifacts/screenshots/.
 *
 * Each test uses its own demo file (100000098 is the e2e copy of 100000008, see
 * e2e/support/fixtures.ts), so the tests run in parallel.
 */
import { expect, test, type Locator, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshots } from './helpers/screenshots';
import { errorSummary, signInByRequest } from './helpers/auth';
import { agencyDaysSince, anyOf, portalPath, seedDay, text, variants, waitForHydration } from './helpers/portal';

test.describe.configure({ mode: 'parallel', retries: 0 });

const de = variants.de;
const password = 'Demo-Pass1';
const m = (key: string) => text('de', key, 'modals');
const d = (key: string) => text('de', key, 'dashboard');
const euro = (minor: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(minor / 100);
const longDate = (date: Date) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(date);

/** The open dialog with this title (the page shows at most one). */
const dialog = (page: Page, titleKey: string) => page.getByRole('dialog', { name: m(titleKey) });

async function expectFocusInside(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

test('100000008: flood notice, then the offer; declining it brings back the open amount', async ({ page }) => {
  await signInByRequest(page, { refno: '100000008', password });
  await waitForHydration(page);

  const flood = dialog(page, 'floodArea.title');
  await expect(flood).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expectFocusInside(flood);
  await expect(flood.getByRole('link', { name: de.support.phone })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard with flood notice');
  await screenshots(page, 'modals', 'flood', { fullPage: false });

  // Escape acknowledges a notice; the next modal by orderNo is the offer.
  await page.keyboard.press('Escape');
  const offer = dialog(page, 'specialOffer.title');
  await expect(offer).toBeVisible();
  await expect(flood).toHaveCount(0);
  await expectFocusInside(offer);
  await expect(offer.getByTestId('offer-amount')).toHaveText(euro(54000));
  await expect(offer).toContainText(longDate(seedDay(14)));
  await expect(page.getByTestId('open-amount')).toHaveText(euro(77260));
  await expectNoSeriousA11yViolations(page, 'dashboard with special offer');
  await screenshots(page, 'modals', 'offer', { fullPage: false });

  // Escape never decides an offer: it only puts the dialog aside until the next visit.
  await page.keyboard.press('Escape');
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(dialog(page, 'specialOffer.title')).toBeVisible();
  await expect(dialog(page, 'floodArea.title')).toHaveCount(0);
  await waitForHydration(page);

  await dialog(page, 'specialOffer.title')
    .getByRole('button', { name: m('specialOffer.decline'), exact: true })
    .click();
  await expect(page).toHaveURL(
    (url) => url.pathname === portalPath(de, '/dashboard') && url.searchParams.get('done') === 'offerDeclined',
  );
  await expect(page.getByRole('status').filter({ hasText: m('done.offerDeclined') })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(portalPath(de, '/dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('open-amount')).toHaveText(euro(77260));
  await expect(page.getByText(d('amountKind.specialDeal'))).toHaveCount(0);
  await expect(page.getByRole('link', { name: d('actions.paySpecialDeal') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: d('actions.payNow'), exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard after declining');
});

test('100000098 (copy of 100000008): accepting the offer leads into paying it', async ({ page }) => {
  await signInByRequest(page, { refno: '100000098', password });
  await waitForHydration(page);
  await dialog(page, 'floodArea.title')
    .getByRole('button', { name: m('acknowledge'), exact: true })
    .click();
  const offer = dialog(page, 'specialOffer.title');
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: m('specialOffer.accept'), exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === portalPath(de, '/checkout/pay-direct') && url.searchParams.get('offer') === 'true',
  );
});

test('100000013: e-mail capture refuses a bad address (also without JavaScript), saves a good one; then the redirect and delivery-costs notices', async ({
  page,
  browser,
}) => {
  await signInByRequest(page, { refno: '100000013', password });
  await waitForHydration(page);
  const capture = dialog(page, 'emailCapture.title');
  await expect(capture).toBeVisible();
  const email = capture.getByRole('textbox', { name: m('emailCapture.label') });
  await expect(email).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'dashboard with e-mail capture');
  await screenshots(page, 'modals', 'email-capture', { fullPage: false });

  // Without JavaScript: the dialog is a plain box in the page, the server checks the address.
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  await noScript.addCookies(await page.context().cookies());
  const plain = await noScript.newPage();
  await plain.goto(portalPath(de, '/dashboard'));
  const plainCapture = dialog(plain, 'emailCapture.title');
  await expect(plainCapture).toBeVisible();
  await plainCapture.getByRole('textbox', { name: m('emailCapture.label') }).fill('kerstin.braun@');
  await plainCapture.getByRole('button', { name: m('emailCapture.submit'), exact: true }).click();
  await expect(errorSummary(plain)).toBeVisible();
  await expect(errorSummary(plain).getByRole('link', { name: m('emailCapture.errors.invalid') })).toBeVisible();
  await expect(plainCapture.locator('.field-error')).toContainText(m('emailCapture.errors.invalid'));
  await expect(plainCapture.getByRole('textbox', { name: m('emailCapture.label') })).toHaveValue('kerstin.braun@');
  await expect(plainCapture.getByRole('textbox', { name: m('emailCapture.label') })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  // (axe needs script in the page; the same state with JavaScript is checked below.)
  await screenshots(plain, 'modals', 'email-capture-nojs-error', { fullPage: false });
  await noScript.close();

  // With JavaScript: the same messages at once, and what was typed stays.
  await email.fill('kerstin.braun@');
  await email.press('Enter');
  await expect(errorSummary(page)).toBeVisible();
  await expect(errorSummary(page).getByRole('link', { name: m('emailCapture.errors.invalid') })).toBeVisible();
  await expect(capture.locator('.field-error')).toContainText(m('emailCapture.errors.invalid'));
  await expect(email).toHaveValue('kerstin.braun@');
  await expectNoSeriousA11yViolations(page, 'e-mail capture, refused address');
  await screenshots(page, 'modals', 'email-capture-error', { fullPage: false });

  await email.fill('kerstin.braun@example.org');
  await email.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('done') === 'emailStored');
  await expect(page.getByRole('status').filter({ hasText: m('done.emailStored') })).toBeVisible();

  const redirectNotice = dialog(page, 'redirectNotice.title');
  await expect(redirectNotice).toBeVisible();
  await expectFocusInside(redirectNotice);
  await expectNoSeriousA11yViolations(page, 'dashboard with redirect notice');
  await screenshots(page, 'modals', 'redirect-notice', { fullPage: false });
  await redirectNotice.getByRole('button', { name: m('acknowledge'), exact: true }).click();

  const delivery = dialog(page, 'deliveryCosts.title');
  await expect(delivery).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard with delivery-costs notice');
  await screenshots(page, 'modals', 'delivery-costs', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Everything answered stays answered.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'dashboard without modals');
});

test('a copy of 100000006: the notice of completion is requested once', async ({ page }) => {
  await signInByRequest(page, { refno: '110000006', password });
  await waitForHydration(page);
  const card = page.getByRole('region', { name: d('notice.title') });
  await expect(card).toBeVisible();
  await expect(card).toContainText(d('notice.byEmail'));
  await expectNoSeriousA11yViolations(page, 'dashboard of a settled file');

  const requestedFrom = new Date();
  await card.getByRole('button', { name: d('notice.request'), exact: true }).click();
  await expect(card.getByRole('status')).toContainText(d('notice.requestedEmail'));
  await expect(card).toContainText(d('notice.closed'));
  await expectNoSeriousA11yViolations(page, 'notice of completion requested');
  await screenshots(page, 'modals', 'notice-requested', { fullPage: false });

  await page.reload();
  // The server stamps the day of the request: the agency's day when it was sent (or the next, had
  // the run crossed midnight meanwhile), not what the journey's clock says afterwards.
  const requestDays = agencyDaysSince(requestedFrom).map((day) =>
    d('notice.alreadyRequested').replace('{{date}}', longDate(day)),
  );
  await expect(page.getByRole('region', { name: d('notice.title') })).toContainText(anyOf(requestDays));
  await expect(page.getByRole('button', { name: d('notice.request') })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'notice of completion already requested');
});
