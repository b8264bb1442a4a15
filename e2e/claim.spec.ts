/**
 * What do I owe (issue 4, "Show it"): the dashboard and the claim information of the demo files
 * 100000001, 100000002, 100000003, 100000006 and 100000010 (claims list), and the Swiss and
 * Swedish variants with their currency. axe runs on every page looked at; each test signs in
 * with its own file, so they run in parallel.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { signInByRequest } from './helpers/auth';
import { legalEntityIn } from '../server/variants/config.ts';
import { portalPath, text, variants, waitForHydration, type Variant } from './helpers/portal';

const password = 'Demo-Pass1';
const de = variants.de;
const info = (key: string, language = 'de') => text(language, key, 'claimInfo');
const dash = (key: string, language = 'de') => text(language, key, 'dashboard');
/** Intl output with every kind of space made plain, so that browser and Node compare equal. */
const plain = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const money = (minor: number, currency: string, locale: string) =>
  plain(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100));

async function openClaimInformation(page: Page, variant: Variant = de, language = 'de') {
  await page.getByRole('link', { name: dash('claim.details', language), exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(variant, '/claim-information'));
  await expect(page.getByRole('heading', { level: 1, name: info('title', language), exact: true })).toBeVisible();
  await waitForHydration(page);
}

async function breakdownValue(page: Page, key: string, language = 'de') {
  const row = page
    .getByTestId('breakdown')
    .locator('div')
    .filter({ has: page.getByText(info(`overview.${key}`, language), { exact: true }) });
  return plain((await row.locator('dd').textContent()) ?? '');
}

test.describe('100000001: open claim', () => {
  test('dashboard, then the claim information with statement, invoices, history, video and the legal information', async ({
    page,
  }) => {
    await signInByRequest(page, { refno: '100000001', password });
    expect(plain((await page.getByTestId('open-amount').textContent()) ?? '')).toBe(money(58784, 'EUR', 'de-DE'));
    for (const key of ['payNow', 'payInstalments', 'payLater']) {
      await expect(page.getByRole('link', { name: dash(`actions.${key}`), exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, 'dashboard 100000001');

    await openClaimInformation(page);
    // The file's data is never cached (docs/decisions/012): after a payment the next view is current.
    expect((await page.request.get(portalPath(de, '/claim-information'))).headers()['cache-control']).toBe('no-store');
    expect(await breakdownValue(page, 'mainClaim')).toBe(money(42990, 'EUR', 'de-DE'));
    expect(await breakdownValue(page, 'interest')).toBe(money(1237, 'EUR', 'de-DE'));
    expect(await breakdownValue(page, 'costs')).toBe(money(14557, 'EUR', 'de-DE'));
    expect(await breakdownValue(page, 'total')).toBe(money(58784, 'EUR', 'de-DE'));

    // The table of contents leads to every anchor of the spec.
    const toc = page.getByRole('navigation', { name: info('toc.title'), exact: true });
    for (const [key, anchor] of [
      ['listOfClaims', 'list-of-claims'],
      ['paymentsMade', 'payment-made'],
      ['files', 'files'],
      ['events', 'events'],
      ['video', 'explanation-video'],
    ] as const) {
      await expect(toc.getByRole('link', { name: info(`toc.${key}`), exact: true })).toHaveAttribute(
        'href',
        `#${anchor}`,
      );
      await expect(page.locator(`#${anchor}`)).toBeAttached();
    }

    // Statement: both invoices, every cost, the total.
    const statement = page.locator('#list-of-claims table');
    await expect(statement.getByRole('rowheader', { name: /RE-\d{4}-118842/ })).toBeVisible();
    await expect(statement.getByRole('rowheader', { name: /RE-\d{4}-121907/ })).toBeVisible();
    await expect(
      statement.getByRole('rowheader', { name: info('costKinds.collectionFee'), exact: true }),
    ).toBeVisible();
    expect(plain((await statement.locator('tfoot td').textContent()) ?? '')).toBe(money(58784, 'EUR', 'de-DE'));
    await expect(page.locator('#payment-made')).toContainText(info('payments.none'));

    // The original invoice downloads as a real PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('link', {
          name: new RegExp(
            `^${info('files.invoice')
              .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
              .replace('\\{\\{number\\}\\}', 'RE-\\d{4}-118842')}$`,
          ),
        })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^RE-\d{4}-118842\.pdf$/);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // History and the video with captions in the debtor's language.
    await expect(page.locator('#events li')).toHaveCount(4);
    await expect(page.locator('#events')).toContainText(text('de', 'events.letters.firstNotice', 'claimInfo'));
    const video = page.locator('#explanation-video video');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video.locator('track[srclang="de"]')).toHaveAttribute('default', '');
    expect((await page.request.get('/media/explainer.webm')).status()).toBe(200);
    expect((await page.request.get('/media/explainer.de.vtt')).ok()).toBe(true);

    // Legal information: creditor with address, supervisory authority, original creditor on request.
    const legal = page.locator('#legal-information');
    await expect(legal).toContainText('Nordwind Versand GmbH');
    await expect(legal).toContainText('Speicherstadt 4');
    await expect(legal).toContainText(de.legal.supervisoryAuthority.name);
    await expect(legal).not.toContainText('Modehaus Lindner');
    await expectNoSeriousA11yViolations(page, 'claim information 100000001');
    await legal.getByRole('button', { name: info('legal.requestOriginalCreditor'), exact: true }).click();
    await expect(legal).toContainText('Modehaus Lindner KG');
    await expect(legal).toContainText('Königstraße 27');
    await expect(page).toHaveURL((url) => url.hash === '#original-creditor');
  });

  test('the action bar comes up when scrolling up and goes when scrolling down', async ({ page }) => {
    await signInByRequest(page, { refno: '100000001', password });
    await openClaimInformation(page);
    const bar = page.getByTestId('action-bar');
    // Instant jumps (no smooth scrolling, no wheel momentum): each one is a single scroll event,
    // and the next comes only after two frames. The bar reads the scroll once per frame, so two
    // jumps within one frame count as their sum, as a person's scrolling would (a fast machine
    // made the jump down and the jump up one move down, and the bar rightly stayed hidden).
    const scrollTo = (fraction: number) =>
      page.evaluate(async (f) => {
        window.scrollTo({
          top: Math.round((document.documentElement.scrollHeight - window.innerHeight) * f),
          behavior: 'instant',
        });
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }, fraction);
    await expect(bar).toBeHidden();
    await scrollTo(0.9);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(bar).toBeHidden();
    await scrollTo(0.75);
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: info('actions.payNow'), exact: true })).toBeVisible();
    await expect(bar.getByRole('link', { name: info('actions.announcePayment'), exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'claim information with the action bar');
    await scrollTo(0.95);
    await expect(bar).toBeHidden();
    // Back at the top the page's own buttons are in view: no bar.
    await scrollTo(0.5);
    await expect(bar).toBeVisible();
    await scrollTo(0);
    await expect(bar).toBeHidden();
  });
});

