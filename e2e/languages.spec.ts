/**
 * Languages and variants (issue 12, finding 5), in Chromium against the real server: the Swiss
 * QR-bill read back from its rendered image (the Swiss Payment Code's fields checked), what the
 * agency's system sends (claim subject, invoice lines, history, legal bases) and the sandbox
 * pages in English, Swedish and Turkish, and a Swedish journey without a German word on any
 * screen. axe on every page; screenshots in e2e/.artifacts/screenshots/languages-*.png.
 */
import { expect, test, type Page } from './helpers/test';
import jsQR from 'jsqr';
import { signIn, signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';
import { screenshots } from './helpers/screenshots';

const password = 'Demo-Pass1';

async function check(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await screenshots(page, 'languages', name);
}

async function chooseMethod(page: Page, method: string, language: string) {
  await waitForHydration(page);
  const name = text(language, `methods.${method}.name`, 'checkout').replace(/[()]/g, '\\$&');
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: text(language, 'method.continue', 'checkout'), exact: true }).click();
}

/**
 * Words that only German text has (none of them is a Swedish, English or Turkish word); the
 * language switcher's own "Deutsch" is allowed, it names the language.
 */
const germanWords =
  /\b(und|der|die|das|Sie|Ihre?|bitte|Forderung|Zahlung|Rechnung|Gläubiger|Aktenzeichen|Verwendungszweck|Kaufvertrag|Bestellung|Hamburg|Mahnkosten|Az)\b/;

async function expectNoGerman(page: Page, screen: string) {
  const shown = await page.locator('body').innerText();
  const hit = germanWords.exec(shown);
  expect(
    hit,
    `${screen}: German text on a Swedish screen: "${hit ? shown.slice(Math.max(0, hit.index - 40), hit.index + 40) : ''}"`,
  ).toBeNull();
}

