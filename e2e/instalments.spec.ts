/**
 * Settling a claim by agreement (issue 5, items 3 to 7): instalments end to end with a SEPA
 * mandate and a wrong postal code, deposit first, down payment first, pay later once and "already
 * granted", skipping an instalment, and the plan by e-mail. axe runs on every page; each page is
 * photographed on a phone and a desktop (e2e/.artifacts/screenshots/instalments-*.png).
 *
 * Money due now is handed over to /checkout/pay-direct (built in another module): only the
 * address of the hand-over is checked here. Each test uses its own demo file: a file holds one
 * agreement, so the pay-later journey and the instalment plan each use their own copy of 100000001 (e2e/support/fixtures.ts).
 */
import { expect, test, type Page } from './helpers/test';
import { createLetterToken } from '../server/auth/letter-links.ts';
import { addMonths } from '../server/instalments/dates.ts';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshot, screenshots } from './helpers/screenshots';
import { errorSummary, signInByRequest } from './helpers/auth';
import { portalPath, seedIso, text, variants, waitForHydration } from './helpers/portal';

test.describe.configure({ mode: 'parallel', retries: 0 });

const de = variants.de;
const password = 'Demo-Pass1';
const t = (key: string) => text('de', key, 'instalments');
/** A translated text with its {{placeholders}} filled in. */
const tf = (key: string, values: Record<string, string | number>) =>
  t(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** axe, then a phone and a desktop photo of the whole page. */
async function check(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, name);
  await screenshots(page, 'instalments', name);
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** "01.12.2026", the medium German date the plan's lines and table show. */
const dateDeMedium = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(
    new Date(`${iso}T12:00:00Z`),
  );

async function open(page: Page, path: string) {
  await page.goto(portalPath(de, path));
  await waitForHydration(page);
}

test('instalments end to end (a copy of 100000001): helper, amount, date, plan, SEPA with a wrong postal code, summary, printable mandate', async ({
  page,
}) => {
  // Eleven pages, each with axe and two photos.
  test.setTimeout(150_000);
  await signInByRequest(page, { refno: '120000001', password });
  await open(page, '/checkout/pay-installments');
  await expect(h1(page, t('payInstalments.title'))).toBeVisible();
  await expect(page.getByTestId('plan-total')).toHaveText(/623,89/);

  // The affordability helper suggests an amount and fills it in.
  await page.getByText(t('helper.title'), { exact: true }).click();
  // The optional fields' labels end in "(optional)": matched by their beginning.
  await page.getByLabel(t('helper.income')).fill('1800');
  await page.getByLabel(t('helper.rent')).fill('700');
  await page.getByLabel(t('helper.living')).fill('900');
  await page.getByRole('button', { name: t('helper.submit') }).click();
  await expect(page.getByTestId('helper-result')).toContainText('100,00');
  await expect(page.getByLabel(t('amount.label'), { exact: true })).toHaveValue('100,00');
  await check(page, 'amount');

  // Too low: inline error and summary, with the minimum in euros; what was typed stays.
  const amount = page.getByLabel(t('amount.label'), { exact: true });
  await amount.fill('5');
  await amount.press('Enter');
  await expect(errorSummary(page)).toBeVisible();
  await expect(errorSummary(page)).toContainText('13,00');
  await expect(amount).toHaveValue('5');
  await check(page, 'amount-error');

  await amount.fill('50');
  await amount.press('Enter');
  await expect(page).toHaveURL(/step=date&monthly=5000/);
  // Ten days after the agency day the demo files were seeded on, whatever this machine's clock says.
  const first = seedIso(10);
  await page.getByLabel(t('date.label'), { exact: true }).fill(first);
  await check(page, 'date');
  await page.getByRole('button', { name: t('next'), exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`step=overview&monthly=5000&first=${first}`));
  await expect(page.getByTestId('plan-count')).toHaveText('13');
  // Issue 25, finding 8: thirteen rates in a few lines (from when to when, the final rate); the
  // table of all of them on demand.
  await expect(page.getByTestId('plan-summary')).toContainText(
    tf('planSummary.periodValue', { first: dateDeMedium(first), last: dateDeMedium(addMonths(first, 12)) }),
  );
  await expect(page.getByTestId('plan-summary')).toContainText(
    tf('planSummary.rateOn', {
      amount: new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(23.89),
      date: dateDeMedium(addMonths(first, 12)),
    }),
  );
  await expect(page.getByRole('table')).toBeHidden();
  await check(page, 'overview');
  await page.getByText(tf('planSummary.showAll', { number: 13 }), { exact: true }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(14);
  await expect(page.getByRole('cell', { name: tf('table.final', { position: 13 }) })).toBeVisible();
  await page.getByRole('link', { name: t('next'), exact: true }).click();

  await page.getByRole('radio', { name: new RegExp(t('method.sepa')) }).check();
  await page.getByRole('checkbox', { name: t('method.agree') }).check();
  await check(page, 'method');
  await page.getByRole('button', { name: t('method.submit') }).click();

  await expect(page).toHaveURL(/step=mandate/);
  await expect(page.getByTestId('creditor-id')).toHaveText('DE98ZZZ09999999999');
  await page.getByLabel(t('mandate.iban'), { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await expect(page.getByText(tf('mandate.bicDerived', { bic: 'COBADEFFXXX' }))).toBeVisible();
  await page.getByLabel(t('mandate.postalCode'), { exact: true }).fill('12345');
  await page.getByRole('checkbox', { name: t('mandate.consent') }).check();
  await check(page, 'mandate');
  await page.getByRole('button', { name: t('mandate.submit') }).click();

  // The postal code does not match the file: the portal password is asked.
  await expect(errorSummary(page)).toContainText(t('errors.postalCodeMismatch'));
  const passwordField = page.getByLabel(t('mandate.password'), { exact: true });
  await expect(passwordField).toBeVisible();
  await expect(page.getByLabel(t('mandate.iban'), { exact: true })).toHaveValue('DE89 3704 0044 0532 0130 00');
  await check(page, 'mandate-password');
  await passwordField.fill(password);
  await page.getByRole('checkbox', { name: t('mandate.consent') }).check();
  await page.getByRole('button', { name: t('mandate.submit') }).click();

  await expect(page).toHaveURL(/step=summary/);
  await expect(page.getByRole('heading', { name: t('summary.title') })).toBeVisible();
  await expect(page.getByTestId('mandate-reference')).toHaveText(/^CI-120000001-P\d+$/);
  await expect(page.getByText(t('summary.mail'))).toBeVisible();
  await check(page, 'summary');

  await page.getByRole('link', { name: t('mandate.print') }).click();
  await expect(h1(page, t('mandatePage.title'))).toBeVisible();
  await expect(page.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
  await check(page, 'mandate-print');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: t('mandatePage.print') })).toBeHidden();
  await screenshot(page, 'instalments-mandate-print-media.png');
  await page.emulateMedia({ media: 'screen' });

  // A second visit: the agreement exists (code 2).
  await open(page, '/checkout/pay-installments');
  await expect(page.getByText(t('errors.code2'))).toBeVisible();
});

test('deposit first for 100000005 (code 5): the stated amount, then the hand-over to pay-direct', async ({ page }) => {
  await signInByRequest(page, { refno: '100000005', password });
  await open(page, '/checkout/pay-installments');
  await expect(page.getByText(tf('errors.code5', { amount: '150,00 €' }))).toBeVisible();
  await check(page, 'deposit');
  await page.getByRole('button', { name: tf('deposit.pay', { amount: '150,00 €' }) }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === portalPath(de, '/checkout/pay-direct') && url.searchParams.get('deposit') === 'true',
  );
});

test('down payment first for 100000003: the pending plan is shown, the down payment is handed over', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000003', password });
  await open(page, '/checkout/pay-installments');
  await expect(page.getByText(tf('downPayment.text', { amount: '200,00 €' }))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('downPayment.planTitle') })).toBeVisible();
  await check(page, 'down-payment');
  await page.getByRole('button', { name: tf('downPayment.pay', { amount: '200,00 €' }) }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === portalPath(de, '/checkout/pay-direct') && url.searchParams.get('downpayment') === 'true',
  );
});

