/**
 * Download center (issue 6, item 4): each of the four printed forms filled in and its PDF read
 * for the debtor's name (goods return 100000001, mandate 100000002, goods not received 100000003
 * on a phone, identity theft 100000010 in Spanish), and an objection sent online with evidence.
 * axe runs on every page looked at; screenshots on a phone and a desktop go to
 * e2e/.artifacts/screenshots/. Creating a form only records a portal order, so these files stay
 * as docs/demo-data.md describes them.
 *
 * The online objection uses a copy of the Austrian demo file (220000001): an objection pauses
 * collection and removes the pay buttons, which other journeys rely on in the same run.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './helpers/test';
import { pdfText } from '../tests/helpers/pdf-text';
import { errorSummary, signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshots } from './helpers/screenshots';
import { languageNames } from '../server/i18n/languages.ts';
import { expectDocumentLanguage, portalPath, text, variants, waitForHydration, type Variant } from './helpers/portal';

const password = 'Demo-Pass1';
const doc = (key: string, values: Record<string, string> = {}) =>
  text('de', key, 'documents').replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** Downloads the PDF offered in the "ready" panel; checks it is one and returns its text. */
async function downloadPdf(page: Page, kind: string, language = 'de'): Promise<string> {
  const ready = page.locator('#ready');
  const link = ready.getByRole('link', { name: text(language, 'create.download', 'documents'), exact: true });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${kind}-\\d+\\.pdf$`));
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return await pdfText(bytes);
}

/** Opens one form from the download center's overview, as a debtor would. */
async function openForm(page: Page, variant: Variant, kind: string, language = 'de') {
  if (new URL(page.url()).pathname !== portalPath(variant, '/download-center'))
    await page.goto(portalPath(variant, '/download-center'));
  await page.getByRole('link', { name: text(language, `forms.${kind}.title`, 'documents'), exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(variant, `/download-center/${kind}`));
  await waitForHydration(page);
  return page.locator(`form#create-${kind}`);
}

