/**
 * What a reference-only (limited) session may do (issue 10, findings 1 and 7; decision 018):
 * it never sets a password without the old one, it sees the payment area, and everything that
 * needs a full login is offered as a clear step-up to the password.
 */
import { expect, test } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { signIn } from './helpers/auth';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';
import { screenshots } from './helpers/screenshots';

test.describe.configure({ mode: 'parallel', retries: 0 });

const de = variants.de;
const password = 'Demo-Pass1';

test('a reference number alone cannot set the password (account takeover refused)', async ({ page, baseURL }) => {
  // 150000009 is a copy of 100000009, whose password change is forced.
  await signIn(page, { refno: '150000009', expectPath: '/dashboard' });
  await expect(
    page.getByText(text('de', 'reference', 'dashboard').replace('{{reference}}', '150000009'), { exact: true }),
  ).toBeVisible();

  // The set-password page asks for the current password first.
  await page.goto(portalPath(de, '/signin/set-password'));
  await expect(page).toHaveURL(
    (url) => url.pathname === portalPath(de, '/signin') && url.searchParams.get('action') !== 'AZonly',
  );
  await expect(page.getByRole('heading', { level: 1, name: text('de', 'title', 'signin'), exact: true })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, 'step-up before set-password');

  // Posting a new password with the reference-only cookie, as an attacker would, changes nothing.
  const answer = await page.request.post(`${baseURL}${portalPath(de, '/signin/set-password')}`, {
    form: { newPassword: 'Uebernahme-Versuch-77', confirmPassword: 'Uebernahme-Versuch-77' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(answer.headers()['set-cookie']).toBeUndefined();
  expect(answer.headers()['location'] ?? '').not.toContain('/dashboard');

  // The old password still works, and the forced change is still ahead of the real debtor.
  await page.context().clearCookies();
  await signIn(page, { refno: '150000009', password, expectPath: '/signin/set-password' });
  await expect(
    page.getByRole('heading', { level: 1, name: text('de', 'setPassword.title', 'signin'), exact: true }),
  ).toBeVisible();
});

test('a reference-only session pays, sees no account or address, and is offered the password where full login is needed', async ({
  page,
}) => {
  await signIn(page, { refno: '100000002' });
  await waitForHydration(page);
  const stepUp = page.getByTestId('step-up');
  await expect(stepUp).toContainText(text('de', 'shell.stepUp.dashboardTitle'));
  await expect(page.getByRole('link', { name: new RegExp(text('de', 'more.contact', 'dashboard')) })).toContainText(
    text('de', 'shell.stepUp.needsPassword'),
  );
  await expectNoSeriousA11yViolations(page, 'limited dashboard');
  await screenshots(page, 'access', 'limited-dashboard');

  // The plan can be mailed only to the stored address, which is never shown.
  await page.goto(portalPath(de, '/installment-plan'));
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: text('de', 'shell.stepUp.sendToStored'), exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: text('de', 'plan.email', 'instalments') })).toHaveCount(0);
  expect(await page.content()).not.toMatch(/@example\.org/);
  await page.getByRole('button', { name: text('de', 'shell.stepUp.sendToStored'), exact: true }).click();
  await expect(page.getByTestId('plan-mail-sent')).toContainText(text('de', 'shell.stepUp.sentToStored'));
  await expectNoSeriousA11yViolations(page, 'limited plan mail');
  await screenshots(page, 'access', 'limited-plan');

  // "Message or callback" is the sign-in with password, which then opens the contact page.
  await page.goto(portalPath(de, '/dashboard'));
  await waitForHydration(page);
  await page.getByRole('link', { name: new RegExp(text('de', 'more.contact', 'dashboard')) }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === portalPath(de, '/signin') &&
      url.searchParams.get('returnTo') === portalPath(de, '/service/contact'),
  );
  await signIn(page, { refno: '100000002', password, stayOnPage: true, expectPath: '/service/contact' });
});

test('the printed mandate shows a reference-only session a masked account', async ({ page }) => {
  await signIn(page, { refno: '100000011' });
  await page.goto(portalPath(de, '/sepa-mandate'));
  await waitForHydration(page);
  await expect(page.getByText('DE89 •••• 3000', { exact: true })).toBeVisible();
  await expect(page.getByTestId('mandate-masked')).toContainText(text('de', 'shell.stepUp.maskedAccount'));
  expect(await page.content()).not.toMatch(/3704|COBADEFF/);
  await expectNoSeriousA11yViolations(page, 'limited mandate');
  await screenshots(page, 'access', 'limited-mandate');
});
