/**
 * Profile journeys: view the personal data, a change with a wrong postal code (inline error and
 * summary, nothing typed lost), corrected and sent as a pending request that blocks further
 * changes; the change-password tab with a wrong old password, then the right one. axe on every
 * page; screenshots on a phone and a desktop in e2e/.artifacts/screenshots/profile-*.png.
 *
 * Files: 100000001 for the change (no other journey edits its profile), its copy 140000001 for
 * the password (e2e/support/fixtures.ts; everyone else keeps Demo-Pass1).
 */
import { expect, test } from './helpers/test';
import { errorSummary, signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshots } from './helpers/screenshots';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';

const p = (key: string) => text('de', key, 'profile');
const s = (key: string) => text('de', key, 'signin');
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test.describe.configure({ mode: 'parallel' });

test('change the address: a wrong postal code is refused with the input kept, the corrected change is pending and blocks the next', async ({
  page,
}) => {
  const variant = variants.de;
  await signInByRequest(page, { refno: '100000001', password: 'Demo-Pass1', land: false });
  await page.goto(portalPath(variant, '/debtor/profile'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: p('title') })).toBeVisible();
  await expect(page.getByRole('link', { name: p('tabs.personal') })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Lindenallee 14')).toBeVisible();
  await expect(page.getByText('anna.schneider@example.org')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'profile view');
  await screenshots(page, 'profile', 'view');

  await page.getByRole('link', { name: p('view.edit') }).click();
  await expect(page).toHaveURL(/\/debtor\/profile\?edit=true$/);
  await waitForHydration(page);
  const form = {
    reason: page.getByLabel(p('fields.reason')),
    moveDate: page.getByLabel(p('fields.relocationDate')),
    street: page.getByLabel(p('fields.streetName')),
    number: page.getByLabel(p('fields.houseNumber')),
    zip: page.getByLabel(p('fields.zipCode')),
    city: page.getByLabel(p('fields.city')),
    submit: page.getByRole('button', { name: p('edit.submit') }),
  };
  // The move date and the proof upload appear only for the reasons that need them.
  await expect(form.moveDate).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'profile edit');
  await screenshots(page, 'profile', 'edit');

  await form.reason.selectOption('move');
  await expect(form.moveDate).toBeVisible();
  await form.moveDate.fill(today());
  await form.street.fill('Bonner Straße');
  await form.number.fill('12b');
  await form.zip.fill('50968');
  await form.city.fill('Berlin');
  await form.city.blur();
  await form.submit.click();

  const mismatch = p('errors.zipCity');
  await expect(errorSummary(page).getByRole('link', { name: mismatch })).toBeVisible();
  await expect(page.locator('.field-error', { hasText: mismatch })).toBeVisible();
  await expect(form.zip).toHaveAttribute('aria-invalid', 'true');
  await expect(form.city).toHaveValue('Berlin');
  await expect(form.street).toHaveValue('Bonner Straße');
  await expect(form.reason).toHaveValue('move');
  await expect(form.moveDate).toHaveValue(today());
  await expectNoSeriousA11yViolations(page, 'profile edit with errors');
  await screenshots(page, 'profile', 'error');

  await form.city.fill('Köln');
  await form.city.blur();
  await form.submit.click();
  await expect(page).toHaveURL(/\/debtor\/profile\?sent=1$/);
  await expect(page.getByRole('status').getByText(p('sent.title'))).toBeVisible();
  await expect(page.getByRole('heading', { name: p('pending.title') })).toBeVisible();
  const pending = page.locator('.pending');
  await expect(pending.getByText(p('reasons.move'), { exact: true })).toBeVisible();
  await expect(pending.getByText('Bonner Straße', { exact: true })).toBeVisible();
  // The data on file are unchanged until the agency has processed the request.
  await expect(page.getByText('Lindenallee 14')).toBeVisible();
  await expect(page.getByRole('link', { name: p('view.edit') })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'profile pending');
  await screenshots(page, 'profile', 'pending');

  // Asking for the edit mode again shows why it is not possible, never the form.
  await page.goto(`${portalPath(variant, '/debtor/profile')}?edit=true`);
  await expect(page.getByRole('heading', { name: p('pending.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: p('edit.submit') })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'profile edit refused');
});

test('change the password: a wrong old password is refused, the right one changes it and the session stays', async ({
  page,
}) => {
  const variant = variants.de;
  await signInByRequest(page, { refno: '140000001', password: 'Demo-Pass1', land: false });
  await page.goto(portalPath(variant, '/debtor/profile'));
  await page.getByRole('link', { name: p('tabs.password') }).click();
  await expect(page).toHaveURL(/\/debtor\/profile\/password$/);
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: p('tabs.password') })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page, 'change password');
  await screenshots(page, 'profile', 'password');

  const old = page.getByLabel(p('password.old'));
  const fresh = page.getByLabel(s('setPassword.newPassword'), { exact: true });
  const confirm = page.getByLabel(s('setPassword.confirmPassword'));
  const submit = page.getByRole('button', { name: p('password.submit') });

  await old.fill('Falsch-Pass9');
  await fresh.fill('Kaffee-Mühle-2049');
  await confirm.fill('Kaffee-Mühle-2049');
  await confirm.blur();
  await submit.click();
  await expect(errorSummary(page).getByRole('link', { name: s('errors.password.wrongOld') })).toBeVisible();
  await expect(old).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'change password wrong old');
  await screenshots(page, 'profile', 'password-error');

  await old.fill('Demo-Pass1');
  await fresh.fill('Kaffee-Mühle-2049');
  await confirm.fill('Kaffee-Mühle-2049');
  await confirm.blur();
  await submit.click();
  await expect(page).toHaveURL(/\/debtor\/profile\/password\?changed=1$/);
  await expect(page.getByRole('status').getByText(p('password.changed.title'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'password changed');
  await screenshots(page, 'profile', 'password-changed');

  // Still signed in: the personal data open without a new sign-in.
  await page.getByRole('link', { name: p('tabs.personal') }).click();
  await expect(page).toHaveURL(/\/debtor\/profile$/);
  await expect(page.getByRole('heading', { name: p('view.title') })).toBeVisible();
});
