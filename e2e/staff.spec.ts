/**
 * The review desk (issue 15): a reviewer made with staff:create signs in with password and TOTP,
 * finds an assistant turn whose message held an IBAN, a name and an e-mail address, sees its
 * intent and none of those data, corrects the intent and downloads the export with the
 * correction; a reviewer is refused the admin page, an admin reaches it; a debtor's session
 * does not open the desk. axe on every staff page; pictures at laptop (1280) and tablet (820).
 *
 * The debtor's message goes through the chat pane; the other turns of the log are recorded
 * through recordTurn by the e2e web server (e2e/support/staff-fixtures.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './helpers/test';
import { generateSync } from 'otplib';
import { signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { text, waitForHydration } from './helpers/portal';
import { screenshot } from './helpers/screenshots';

interface Created {
  email: string;
  password: string;
  totpSecret: string;
}

function created(file: string): Created {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, file), 'utf8')) as Created;
}

const personal = [/DE89/, /3704/, /Jonas/, /Becker/, /jonas\.becker/, /example\.com/];

async function pictures(page: Page, name: string) {
  const original = page.viewportSize();
  for (const size of [
    { label: 'laptop', width: 1280, height: 800 },
    { label: 'tablet', width: 820, height: 1180 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await screenshot(page, `staff-${name}-${size.label}.png`);
  }
  if (original) await page.setViewportSize(original);
}

/** Password, then the code the authenticator app would show (after the QR code at the first sign-in). */
async function staffSignIn(page: Page, account: Created, options: { firstTime: boolean }) {
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/signin/);
  // The desk opens in the browser's German; the switch in its header turns it to English.
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für Mitarbeitende' })).toBeVisible();
  // <summary> has no ARIA role to select it by: the disclosure is found by its text ("Sprache: DE").
  await page.getByRole('banner').locator('summary', { hasText: 'Sprache:' }).click();
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff sign-in');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/staff\/code/);
  if (options.firstTime) {
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code to set up the authenticator app' })).toBeVisible();
    await expect(page.getByText(account.totpSecret)).toBeVisible();
    await pictures(page, 'enrolment');
  }
  await expectNoSeriousA11yViolations(page, 'staff code');
  await page.getByLabel('Code from the authenticator app').fill(generateSync({ secret: account.totpSecret }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/staff');
}

/**
 * A debtor (demo file 100000001) signed in on a phone with the chat pane open: what they write
 * goes to the intent log through the pane's own route.
 */
async function debtorPane(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 390, height: 844 },
  });
  const debtorPage = await context.newPage();
  await signInByRequest(debtorPage, { refno: '100000001', password: 'Demo-Pass1' });
  await waitForHydration(debtorPage);
  await debtorPage.getByTestId('assistant-fab').click();
  const pane = debtorPage.getByRole('dialog', { name: text('de', 'title', 'assistant') });
  const input = pane.getByRole('textbox', { name: text('de', 'inputLabel', 'assistant') });
  return { context, pane, input };
}

/** What a debtor writes in the pane: an amount, a date, an IBAN, a name and an e-mail address. */
const message =
  'Ich habe gestern 120 Euro überwiesen von meinem Konto DE89 3704 0044 0532 0130 00, ich bin Jonas Becker, schreiben Sie mir an jonas.becker@example.com';