test.describe('Switzerland in Italian', () => {
  test.use({ locale: 'it-CH' });

  test('a bank transfer shows the Swiss QR-bill, and its QR code reads back as a Swiss Payment Code', async ({
    page,
  }) => {
    const ch = variants.ch;
    await signIn(page, { refno: '320000001', password, variant: ch, language: 'it' });
    await page.goto(portalPath(ch, '/checkout/pay-direct'));
    await chooseMethod(page, '6', 'it');
    await expect(
      page.getByRole('heading', { level: 1, name: text('it', 'page.title.instructions', 'checkout') }),
    ).toBeVisible();
    await expect(page.getByText(text('it', 'transfer.noQr', 'checkout'))).toHaveCount(0);
    const details = page.getByTestId('transfer-details');
    await expect(details).toContainText('CH44 3199 9123 0008 8901 2');
    await expect(details).toContainText('Rif. 320000001');
    const bill = page.getByTestId('qr-bill');
    await expect(bill).toBeVisible();
    await expect.poll(() => bill.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await check(page, 'ch-it-qr-bill');

    // Draw the bill as the browser rendered it, at four times its size, and hand the pixels of the
    // payment part's QR area (62–130 mm across, 0–80 mm down) to a QR decoder.
    const raster = await bill.evaluate(async (img: HTMLImageElement) => {
      const scale = 4;
      const mm = (img.naturalWidth / 210) * scale;
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(img.naturalWidth * scale);
      canvas.height = Math.round(img.naturalHeight * scale);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      const [x, y, w, h] = [Math.round(62 * mm), 0, Math.round(68 * mm), Math.round(80 * mm)];
      const data = ctx.getImageData(x, y, w, h).data;
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { width: w, height: h, base64: btoa(binary) };
    });
    const pixels = new Uint8ClampedArray(Buffer.from(raster.base64, 'base64'));
    const code = jsQR(pixels, raster.width, raster.height);
    expect(code, 'a QR code is found in the rendered QR-bill').not.toBeNull();

    // Swiss Payment Code 2.0: one field a line (Implementation Guidelines for the QR-bill, 4.2).
    const fields = code!.data.split(/\r?\n/);
    const reference = (await details.textContent())!.match(/\d{2}(?: \d{5}){5}/)![0].replace(/\s/g, '');
    expect(fields.slice(0, 3)).toEqual(['SPC', '0200', '1']);
    expect(fields[3]).toBe('CH4431999123000889012');
    expect(fields[5]).toBe('Clarus Inkasso AG');
    expect(fields[18]).toBe('801.70');
    expect(fields[19]).toBe('CHF');
    expect(fields.slice(21, 27)).toEqual(['Céline Favre', 'Rue de Lausanne', '64', '1202', 'Genève', 'CH']);
    expect(fields[27]).toBe('QRR');
    expect(fields[28]).toBe(reference);
    expect(fields[29]).toBe('Rif. 320000001');
    expect(fields[30]).toBe('EPD');

    // The bill can be saved to print.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: text('it', 'transfer.qrBillDownload', 'checkout') }).click();
    expect((await download).suggestedFilename()).toBe('qr-bill-320000001.svg');
  });

  test('the claim information names Swiss law and the authority in Italian', async ({ page }) => {
    const ch = variants.ch;
    await signInByRequest(page, { refno: '300000001', password, variant: ch, language: 'it', land: false });
    await page.goto(portalPath(ch, '/claim-information'));
    const legal = page.locator('#legal-information');
    await expect(legal).toContainText(
      `${text('it', 'legal.costBasis', 'claimInfo').replace('{{basis}}', 'art. 106 CO')}`,
    );
    await expect(legal).not.toContainText('OR');
    await expect(legal).toContainText('Incaricato federale della protezione dei dati e della trasparenza (IFPDT)');
    await expect(legal).not.toContainText('Eidgenössischer');
    await expect(page.locator('#list-of-claims')).toContainText('Acquisto: elettrodomestici, ordine 20-55871');
    // Swiss figures: a reminder fee of CHF 20, not 5.00 copied from the euro data.
    await expect(legal).toContainText(/CHF\s20\.00/);
    await check(page, 'ch-it-claim-information');
  });
});

test.describe('Switzerland in French', () => {
  test.use({ locale: 'fr-CH' });

  test('the claim information and the privacy page speak French', async ({ page }) => {
    const ch = variants.ch;
    await signIn(page, { refno: '300000001', password, variant: ch, language: 'fr' });
    await page.goto(portalPath(ch, '/claim-information'));
    await expect(page.locator('#legal-information')).toContainText('art. 106 CO');
    await expect(page.locator('#legal-information')).toContainText(
      'Préposé fédéral à la protection des données et à la transparence (PFPDT)',
    );
    await expect(page.locator('#list-of-claims')).toContainText('Achat : appareils électriques, commande 20-55871');
    await check(page, 'ch-fr-claim-information');
    await page.goto(portalPath(ch, '/privacy'));
    await expect(page.getByRole('main')).toContainText(
      'Préposé fédéral à la protection des données et à la transparence (PFPDT)',
    );
    await expect(page.getByRole('main')).not.toContainText('Eidgenössischer');
    await check(page, 'ch-fr-privacy');
  });
});

for (const [language, subject, invoice] of [
  ['en', 'Purchase of clothing, order 4471-2291', 'Winter coat, wool blend'],
  ['tr', 'Satın alma: giyim, sipariş 4471-2291', 'Kışlık mont, yün karışımlı'],
] as const) {
  test.describe(`texts from the agency system in ${language}`, () => {
    test.use({ locale: language });

    test(`100000001 in ${language}: subject, invoice lines, history and legal bases, then a sandbox page`, async ({
      page,
    }) => {
      await signIn(page, { refno: language === 'en' ? '100000001' : '150000001', password, language });
      await expect(page.getByRole('main')).toContainText(subject);
      await page.goto(portalPath(variants.de, '/claim-information'));
      await expect(page.locator('#list-of-claims')).toContainText(subject);
      await expect(page.locator('#list-of-claims')).toContainText(invoice);
      const history = page.locator('#events');
      await expect(history).toContainText(text(language, 'events.kinds.handedOver', 'claimInfo'));
      await expect(history).toContainText(text(language, 'events.letters.finalReminder', 'claimInfo'));
      await expect(page.locator('#legal-information')).toContainText(
        text(language, 'legal.bases.DE.rdgRvg', 'claimInfo'),
      );
      await expect(page.locator('#legal-information')).not.toContainText('Inkassovergütung');
      await check(page, `de-${language}-claim-information`);

      if (language === 'tr') {
        // The sandbox provider's page follows the journey's language.
        await page.goto(portalPath(variants.de, '/checkout/pay-direct'));
        await chooseMethod(page, '1', 'tr');
        await expect(page).toHaveURL(/\/sandbox\/pay\/.*variant=de&hl=tr/);
        await expect(page.getByText(text('tr', 'notice', 'sandbox'))).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
        await check(page, 'sandbox-pay-tr');
        await page.getByRole('button', { name: text('tr', 'cancel', 'sandbox') }).click();
      }
    });
  });
}

test.describe('a Swedish journey', () => {
  test.use({ locale: 'sv-SE' });

  test('no screen shows German: sign-in, dashboard, claim information, payment, Swish and BankID sandbox pages, FAQ, privacy', async ({
    page,
    context,
  }) => {
    // Many screens, each with axe and two screenshots.
    test.setTimeout(240_000);
    const se = variants.se;
    await signIn(page, { refno: '410000001', password, variant: se, language: 'sv' });
    await expectNoGerman(page, 'dashboard');
    await expect(page.getByRole('main')).toContainText('Köp av möbler, order 31-77820');
    await check(page, 'se-sv-dashboard');

    await page.goto(portalPath(se, '/claim-information'));
    await expectNoGerman(page, 'claim information');
    // The Swedish reminder fee, not "5,00 kr" from the euro data.
    await expect(page.locator('#legal-information')).toContainText(/60,00\s*kr/);
    await expect(page.locator('#legal-information')).not.toContainText(/\b5,00\s*kr/);
    await expect(page.locator('#events')).toContainText(text('sv', 'events.kinds.handedOver', 'claimInfo'));
    await check(page, 'se-sv-claim-information');

    for (const path of ['/service/faq', '/privacy']) {
      await page.goto(portalPath(se, path));
      await expectNoGerman(page, path);
    }
    // The FAQ promises no chat assistant that is not there.
    await page.goto(portalPath(se, '/service/faq'));
    await expect(page.getByText(text('sv', 'items.assistant.question', 'faq'))).toHaveCount(0);

    await page.goto(portalPath(se, '/checkout/pay-direct'));
    await expectNoGerman(page, 'payment method');
    await chooseMethod(page, '6', 'sv');
    await expect(page.getByTestId('transfer-details')).toContainText('Ärende 410000001');
    await expectNoGerman(page, 'bank transfer');
    await check(page, 'se-sv-transfer');
    // An open transfer blocks a second payment of the same money (decision 024): discard it first.
    await page.getByRole('button', { name: text('sv', 'page.cancelTransfer', 'checkout') }).click();
    await expect(page).toHaveURL(/\/checkout\/pay-direct/);

    await page.goto(portalPath(se, '/checkout/pay-direct'));
    await chooseMethod(page, 'swish', 'sv');
    await expect(page).toHaveURL(/\/sandbox\/pay\/.*variant=se&hl=sv/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expectNoGerman(page, 'Swish sandbox');
    await check(page, 'se-sv-sandbox-swish');
    await page.getByRole('button', { name: text('sv', 'cancel', 'sandbox') }).click();

    // BankID, from a fresh browser: the sandbox identity app in Swedish with the Stockholm footer.
    const other = await context.browser()!.newContext({ locale: 'sv-SE' });
    const login = await other.newPage();
    await login.goto(portalPath(se, '/signin/bankid'));
    await waitForHydration(login);
    await login.getByRole('button', { name: text('sv', 'start', 'bankid'), exact: true }).click();
    const [app] = await Promise.all([
      other.waitForEvent('page'),
      login.getByRole('link', { name: text('sv', 'open', 'bankid'), exact: true }).click(),
    ]);
    await expect(
      app.getByRole('heading', { level: 1, name: text('sv', 'sandbox.titleSE', 'bankid'), exact: true }),
    ).toBeVisible();
    await expect(app.locator('footer')).toContainText('Stockholm');
    await expect(app.locator('footer')).not.toContainText('Hamburg');
    await expectNoGerman(app, 'BankID sandbox');
    await check(app, 'se-sv-sandbox-bankid');
    await other.close();
  });
});