test('pay later once (a copy of 100000001): notice, bank transfer, the settlement fee agreed, confirmation with the date; a second time says already granted', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '130000001', password });
  await open(page, '/checkout/pay-later');
  await expect(h1(page, t('payLater.title'))).toBeVisible();
  // The payment agreement carries the settlement fee (decision 026), explained in a sentence.
  await expect(page.getByTestId('deferral-costs')).toContainText('36,05');
  await expect(page.getByTestId('fee-note')).toContainText('RVG');
  // Nothing chosen: the error summary names both choices.
  await page.getByRole('button', { name: t('next'), exact: true }).click();
  await expect(errorSummary(page)).toContainText(t('errors.methodRequired'));
  await check(page, 'pay-later');
  await page.getByRole('radio', { name: new RegExp(t('method.transfer')) }).check();
  await page.getByRole('button', { name: t('next'), exact: true }).click();
  await expect(page).toHaveURL(/step=agreement/);
  await expect(page.getByTestId('fee-note')).toBeVisible();
  await check(page, 'pay-later-agreement');
  await page.getByRole('checkbox', { name: /36,05/ }).check();
  await page.getByRole('button', { name: t('payLater.submit') }).click();
  await expect(page).toHaveURL(/step=done/);
  await expect(page.getByTestId('deferral-confirmation')).toContainText(t('payLater.done.title'));
  await check(page, 'pay-later-done');

  await open(page, '/checkout/pay-later');
  await expect(page.getByTestId('deferral-already-granted')).toContainText(t('payLater.alreadyGranted'));
});

