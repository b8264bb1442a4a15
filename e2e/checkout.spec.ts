/**
 * Paying through the portal, end to end in Chromium against the real server and the built-in
 * sandbox payment provider: card (contact step, card form in the iframe, confirmation, settled
 * dashboard), bank transfer (IBAN, BIC, GiroCode, mail, the bank's report), declined and cancelled
 * payments (the aborted message, left-without-paying feedback, another method), the Swiss TWINT
 * return pages, and the down payment that starts a pending plan. axe on every page; screenshots
 * on a phone and a desktop in e2e/.artifacts/screenshots/checkout-*.png.
 */
import { expect, test, type Page } from './helpers/test';
import { signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshots } from './helpers/screenshots';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';

const password = 'Demo-Pass1';
const co = (key: string, language = 'de') => text(language, key, 'checkout');
const sb = (key: string, language = 'de') => text(language, key, 'sandbox');

/** axe, then a full-page screenshot on a phone and on a desktop. */
async function check(page: Page, name: string, options: { axe?: boolean } = {}) {
  if (options.axe !== false) await expectNoSeriousA11yViolations(page, name);
  await screenshots(page, 'checkout', name);
}

async function chooseMethod(page: Page, method: string) {
  await waitForHydration(page);
  await page.getByRole('radio', { name: new RegExp(co(`methods.${method}.name`).replace(/[()]/g, '\\$&')) }).check();
  await page.getByRole('button', { name: co('method.continue'), exact: true }).click();
}

test.describe.configure({ mode: 'parallel' });

test('a copy of 100000001 pays everything by card: contact step, card form in the iframe, confirmation, settled', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '110000001', password });
  await page.getByRole('link', { name: text('de', 'actions.payNow', 'dashboard') }).click();
  await expect(page.getByRole('heading', { level: 1, name: co('heading.openAmount') })).toBeVisible();
  await expect(page.getByTestId('pay-amount')).toHaveText(/587,84/);
  // No surcharge on a consumer card in the EU (PSD2 art. 62(4), § 270a BGB; decision 024), said before paying.
  await expect(
    page.getByRole('radio', {
      name: new RegExp(`${co('methods.4.name').replace(/[()]/g, '\\$&')}.*${co('method.noFee')}`),
    }),
  ).toBeVisible();
  await check(page, 'method');

  // Without a choice: the error summary.
  await waitForHydration(page);
  await page.getByRole('button', { name: co('method.continue'), exact: true }).click();
  await expect(page.getByRole('link', { name: co('errors.methodRequired') })).toBeVisible();

  await chooseMethod(page, '4');
  await expect(page.getByRole('heading', { level: 1, name: co('card.title') })).toBeVisible();
  await expect(page.getByLabel(co('card.lastName'))).not.toHaveValue('');
  await check(page, 'card-contact');
  await page.getByRole('button', { name: co('card.continue') }).click();
  await expect(page.getByRole('link', { name: co('errors.contact.cardTerms') })).toBeVisible();
  await page.getByRole('checkbox', { name: co('card.terms') }).check();
  await page.getByRole('checkbox', { name: co('card.acknowledge') }).check();
  await page.getByRole('button', { name: co('card.continue') }).click();

  await expect(page.getByRole('heading', { level: 1, name: co('page.title.embedded') })).toBeVisible();
  const frame = page.frameLocator(`iframe[title="${co('page.cardFrame')}"]`);
  await expect(frame.getByTestId('sandbox-amount')).toHaveText(/587,84/);
  await check(page, 'card-iframe');
  // A wrong card number is refused inside the frame.
  await frame.getByLabel(sb('card.number')).fill('4111 1111 1111 1112');
  await frame.getByLabel(sb('card.expiry')).fill('12/39');
  await frame.getByLabel(sb('card.cvc')).fill('123');
  await frame.getByRole('button', { name: /587,84/ }).click();
  await expect(frame.getByText(sb('card.errors.number'))).toBeVisible();
  await frame.getByLabel(sb('card.number')).fill('4111 1111 1111 1111');
  await frame.getByLabel(sb('card.expiry')).fill('12/39');
  await frame.getByLabel(sb('card.cvc')).fill('123');
  await frame.getByRole('button', { name: /587,84/ }).click();

  await expect(page).toHaveURL(/\/serviceportal\/checkout\/pay-direct\/confirmation\//, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: co('done.title') })).toBeVisible();
  await expect(page.getByTestId('status-label')).toHaveText(text('de', 'status.settled', 'claim'));
  await expect(page.getByTestId('open-after')).toHaveText(/0,00/);
  await check(page, 'confirmation');

  // The optional payment feedback.
  await page.getByText(co('feedback.stars.5')).click();
  await page.getByRole('button', { name: co('feedback.send') }).click();
  await expect(page.getByText(co('feedback.thanks'))).toBeVisible();

  await page.goto(portalPath(variants.de, '/dashboard'));
  await expect(page.getByText(text('de', 'status.settled', 'claim')).first()).toBeVisible();
  await expect(page.getByTestId('open-amount')).toHaveText(/0,00/);
});