test('a debtor writes personal data in the pane; a reviewer signs in with TOTP, finds the entry anonymised, corrects it and exports the correction', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  // The debtor, on a phone: the turn goes to the intent log through the pane's own route.
  const { context: debtor, pane, input } = await debtorPane(browser, testInfo.project.use.baseURL);
  await expect(input).toBeFocused();
  await input.fill(message);
  await input.press('Enter');
  // The answer leads to announcing the payment, with the amount and yesterday's date.
  // (The link goes through /assistant/follow?to=…, the target URL-encoded.)
  await expect(pane.locator('a[href*="announce-payment"]').first()).toBeVisible();
  await debtor.close();

  const reviewer = created('staff-reviewer.json');
  await staffSignIn(page, reviewer, { firstTime: true });

  // The log: the entry with its intent, the placeholders instead of the personal data.
  await expect(page.getByRole('heading', { level: 1, name: 'Log of questions' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff log');
  await pictures(page, 'log');
  await page.getByLabel('Recognised intent').selectOption('already_paid');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/intent=already_paid/);
  const row = page.getByRole('row').filter({ hasText: '[IBAN]' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('already_paid');
  await expect(row).toContainText('[NAME]');
  await expect(row).toContainText('[EMAIL]');
  const html = await page.content();
  for (const pattern of personal) expect(html).not.toMatch(pattern);

  // The entry: correct the intent.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Entry \d+$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff entry');
  for (const pattern of personal) expect(await page.content()).not.toMatch(pattern);
  await page.getByLabel('Right intent').selectOption('update_profile');
  await page.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The correction is saved.' })).toBeVisible();
  await expect(page.getByText(/Corrected to update_profile/)).toBeVisible();
  await pictures(page, 'entry');

  // Charts: drawn on the server, each also a table.
  await page.getByRole('navigation', { name: 'Review desk sections' }).getByRole('link', { name: 'Charts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Charts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questions per intent and day' })).toBeVisible();
  await page.getByText('As a table').last().click();
  await expect(page.getByRole('cell', { name: 'update_profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff charts');
  await pictures(page, 'charts');

  // Corrections: the figure and the export with the correction in it.
  await page
    .getByRole('navigation', { name: 'Review desk sections' })
    .getByRole('link', { name: 'Corrections' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Corrections and training data' })).toBeVisible();
  await expect(page.getByText(/The current model gets \d+ of 1 corrected entry right\./)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff corrections');
  await pictures(page, 'corrections');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download de\.jsonl/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('de.jsonl');
  const body = readFileSync((await download.path())!, 'utf8');
  const lines = body
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toEqual({ text: expect.stringContaining('[IBAN]'), intent: 'update_profile' });
  for (const pattern of personal) expect(body).not.toMatch(pattern);

  // A reviewer is refused the admin page.
  const refused = await page.goto('/staff/accounts');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'staff forbidden');
});

test('an admin manages accounts', async ({ page }) => {
  const admin = created('staff-admin.json');
  await staffSignIn(page, admin, { firstTime: true });
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'e2e.reviewer@agency.example' })).toBeVisible();
  await page.getByLabel('E-mail address').fill('new.colleague@agency.example');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'new.colleague@agency.example' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'new.colleague@agency.example' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff accounts');
  await pictures(page, 'accounts');
});

test("a debtor's session does not open the review desk", async ({ page }) => {
  await signInByRequest(page, { refno: '100000002', land: false });
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/signin/);
  await expect(page.getByRole('navigation', { name: /Bereiche des Prüfpults|Review desk sections/ })).toHaveCount(0);
});

test('issue 27: the password and a relative’s name written in the pane reach no one at /staff; a leaked entry is masked, flagged and deleted', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { context: debtor, pane, input } = await debtorPane(browser, testInfo.project.use.baseURL);
  const send = pane.locator('form.chat-pane__input button[type="submit"]');
  for (const message of [
    'Mein Passwort ist Demo-Pass1 und ich komme nicht rein',
    'mein Vater Horst Engelmann zahlt ab März die Raten für mich',
  ]) {
    await input.fill(message);
    await input.press('Enter');
    // the message stands in the pane, and the answer has come (the send button is free again)
    await expect(pane.getByText(message)).toBeVisible();
    await expect(send).toBeEnabled();
  }
  await debtor.close();

  await staffSignIn(page, created('staff-privacy.json'), { firstTime: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Log of questions' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Mein Passwort ist [PASSWORD]' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'mein Vater [NAME] zahlt' })).toHaveCount(1);
  const secrets = [/Demo-Pass1/, /Horst/, /Engelmann/, /Anna/, /Schneider/, /Pfannenstiel/, /Gerlinde/, /14\.07\.1961/];
  for (const pattern of secrets) expect(await page.content()).not.toMatch(pattern);
  // The entry an older anonymiser left with a name and a birth date: masked here and flagged. It
  // was stored before the other journeys' turns, so the oldest profile entries show it on page 1.
  await page.goto('/staff?intent=update_profile&sort=at&dir=asc');
  const leaked = page.getByRole('row').filter({ hasText: 'Kontoinhaberin ist [NAME]' });
  await expect(leaked).toContainText('Flagged for deletion');
  await expect(page.getByText(/still held personal data: masked and flagged for deletion/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff log with a flagged entry');
  await pictures(page, 'log-flagged');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'staff-log-flagged-phone.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Delete flagged entries' }).click();
  await expect(page.getByRole('status')).toContainText(/flagged entr(y was|ies were) deleted/);
  await page.goto('/staff?intent=update_profile&sort=at&dir=asc');
  await expect(page.getByRole('heading', { level: 1, name: 'Log of questions' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Kontoinhaberin ist' })).toHaveCount(0);
  for (const pattern of secrets) expect(await page.content()).not.toMatch(pattern);
});