test('pay later for 100000004 says a deferral was already granted, with the date', async ({ page }) => {
  // By the letter's link: e2e/auth.spec.ts locks 100000004's password sign-in on purpose, and the
  // pay pages accept a reference-level session anyway.
  await page.goto(portalPath(de, `/l/${createLetterToken('100000004', 1)}`));
  await expect(page).toHaveURL((url) => url.pathname === portalPath(de, '/dashboard'), { timeout: 15_000 });
  await open(page, '/checkout/pay-later');
  await expect(page.getByTestId('deferral-already-granted')).toContainText(t('payLater.alreadyGranted'));
  await check(page, 'pay-later-granted');
});

test('skip an instalment (a copy of 100000002): confirmed, then the next instalment is expected as agreed', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '120000002', password });
  await open(page, '/skip-installment');
  await expect(h1(page, t('skip.title'))).toBeVisible();
  await page.getByRole('button', { name: t('skip.submit') }).click();
  await expect(errorSummary(page)).toContainText(t('skip.errors.confirm'));
  await check(page, 'skip');
  await page.getByRole('checkbox', { name: tf('skip.confirm', { position: 3 }) }).check();
  await page.getByRole('button', { name: t('skip.submit') }).click();
  await expect(page.getByTestId('skip-confirmation')).toContainText(t('skip.done.title'));
  await check(page, 'skip-done');
});

test('the repayment plan of 100000002 sent by e-mail: the confirmation reads the outbox row', async ({ page }) => {
  await signInByRequest(page, { refno: '100000002', password });
  await open(page, '/installment-plan');
  await expect(h1(page, t('plan.title'))).toBeVisible();
  // Seven rates: the lines of the plan with the next one to pay, all rates on demand.
  await expect(page.getByTestId('plan-next')).toBeVisible();
  await page.getByText(tf('planSummary.showAll', { number: 7 }), { exact: true }).click();
  await expect(page.getByRole('cell', { name: t('table.paid') })).toHaveCount(2);
  await check(page, 'plan');
  const email = page.getByLabel(t('plan.email'), { exact: true });
  await email.fill('kein-mail');
  await email.blur();
  await page.getByRole('button', { name: t('plan.send') }).click();
  await expect(errorSummary(page)).toContainText(t('plan.errors.emailInvalid'));
  await email.fill('m.yilmaz@example.org');
  await page.getByRole('button', { name: t('plan.send') }).click();
  // The page after the redirect names the outbox row it found for this file (?sent=<row id>).
  await expect(page).toHaveURL(/[?&]sent=\d+/);
  await expect(page.getByTestId('plan-mail-sent')).toHaveText(tf('plan.sent', { email: 'm.yilmaz@example.org' }));
  await check(page, 'plan-sent');
});

test('a file without an agreement is told why skipping is not available', async ({ page }) => {
  await signInByRequest(page, { refno: '100000008', password });
  await open(page, '/skip-installment');
  await expect(page).toHaveURL(/\/checkout\/unavailable\?reason=statusOpen/);
  await expect(page.getByTestId('unavailable-statusOpen')).toBeVisible();
  await check(page, 'unavailable');
});