test('bank transfer shows recipient, IBAN, BIC and a GiroCode, mails them, and is booked when the bank reports it', async ({
  page,
}) => {
  const at = variants.at;
  await signInByRequest(page, { refno: '210000001', password, variant: at, land: false });
  await page.goto(portalPath(at, '/checkout/pay-direct'));
  await chooseMethod(page, '6');
  await expect(page.getByRole('heading', { level: 1, name: co('page.title.instructions') })).toBeVisible();
  const details = page.getByTestId('transfer-details');
  await expect(details).toContainText('AT61 1904 3002 3457 3201');
  await expect(details).toContainText('BKAUATWWXXX');
  await expect(details).toContainText('Az 210000001');
  const qr = page.getByRole('img', { name: /QR-Code für die Überweisung von .*629,50/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await check(page, 'bank-transfer');

  await page.getByLabel(co('transfer.email')).fill('schuldner@example.at');
  await page.getByRole('button', { name: co('transfer.mailSend') }).click();
  await expect(page.getByText(co('transfer.mailed'))).toBeVisible();

  // The sandbox bank reports the incoming transfer.
  await page.getByRole('link', { name: co('page.sandboxLink') }).click();
  await expect(page.getByText(sb('badge'))).toBeVisible();
  await check(page, 'sandbox-bank');
  await page.getByRole('button', { name: sb('transferApprove') }).click();
  await expect(page.getByRole('heading', { level: 1, name: co('done.title') })).toBeVisible();
});

test('a declined payment shows the aborted message and lets the debtor leave feedback and choose another method; a cancelled card asks for another method', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '110000012', password, land: false });
  await page.goto(portalPath(variants.de, '/checkout/pay-direct'));
  await chooseMethod(page, '1');
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(co('methods.1.name'));
  await check(page, 'sandbox-wallet');
  await page.getByRole('button', { name: sb('decline') }).click();

  await expect(page).toHaveURL(/\/serviceportal\/checkout\/pay-direct\?aborted=/);
  await expect(page.getByTestId('aborted')).toHaveText(co('errors.aborted'));
  await check(page, 'aborted');
  await page.getByText(co('feedback.stars.2')).click();
  await page.getByLabel(co('left.comment')).fill('Ich wollte erst mit meiner Bank sprechen.');
  await page.getByRole('button', { name: co('left.send') }).click();
  await expect(page.getByText(co('left.thanks'))).toBeVisible();

  // Another method: the card, cancelled inside the provider's form.
  await chooseMethod(page, '4');
  await page.getByRole('checkbox', { name: co('card.terms') }).check();
  await page.getByRole('checkbox', { name: co('card.acknowledge') }).check();
  await page.getByRole('button', { name: co('card.continue') }).click();
  const frame = page.frameLocator(`iframe[title="${co('page.cardFrame')}"]`);
  await frame.getByRole('button', { name: sb('cancel') }).click();
  await expect(page).toHaveURL(/aborted=/, { timeout: 15_000 });
  await expect(page.getByTestId('aborted')).toHaveText(co('errors.abortedCard'));
  // Every method can be chosen again.
  await expect(page.getByRole('radio', { name: new RegExp(co('methods.2.name')) })).toBeVisible();
});

