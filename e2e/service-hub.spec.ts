/**
 * The service hub and the feedback page (issue 6, items 6 and 8): a visitor finds every way to
 * get help; items that need a file lead through the sign-in. Feedback: stars are required (inline
 * and in the summary, the text is kept), one feedback per file, and the page without JavaScript.
 */
import { expect, test } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { errorSummary, signInByRequest } from './helpers/auth';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';

const de = variants.de;
const service = (key: string) => text('de', key, 'service');
const feedback = (key: string) => text('de', key, 'feedback');

test('service hub: open items go straight there, the others through the sign-in', async ({ page }) => {
  await page.goto(portalPath(de, '/service'));
  await expect(page.getByRole('heading', { level: 1, name: service('title'), exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'service hub, visitor');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: new RegExp(`^${service('items.contact.title')}`) }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === portalPath(de, '/signin') &&
      url.searchParams.get('action') === 'AZonly' &&
      url.searchParams.get('returnTo') === portalPath(de, '/service/contact'),
  );
  await page.goto(portalPath(de, '/service'));
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`^${service('items.faq.title')}`) })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/service/faq'));
});

test('feedback from a visitor: the stars are required, the text is kept, then thanks', async ({ page }) => {
  await page.goto(portalPath(de, '/feedback'));
  await waitForHydration(page);
  const text = page.getByLabel(new RegExp(`^${feedback('freeText.label').replace('?', '\\?')}`));
  await text.fill('Sehr übersichtlich, danke.');
  await page.getByRole('button', { name: feedback('submit'), exact: true }).click();
  const summary = errorSummary(page);
  await expect(summary.getByRole('link', { name: feedback('errors.starsRequired'), exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: new RegExp(feedback('stars.legend')) })).toContainText(
    feedback('errors.starsRequired'),
  );
  await expect(text).toHaveValue('Sehr übersichtlich, danke.');
  await expectNoSeriousA11yViolations(page, 'feedback with an error');
  await page.getByRole('radio', { name: new RegExp(`${feedback('stars.4')}$`) }).check();
  await page.getByRole('button', { name: feedback('submit'), exact: true }).click();
  await expect(page.getByRole('status')).toContainText(feedback('thanks'));
  await expectNoSeriousA11yViolations(page, 'feedback sent');
});

test('feedback for a file counts once', async ({ page }) => {
  await signInByRequest(page, { refno: '100000011', password: 'Demo-Pass1', land: false });
  await page.goto(portalPath(de, '/feedback'));
  await waitForHydration(page);
  await page.getByRole('radio', { name: new RegExp(`${feedback('stars.5')}$`) }).check();
  await page.getByRole('button', { name: feedback('submit'), exact: true }).click();
  await expect(page.getByRole('status')).toContainText(feedback('thanks'));
  await page.goto(portalPath(de, '/feedback'));
  await expect(page.getByRole('status')).toContainText(feedback('alreadyExists'));
  await expect(page.getByRole('button', { name: feedback('submit'), exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'feedback already given');
});

test('feedback works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(portalPath(de, '/feedback'));
  // A visitor without a file is not offered the opt-out.
  await expect(page.getByRole('button', { name: feedback('optOut.button'), exact: true })).toHaveCount(0);
  await page.getByRole('radio', { name: new RegExp(`${feedback('stars.3')}$`) }).check();
  await page.getByRole('button', { name: feedback('submit'), exact: true }).click();
  await expect(page.getByRole('status')).toContainText(feedback('thanks'));
  await context.close();
});
