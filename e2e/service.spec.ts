/**
 * Service journeys: announce a payment with a receipt, a refused file, the upload center and
 * the contact page (message and callback). axe on every page; screenshots on a phone and a
 * desktop in e2e/.artifacts/screenshots/service-*.png.
 */
import { expect, test } from './helpers/test';
import { signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshots } from './helpers/screenshots';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';

const pdf = (name = 'Kontoauszug.pdf') => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(40_000, 0x20)]),
});
const a = (key: string) => text('de', key, 'announce');
const u = (key: string) => text('de', key, 'uploads');

test.describe.configure({ mode: 'parallel' });

test('announce a payment with a PDF receipt; a text file named .pdf is refused and the form keeps its data', async ({
  page,
}) => {
  const variant = variants.at;
  await signInByRequest(page, { refno: '200000001', password: 'Demo-Pass1', variant, land: false });
  await page.goto(portalPath(variant, '/announce-payment'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: a('title') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'announce step 10');
  await screenshots(page, 'service', 'announce-10');

  // Step 10 without a choice: the error summary names the problem.
  await page.getByRole('button', { name: a('next') }).click();
  await expect(page.getByRole('link', { name: a('errors.payee') })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${a('payee.agency')} \\(`) }).check();
  await page.getByRole('button', { name: a('next') }).click();

  // Step 20: payment data.
  await expect(page.getByLabel(a('fields.paidOn'))).toBeVisible();
  await page.getByLabel(a('fields.paidOn')).fill('2026-01-15');
  await page.getByLabel(a('fields.amount').replace('{{currency}}', 'EUR')).fill('120,50');
  await page.getByLabel(a('fields.payerName')).fill('Florian Gruber');
  await page.getByLabel(a('fields.payerIban')).fill('AT61 1904 3002 3457 3201');
  await page.getByLabel(a('fields.reference')).fill('200000001');
  await expectNoSeriousA11yViolations(page, 'announce step 20');
  await screenshots(page, 'service', 'announce-20');
  await page.getByRole('button', { name: a('next') }).click();

  // Step 30: a good PDF uploads with progress; a text file named .pdf is refused at once.
  const input = page.getByLabel(a('fields.receipts'));
  await expect(input).toBeVisible();
  await waitForHydration(page);
  await input.setInputFiles(pdf());
  await expect(page.getByText('Kontoauszug.pdf')).toBeVisible();
  await expect(page.getByText(u('uploaded'), { exact: true })).toBeVisible({ timeout: 15_000 });
  await input.setInputFiles({
    name: 'Quittung.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Das ist nur ein Text, kein PDF.'),
  });
  const refusal = page.locator('.file-list__item--error').filter({ hasText: 'Quittung.pdf' });
  await expect(refusal).toContainText(u('problems.wrongType'));
  await page.getByRole('button', { name: a('next') }).click();
  await expect(page.getByRole('alert').filter({ hasText: u('blockedInvalid') })).toBeVisible();
  await expect(page).toHaveURL(/announce-payment$/);
  await expectNoSeriousA11yViolations(page, 'announce step 30 with a refused file');
  await screenshots(page, 'service', 'announce-30-refused');

  // Going back keeps everything typed.
  await page.getByRole('button', { name: new RegExp(`^${u('remove')}`) }).click();
  await page.getByRole('button', { name: a('back') }).click();
  await expect(page.getByLabel(a('fields.payerName'))).toHaveValue('Florian Gruber');
  await expect(page.getByLabel(a('fields.amount').replace('{{currency}}', 'EUR'))).toHaveValue('120,50');
  await page.getByRole('button', { name: a('next') }).click();
  // The receipt accepted earlier is offered again: nothing accepted is lost.
  await expect(page.getByRole('checkbox', { name: /Kontoauszug\.pdf/ })).toBeChecked();
  await page.getByRole('button', { name: a('next') }).click();

  // Review: everything typed, the amount formatted, the IBAN masked; nothing is sent yet.
  await expect(page.getByRole('heading', { level: 2, name: a('review.title') })).toBeVisible();
  const review = page.getByTestId('announce-review');
  await expect(review).toContainText('120,50');
  await expect(review).toContainText('Kontoauszug.pdf');
  await expect(review).toContainText('AT61 •••• 3201');
  await expectNoSeriousA11yViolations(page, 'announce review');
  await screenshots(page, 'service', 'announce-review');
  await page.getByRole('button', { name: a('submit') }).click();

  // Done, with the summary; the dashboard shows the announcement beside the unchanged status.
  await expect(page.getByRole('heading', { level: 1, name: a('done.title') })).toBeVisible();
  await expect(page.getByText('Kontoauszug.pdf')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'announce done');
  await screenshots(page, 'service', 'announce-40');
  await page.getByRole('link', { name: a('done.dashboard') }).click();
  await expect(page.getByTestId('announced-payment')).toContainText('120,50');
});

test('upload center for 100000012: choose a document, upload it, see the confirmation; postpone another', async ({
  page,
}) => {
  const variant = variants.de;
  const c = (key: string) => text('de', `center.${key}`, 'uploads');
  await signInByRequest(page, { refno: '100000012', password: 'Demo-Pass1', variant, land: false });
  await page.goto(portalPath(variant, '/upload-center'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: c('title') })).toBeVisible();
  const headings = page.locator('.document-list h2');
  await expect(headings).toHaveText([
    c('templates.identityDocument.title'),
    c('templates.proofOfIncome.title'),
    c('templates.paymentReceipt.title'),
  ]);
  await expectNoSeriousA11yViolations(page, 'upload center list');
  await screenshots(page, 'service', 'upload-center-list');

  // Step 2: upload the identity document.
  await page.getByRole('link', { name: `${c('upload')} – ${c('templates.identityDocument.title')}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    c('uploadTitle').replace('{{document}}', c('templates.identityDocument.title')),
  );
  await waitForHydration(page);
  await page.getByLabel(c('filesLabel')).setInputFiles(pdf('Personalausweis.pdf'));
  await expect(page.getByText(u('uploaded'), { exact: true })).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'upload center upload');
  await screenshots(page, 'service', 'upload-center-upload');
  await page.getByRole('button', { name: c('send') }).click();

  // Step 3: confirmation; the document is marked uploaded.
  await expect(page.getByRole('heading', { level: 1, name: c('done.title') })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(c('done.more_other').replace('{{count}}', '2'));
  await expect(page.locator('.document-list li').first()).toContainText(c('status.Uploaded'));
  await expectNoSeriousA11yViolations(page, 'upload center confirmation');
  await screenshots(page, 'service', 'upload-center-done');

  // Postpone the proof of income.
  await page.getByRole('button', { name: `${c('later')} – ${c('templates.proofOfIncome.title')}` }).click();
  await expect(page.getByText(c('postponed'))).toBeVisible();
  await expect(page.locator('.document-list li').nth(1)).toContainText(c('status.UploadLater'));
});

test('contact: a message with an attachment, then a callback within the callback hours', async ({ page }) => {
  const variant = variants.de;
  const c = (key: string) => text('de', key, 'contact');
  await signInByRequest(page, { refno: '100000001', password: 'Demo-Pass1', variant, land: false });
  await page.goto(portalPath(variant, '/service/contact?subject=7'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: c('title') })).toBeVisible();
  await expect(page.getByLabel(c('message.subject'))).toHaveValue('7');
  await expectNoSeriousA11yViolations(page, 'contact message');
  await screenshots(page, 'service', 'contact-message');

  // Too short, and no way to reach: both are explained; nothing typed is lost.
  await page.getByLabel(c('message.body')).fill('Fehler');
  await page.getByLabel(c('fields.email')).fill('');
  await page.getByLabel(c('fields.phone')).fill('');
  await page.getByRole('button', { name: c('message.send') }).click();
  await expect(page.getByRole('link', { name: c('errors.bodyShort').replace('{{min}}', '20') })).toBeVisible();
  await expect(page.getByRole('link', { name: c('errors.reachable') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'contact message with errors');

  await page.getByLabel(c('message.body')).fill('Beim Bezahlen mit Karte erscheint eine Fehlermeldung auf der Seite.');
  await page.getByLabel(c('fields.email')).fill('anna.becker@example.org');
  await page.getByLabel(c('message.attachments')).setInputFiles(pdf('Bildschirmfoto.pdf'));
  await expect(page.getByText(u('uploaded'), { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: c('message.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: c('sent.message.title') })).toBeVisible();

  // The callback tab: choices follow the day and time of day.
  await page.getByRole('link', { name: c('tabs.callback') }).click();
  await expect(page.getByRole('heading', { level: 2, name: c('callback.title') })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel(c('fields.phone')).fill('040 123456');
  await page.getByLabel(c('callback.reason')).fill('Frage zur Ratenzahlung');
  await page.getByLabel(c('callback.weekday'), { exact: true }).selectOption({ label: 'Freitag' });
  const hours = await page
    .getByLabel(c('callback.hour'), { exact: true })
    .locator(`optgroup[label="${c('timeOfDay.afternoon')}"] option`)
    .allTextContents();
  expect(hours).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00', '16:30']);
  await page.getByLabel(c('callback.hour'), { exact: true }).selectOption('15:00');
  await expectNoSeriousA11yViolations(page, 'contact callback');
  await screenshots(page, 'service', 'contact-callback');
  await page.getByRole('button', { name: c('callback.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: c('sent.callback.title') })).toBeVisible();
  await expect(page).toHaveURL(/action=callback&sent=callback&callback=\d+/);
});

test('without JavaScript: the receipts step is a plain multipart form; a text file named .pdf is refused by the server and everything else is kept', async ({
  browser,
}) => {
  const variant = variants.de;
  // Signed in (by request), then continue in a context without JavaScript.
  const signedIn = await browser.newContext();
  const first = await signedIn.newPage();
  await signInByRequest(first, { refno: '100000005', password: 'Demo-Pass1', variant, land: false });
  const state = await signedIn.storageState();
  await signedIn.close();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const page = await context.newPage();

  await page.goto(portalPath(variant, '/announce-payment'));
  await page.getByRole('radio', { name: new RegExp(`^${a('payee.creditor')} \\(`) }).check();
  await page.getByRole('button', { name: a('next') }).click();
  await page.getByLabel(a('fields.paidOn')).fill('2026-02-01');
  await page.getByLabel(a('fields.amount').replace('{{currency}}', 'EUR')).fill('75');
  await page.getByLabel(a('fields.payerName')).fill('Ole Hansen');
  await page.getByRole('button', { name: a('next') }).click();

  await page
    .getByLabel(a('fields.receipts'))
    .setInputFiles([
      pdf('Beleg.pdf'),
      { name: 'Notiz.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Nur Text.') },
    ]);
  await page.getByRole('button', { name: a('next') }).click();
  await expect(page.getByRole('heading', { name: text('de', 'form.errorSummaryTitle') })).toBeVisible();
  await expect(page.locator('.file-list__item--error').filter({ hasText: 'Notiz.pdf' })).toContainText(
    u('problems.wrongType'),
  );
  await expect(page.getByRole('checkbox', { name: /Beleg\.pdf/ })).toBeChecked();
  // (axe needs script in the page; the same page was checked with JavaScript above.)
  await screenshots(page, 'service', 'announce-30-nojs-refused');

  // On with the kept receipt only: the review of what was typed two steps earlier, then send.
  await page.getByRole('button', { name: a('next') }).click();
  await expect(page.getByTestId('announce-review')).toContainText('75,00');
  await page.getByRole('button', { name: a('submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: a('done.title') })).toBeVisible();
  await expect(page.locator('.definition-list')).toContainText('Beleg.pdf');
  await expect(page.locator('.definition-list')).toContainText('75,00');
  await context.close();
});