test('100000001: goods return form, a wrong zip corrected, the filled PDF downloaded', async ({ page }) => {
  await signInByRequest(page, { refno: '100000001', password, land: false });
  await page.goto(portalPath(variants.de, '/download-center'));
  await expect(page.getByRole('heading', { level: 1, name: doc('overview.title'), exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'download center');
  await screenshots(page, 'documents', 'overview');

  const form = await openForm(page, variants.de, 'goods-return');
  // Prefilled from the profile.
  await expect(form.getByLabel(doc('fields.lastName'))).toHaveValue('Schneider');
  await expect(form.getByLabel(doc('fields.city'))).toHaveValue('Köln');
  await expectNoSeriousA11yViolations(page, 'goods return form');
  await screenshots(page, 'documents', 'goods-return');

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
  await screenshots(page, 'documents', 'goods-return-errors');

  await zip.fill('50968');
  await zip.blur();
  await expect(summary).toBeHidden();
  await form.getByRole('button', { name: doc('create.submit'), exact: true }).click();
  const ready = page.locator('#ready');
  await expect(ready.getByRole('heading', { name: doc('create.readyTitle'), exact: true })).toBeVisible();
  await expect(ready).toContainText(variants.de.legal.street);
  await expect(ready).toContainText(`${variants.de.legal.postalCode} ${variants.de.legal.city}`);
  await expectNoSeriousA11yViolations(page, 'goods return form created');
  await screenshots(page, 'documents', 'goods-return-ready');

  const pdf = await downloadPdf(page, 'goods-return');
  expect(pdf).toContain('Anna');
  expect(pdf).toContain('Schneider');
  expect(pdf).toContain(variants.de.legal.name);
});

test('100000002: power of attorney for a helper, the attorney named in full, the filled PDF downloaded', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000002', password });
  const form = await openForm(page, variants.de, 'mandate');
  const authorizer = form.getByRole('group', { name: doc('sections.authorizer'), exact: true });
  const attorney = form.getByRole('group', { name: doc('sections.attorney'), exact: true });
  // The authorizer is the debtor, prefilled from the profile; the attorney is typed in.
  await expect(authorizer.getByLabel(doc('fields.firstName'))).toHaveValue('Mehmet');
  await expect(authorizer.getByLabel(doc('fields.city'))).toHaveValue('Dortmund');
  await expectNoSeriousA11yViolations(page, 'mandate form');
  await screenshots(page, 'documents', 'mandate');

  await attorney.getByLabel(doc('fields.attorneyFullName')).fill('Brandt');
  await attorney.getByLabel(doc('fields.attorneyStreet')).fill('Hansastraße');
  await attorney.getByLabel(doc('fields.attorneyStreetNumber')).fill('12');
  await attorney.getByLabel(doc('fields.attorneyZip')).fill('44137');
  await attorney.getByLabel(doc('fields.attorneyCity')).fill('Dortmund');
  await form.getByRole('button', { name: doc('create.submit'), exact: true }).click();
  // One word is not a full name: the message stands beside the field and in the summary.
  const summary = errorSummary(page);
  await expect(summary.getByRole('link', { name: doc('errors.fullName.twoParts'), exact: true })).toBeVisible();
  const fullName = attorney.getByLabel(doc('fields.attorneyFullName'));
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(attorney.getByLabel(doc('fields.attorneyStreet'))).toHaveValue('Hansastraße');
  await expectNoSeriousA11yViolations(page, 'mandate form with errors');

  await fullName.fill('Peter Brandt');
  await form.getByRole('button', { name: doc('create.submit'), exact: true }).click();
  await expect(
    page.locator('#ready').getByRole('heading', { name: doc('create.readyTitle'), exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'mandate created');

  const pdf = await downloadPdf(page, 'mandate');
  // Printed as written, Turkish dotless ı included.
  expect(pdf).toContain('Mehmet');
  expect(pdf).toContain('Yılmaz');
  expect(pdf).toContain('Dortmund');
  expect(pdf).toContain('Peter Brandt');
  expect(pdf).toContain('Hansastraße');
  expect(pdf).toContain('44137');
  expect(pdf).toContain('100000002');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('100000003: goods not received, declared on a phone, the filled PDF downloaded', async ({ page }) => {
    await signInByRequest(page, { refno: '100000003', password });
    const form = await openForm(page, variants.de, 'goods-not-recieved');
    await expect(form.getByLabel(doc('fields.lastName'))).toHaveValue('Becker');
    await expect(form.getByLabel(doc('fields.zip'))).toHaveValue('04109');
    await expectNoSeriousA11yViolations(page, 'goods not received form');

    // A birth date in the future is refused next to the field; the rest of the form stays.
    const born = form.getByLabel(doc('fields.born'));
    await born.fill('2090-01-01');
    await form.getByRole('button', { name: doc('create.submit'), exact: true }).click();
    await expect(errorSummary(page).getByRole('link', { name: doc('errors.born.tooLate'), exact: true })).toBeVisible();
    await expect(form.getByLabel(doc('fields.lastName'))).toHaveValue('Becker');
    await born.fill('1984-05-17');
    await form.getByRole('button', { name: doc('create.submit'), exact: true }).click();
    await expect(
      page.locator('#ready').getByRole('heading', { name: doc('create.readyTitle'), exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'goods not received created');

    const pdf = await downloadPdf(page, 'goods-not-recieved');
    expect(pdf).toContain('Julia');
    expect(pdf).toContain('Becker');
    expect(pdf).toContain('Gartenweg');
    expect(pdf).toContain('100000003');
  });
});

test('100000010: identity theft declared in Spanish, the filled PDF downloaded', async ({ page }) => {
  const es = (key: string) => text('es', key, 'documents');
  // A debtor with several files starts on the claims list; the first file is the session's.
  await signInByRequest(page, { refno: '100000010', password, expectPath: '/claims-list' });
  // She switches the portal to Spanish with the language menu; the choice holds from page to page.
  await page.goto(portalPath(variants.de, '/download-center'));
  await waitForHydration(page);
  const header = page.getByRole('banner');
  await header.locator('summary', { hasText: `${text('de', 'shell.language')}:` }).click();
  await header.getByRole('button', { name: languageNames.es, exact: true }).click();
  await expectDocumentLanguage(page, 'es');
  await waitForHydration(page);
  const form = await openForm(page, variants.de, 'identity-theft', 'es');
  await expect(
    page.getByRole('heading', { level: 1, name: es('forms.identity-theft.title'), exact: true }),
  ).toBeVisible();
  await expect(form.getByLabel(es('fields.lastName'))).toHaveValue('García López');
  await expectNoSeriousA11yViolations(page, 'identity theft form (es)');
  await screenshots(page, 'documents', 'identity-theft-es');

  await form.getByRole('button', { name: es('create.submit'), exact: true }).click();
  await expect(
    page.locator('#ready').getByRole('heading', { name: es('create.readyTitle'), exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'identity theft created (es)');

  const pdf = await downloadPdf(page, 'identity-theft', 'es');
  expect(pdf).toContain('Maria');
  expect(pdf).toContain('García López');
  expect(pdf).toContain('Nürnberg');
  // The form is in the debtor's language.
  expect(pdf).toContain(es('forms.identity-theft.title'));
});

test('200000001: an identity-theft objection sent online with a PDF as evidence', async ({ page }) => {
  const at = variants.at;
  await signInByRequest(page, { refno: '220000001', password, variant: at, land: false });
  await page.goto(portalPath(at, '/download-center/identity-theft'));
  await waitForHydration(page);
  const section = page.locator('#dispute');
  await expect(section.getByRole('heading', { name: doc('dispute.title'), exact: true })).toBeVisible();

  await section
    .getByLabel(doc('dispute.statement'))
    .fill('Ich habe diesen Vertrag nie geschlossen; jemand hat meine Daten benutzt.');
  // A program renamed .pdf is caught in the browser by its first bytes and must be removed;
  // the police report is uploaded at once, with a progress bar, and listed as uploaded.
  await section.getByLabel(doc('dispute.evidence')).setInputFiles([
    {
      name: 'anzeige.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    },
    { name: 'programm.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0]) },
  ]);
  const uploads = (key: string) => text('de', key, 'uploads');
  const kept = section.getByRole('checkbox', { name: /anzeige\.pdf/ });
  await expect(kept).toBeChecked();
  await expect(section.locator('.file-list__item--error', { hasText: 'programm.pdf' })).toContainText(
    uploads('problems.wrongType'),
  );
  await section.getByRole('button', { name: `${uploads('remove')} – programm.pdf`, exact: true }).click();
  await expect(section.getByText('programm.pdf')).toHaveCount(0);
  await section.getByRole('checkbox', { name: doc('dispute.confirm'), exact: true }).check();
  await screenshots(page, 'documents', 'identity-theft-dispute');
  await section.getByRole('button', { name: doc('dispute.submit'), exact: true }).click();

  const state = page.getByTestId('dispute-state');
  await expect(state.getByRole('heading', { name: doc('dispute.sentTitle'), exact: true })).toBeVisible();
  await expect(state).toContainText(doc('dispute.paused'));
  await expect(page).toHaveURL((url) => url.searchParams.get('sent') === '1');
  await expectNoSeriousA11yViolations(page, 'identity theft objection sent');
  await screenshots(page, 'documents', 'identity-theft-sent');

  // The dashboard says the objection is being reviewed.
  await page.goto(portalPath(at, '/dashboard'));
  await expect(page.getByText(text('de', 'status.disputed', 'claim'), { exact: true })).toBeVisible();
});
