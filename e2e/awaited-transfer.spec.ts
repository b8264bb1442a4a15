/**
 * Issue 31, finding 6 (decision 058): a bank transfer started with the reference number alone
 * (anyone holding the letter) does not block paying online for its 14 days. The pay page names
 * the awaited transfer before the debtor chooses; paying by wallet then replaces it. axe on the
 * page; screenshots on a phone and a desktop in e2e/.artifacts/screenshots/checkout-awaited-*.png.
 */
import { expect, test, type Page } from './helpers/test';
import { signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshots } from './helpers/screenshots';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';

const co = (key: string) => text('de', key, 'checkout');

async function chooseMethod(page: Page, method: string) {
  await waitForHydration(page);
  await page.getByRole('radio', { name: new RegExp(co(`methods.${method}.name`).replace(/[()]/g, '\\$&')) }).check();
  await page.getByRole('button', { name: co('method.continue'), exact: true }).click();
}

test('a transfer started by reference number is named on the pay page and gives way to paying online', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '111000001', land: false });
  await page.goto(portalPath(variants.de, '/checkout/pay-direct'));
  await chooseMethod(page, '6');
  await expect(page.getByRole('heading', { level: 1, name: co('page.title.instructions') })).toBeVisible();

  await page.goto(portalPath(variants.de, '/checkout/pay-direct'));
  const notice = page.getByTestId('awaited-instructions');
  await expect(notice).toContainText(co('methods.6.name'));
  await expect(notice).toContainText('587,84');
  await expect(notice.getByRole('link', { name: co('awaited.link') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'awaited transfer named');
  await screenshots(page, 'checkout', 'awaited-transfer');

  await chooseMethod(page, '1');
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await page.goto(portalPath(variants.de, '/checkout/pay-direct'));
  await expect(page.getByTestId('awaited-instructions')).toHaveCount(0);
});