test('100000002: instalment plan running, next instalment and the payments made', async ({ page }) => {
  await signInByRequest(page, { refno: '100000002', password });
  await expect(page.getByRole('heading', { name: dash('next.title'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: dash('actions.skipInstalment'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: dash('actions.instalmentPlan'), exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard 100000002');

  await openClaimInformation(page);
  const rows = page.locator('#payment-made tbody tr');
  await expect(rows).toHaveCount(2);
  const firstRow = plain((await rows.first().textContent()) ?? '');
  expect(firstRow).toContain(money(15000, 'EUR', 'de-DE'));
  expect(firstRow).toContain(money(74010, 'EUR', 'de-DE'));
  expect(await breakdownValue(page, 'payments')).toBe(`− ${money(30000, 'EUR', 'de-DE')}`);
  await expectNoSeriousA11yViolations(page, 'claim information 100000002');
});

test('100000003: the down payment comes first', async ({ page }) => {
  await signInByRequest(page, { refno: '100000003', password });
  await expect(page.getByText(text('de', 'status.downPaymentPending', 'claim'), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: dash('actions.payDownPayment'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: dash('actions.payInstalments'), exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'dashboard 100000003');
});

test('100000006: settled, nothing to pay any more', async ({ page }) => {
  await signInByRequest(page, { refno: '100000006', password });
  await expect(page.getByText(text('de', 'status.settled', 'claim'), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: dash('actions.payNow'), exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'dashboard 100000006');
  await openClaimInformation(page);
  expect(await breakdownValue(page, 'total')).toBe(money(0, 'EUR', 'de-DE'));
  await expect(page.getByRole('link', { name: info('actions.payNow'), exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'claim information 100000006');
});

test('100000010: the claims list shows three files; opening one switches the file', async ({ page }) => {
  // A debtor with several files starts on the claims list.
  await signInByRequest(page, { refno: '100000010', password, expectPath: '/claims-list' });
  // Each button names its file's creditor for screen readers: "Akte öffnen – Stadtwerke Elbtal GmbH".
  const buttons = page.getByRole('button', {
    name: new RegExp(`^(${dash('cases.open')}|${dash('cases.openCurrent')}) – `),
  });
  await expect(buttons).toHaveCount(3);
  await expect(page.getByText('gesperrt')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'claims list 100000010');
  await page.getByRole('button', { name: `${dash('cases.open')} – Stadtwerke Elbtal GmbH`, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/dashboard'));
  await expect(
    page.getByText(dash('reference').replace('{{reference}}', '100000010-2'), { exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard 100000010-2');
});

for (const { variant, refno, language, locale, currency, total } of [
  { variant: variants.ch, refno: '300000001', language: 'fr', locale: 'fr-CH', currency: 'CHF', total: 80170 },
  { variant: variants.se, refno: '400000001', language: 'sv', locale: 'sv-SE', currency: 'SEK', total: 888300 },
]) {
  test.describe(`${variant.id} in ${locale}`, () => {
    // The browser asks for the language; the variant's country decides the number format.
    test.use({ locale });

    test(`${currency} on the dashboard and in the claim information`, async ({ page }) => {
      await signInByRequest(page, { refno, password, variant, language });
      expect(plain((await page.getByTestId('open-amount').textContent()) ?? '')).toBe(money(total, currency, locale));
      await expectNoSeriousA11yViolations(page, `dashboard ${refno}`);
      await openClaimInformation(page, variant, language);
      expect(await breakdownValue(page, 'total', language)).toBe(money(total, currency, locale));
      // The authority under its official name in the page's language (decision 029).
      await expect(page.locator('#legal-information')).toContainText(
        legalEntityIn(variant, language as 'fr' | 'sv').supervisoryAuthority.name,
      );
      await expectNoSeriousA11yViolations(page, `claim information ${refno}`);
    });
  });
}