test('a copy of Swiss file 300000001: TWINT failure and success return pages', async ({ page }) => {
  const ch = variants.ch;
  await signInByRequest(page, { refno: '310000001', password, variant: ch, land: false });
  await page.goto(portalPath(ch, '/checkout/pay-direct'));
  await expect(page.getByTestId('pay-amount')).toContainText('CHF');
  await chooseMethod(page, 'twint');
  await page.getByRole('button', { name: sb('cancel') }).click();
  await expect(page).toHaveURL(/\/serviceportal-ch\/checkout\/pay-direct-failure\?payment=/);
  await expect(page.getByRole('heading', { level: 1, name: co('twint.failureTitle') })).toBeVisible();
  await check(page, 'twint-failure');

  await page.getByRole('link', { name: co('otherMethod') }).click();
  await chooseMethod(page, 'twint');
  await check(page, 'sandbox-twint');
  await page.getByRole('button', { name: sb('approve') }).click();
  await expect(page).toHaveURL(/\/serviceportal-ch\/checkout\/pay-direct-success\?payment=/);
  await expect(page.getByRole('heading', { level: 1, name: co('twint.successTitle') })).toBeVisible();
  await check(page, 'twint-success');
  await page.getByRole('link', { name: co('twint.toConfirmation') }).click();
  await expect(page.getByTestId('status-label')).toHaveText(text('de', 'status.settled', 'claim'));
});

test('100000003 pays the down payment first, then the plan is active', async ({ page }) => {
  await signInByRequest(page, { refno: '110000003', password });
  await page.getByRole('link', { name: text('de', 'actions.payDownPayment', 'dashboard') }).click();
  await expect(page.getByRole('heading', { level: 1, name: co('heading.downPayment') })).toBeVisible();
  await expect(page.getByTestId('pay-amount')).toHaveText(/200,00/);
  await chooseMethod(page, '2');
  // No fee on an instant transfer in the EU (decision 024): the down payment as it is.
  await expect(page.getByTestId('sandbox-amount')).toHaveText(/200,00/);
  await page.getByRole('button', { name: sb('approve') }).click();
  await expect(page.getByRole('heading', { level: 1, name: co('done.title') })).toBeVisible();
  await expect(page.getByText(co('done.planActive'))).toBeVisible();
  await expect(page.getByTestId('status-label')).toHaveText(text('de', 'status.instalmentRunning', 'claim'));
  await check(page, 'down-payment-done');
  await page.goto(portalPath(variants.de, '/dashboard'));
  await expect(page.getByText(text('de', 'status.instalmentRunning', 'claim')).first()).toBeVisible();
  await expect(page.getByRole('link', { name: text('de', 'actions.payDownPayment', 'dashboard') })).toHaveCount(0);
});

test('without JavaScript: 100000005 pays its deposit in cash with a scannable barcode', async ({ page, browser }) => {
  // Signing in needs the captcha's script; everything after it is plain HTML forms.
  await signInByRequest(page, { refno: '110000005', password });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    locale: 'de-DE',
  });
  const noJs = await context.newPage();
  await noJs.goto(portalPath(variants.de, '/checkout/pay-direct?deposit=true'));
  await expect(noJs.getByRole('heading', { level: 1, name: co('heading.deposit') })).toBeVisible();
  await expect(noJs.getByTestId('pay-amount')).toHaveText(/150,00/);
  await noJs.getByRole('button', { name: co('method.continue'), exact: true }).click();
  await expect(noJs.getByText(co('errors.methodRequired')).first()).toBeVisible();
  await noJs.getByRole('radio', { name: new RegExp(co('methods.5.name')) }).check();
  await noJs.getByRole('button', { name: co('method.continue'), exact: true }).click();
  await expect(noJs.getByRole('heading', { level: 1, name: co('page.title.instructions') })).toBeVisible();
  const barcode = noJs.getByTestId('cash-barcode');
  await expect(barcode).toBeVisible();
  expect(await barcode.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 200)).toBe(true);
  // axe needs scripts: it checks the same page in the signed-in browser with JavaScript.
  await check(noJs, 'cash', { axe: false });
  await page.goto(noJs.url());
  await expect(page.getByTestId('cash-barcode')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'cash');
  await noJs.getByRole('link', { name: co('page.sandboxLink') }).click();
  await noJs.getByRole('button', { name: sb('cashApprove') }).click();
  await expect(noJs.getByRole('heading', { level: 1, name: co('done.title') })).toBeVisible();
  await expect(noJs.getByTestId('open-after')).not.toHaveText(/^0,00/);
  await context.close();
});
