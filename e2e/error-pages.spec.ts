/**
 * The pages a visitor meets when something is not as expected: 404, 403 and maintenance.
 * Accept-Language is de-DE (playwright.config.ts), so the pages come in German.
 */
import { expect, test } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { expectDocumentLanguage, portalPath, text, variants } from './helpers/portal';

const variant = variants.de;
const callUs = text('de', 'errors.callUs').replace('{{phone}}', variant.support.phone);

test.describe.configure({ mode: 'parallel' });

test('404: unknown page answers 404 with a heading and a way home', async ({ page }) => {
  const response = await page.goto(portalPath(variant, '/does-not-exist'));
  expect(response?.status()).toBe(404);
  await expectDocumentLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: text('de', 'errors.notFound.title') })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: text('de', 'errors.notFound.home'), exact: true })).toHaveAttribute(
    'href',
    variant.basePath,
  );
  await expect(main.getByRole('link', { name: callUs, exact: true })).toHaveAttribute(
    'href',
    `tel:${variant.support.phoneHref}`,
  );
  await expectNoSeriousA11yViolations(page, '404 page');
});

test('403: access denied answers 403 with a phone link', async ({ page }) => {
  const response = await page.goto(portalPath(variant, '/access-denied'));
  expect(response?.status()).toBe(403);
  await expectDocumentLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: text('de', 'errors.forbidden.title') })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: callUs, exact: true })).toHaveAttribute(
    'href',
    `tel:${variant.support.phoneHref}`,
  );
  await expect(main.getByRole('link', { name: variant.support.email, exact: true })).toHaveAttribute(
    'href',
    `mailto:${variant.support.email}`,
  );
  await expect(main.getByRole('link', { name: text('de', 'errors.notFound.home'), exact: true })).toHaveAttribute(
    'href',
    variant.basePath,
  );
  await expectNoSeriousA11yViolations(page, '403 page');
});

test('maintenance page answers 200 while the portal is not in maintenance', async ({ page }) => {
  const response = await page.goto(portalPath(variant, '/maintenance'));
  expect(response?.status()).toBe(200);
  expect(response?.headers()['retry-after']).toBeUndefined();
  await expectDocumentLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: text('de', 'maintenance.title') })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: variant.support.phone, exact: true })).toHaveAttribute(
    'href',
    `tel:${variant.support.phoneHref}`,
  );
  await expectNoSeriousA11yViolations(page, 'maintenance page');
});
