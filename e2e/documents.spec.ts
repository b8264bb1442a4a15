/**
 * Download center (issue 6, item 4): a printed form with its PDF checked for the debtor's name,
 * and an objection sent online with evidence. axe runs on every page looked at; screenshots on a
 * phone and a desktop go to e2e/.artifacts/screenshots/.
 *
 * The online objection uses the Austrian demo file 200000001: an objection pauses collection and
 * removes the pay buttons, which the claim journeys of 100000001 rely on in the same run.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../tests/helpers/pdf-text';
import { errorSummary, signIn } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';

const password = 'Demo-Pass1';
const doc = (key: string, values: Record<string, string> = {}) => text('de', key, 'documents').replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const screenshotDir = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));

async function screenshots(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshotDir}documents-${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${screenshotDir}documents-${name}-desktop.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

test('100000001: goods return form, a wrong zip corrected, the filled PDF downloaded', async ({ page }) => {
  await signIn(page, { refno: '100000001', password });
  await page.goto(portalPath(variants.de, '/download-center'));
  await expect(page.getByRole('heading', { level: 1, name: doc('overview.title'), exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'download center');
  await screenshots(page, 'overview');

  await page.getByRole('link', { name: doc('forms.goods-return.title'), exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(variants.de, '/download-center/goods-return'));
  await waitForHydration(page);
  const form = page.locator('form#create-goods-return');
  // Prefilled from the profile.
  await expect(form.getByLabel(doc('fields.lastName'))).toHaveValue('Schneider');
  await expect(form.getByLabel(doc('fields.city'))).toHaveValue('Köln');
  await expectNoSeriousA11yViolations(page, 'goods return form');
  await screenshots(page, 'goods-return');

  const returned = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel(doc('fields.dateGoodsReturn')).fill(returned);
  const zip = form.getByLabel(doc('fields.zip'));
  await zip.fill('509');
  await zip.blur();
  await form.getByRole('button', { name: doc('create.submit'), exact: true }).click();
  const summary = errorSummary(page);
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link', { name: doc('errors.zip.format'), exact: true })).toBeVisible();
  await expect(form.locator('.field-error', { hasText: doc('errors.zip.format') })).toBeVisible();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(doc('fields.dateGoodsReturn'))).toHaveValue(returned);
  await expectNoSeriousA11yViolations(page, 'goods return form with errors');
  await screenshots(page, 'goods-return-errors');

  await zip.fill('50968');
  await zip.blur();
  await expect(summary).toBeHidden();
  await form.getByRole('button', { name: doc('create.submit'), exact: true }).click();
  const ready = page.locator('#ready');
  await expect(ready.getByRole('heading', { name: doc('create.readyTitle'), exact: true })).toBeVisible();
  await expect(ready).toContainText(variants.de.legal.street);
  await expect(ready).toContainText(`${variants.de.legal.postalCode} ${variants.de.legal.city}`);
  await expectNoSeriousA11yViolations(page, 'goods return form created');
  await screenshots(page, 'goods-return-ready');

  const [download] = await Promise.all([page.waitForEvent('download'), ready.getByRole('link', { name: doc('create.download'), exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^goods-return-\d+\.pdf$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await pdfText(bytes);
  expect(pdf).toContain('Anna');
  expect(pdf).toContain('Schneider');
  expect(pdf).toContain(variants.de.legal.name);
});

test('200000001: an identity-theft objection sent online with a PDF as evidence', async ({ page }) => {
  const at = variants.at;
  await signIn(page, { refno: '220000001', password, variant: at });
  await page.goto(portalPath(at, '/download-center/identity-theft'));
  await waitForHydration(page);
  const section = page.locator('#dispute');
  await expect(section.getByRole('heading', { name: doc('dispute.title'), exact: true })).toBeVisible();

  await section.getByLabel(doc('dispute.statement')).fill('Ich habe diesen Vertrag nie geschlossen; jemand hat meine Daten benutzt.');
  await section.getByLabel(doc('dispute.evidence')).setInputFiles({
    name: 'anzeige.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await section.getByRole('checkbox', { name: doc('dispute.confirm'), exact: true }).check();
  await screenshots(page, 'identity-theft-dispute');
  await section.getByRole('button', { name: doc('dispute.submit'), exact: true }).click();

  const state = page.getByTestId('dispute-state');
  await expect(state.getByRole('heading', { name: doc('dispute.sentTitle'), exact: true })).toBeVisible();
  await expect(state).toContainText(doc('dispute.paused'));
  await expect(page).toHaveURL((url) => url.searchParams.get('sent') === '1');
  await expectNoSeriousA11yViolations(page, 'identity theft objection sent');
  await screenshots(page, 'identity-theft-sent');

  // The dashboard says the objection is being reviewed.
  await page.goto(portalPath(at, '/dashboard'));
  await expect(page.getByText(text('de', 'status.disputed', 'claim'), { exact: true })).toBeVisible();
});
