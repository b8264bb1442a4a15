import { expect, test, type Page } from './helpers/test';
import { errorSummary, messagePattern } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { portalPath, text, variants } from './helpers/portal';
import { screenshots } from './helpers/screenshots';

/**
 * A newcomer's "forgot password" in the demo mode (issue 12): the mail shows up in the
 * development mailbox at /dev/mailbox (the server runs with NODE_ENV=production and DEMO=true),
 * its link leads to the portal's own address, and the fourth request within the hour is refused
 * with a calm message in the error summary and above the button (issue 10, finding 8).
 */
const resetPath = portalPath(variants.de, '/password/reset');

async function requestReset(page: Page, reference: string) {
  await page.goto(resetPath);
  const field = page.getByRole('textbox', { name: text('de', 'reference.label', 'signin'), exact: true });
  await field.fill(reference);
  // The captcha starts on a focus inside the form; focus again until the widget is there.
  const verified = page.getByText(text('de', 'captcha.verified', 'signin'), { exact: true });
  await expect(async () => {
    await page.getByRole('link', { name: text('de', 'reset.back', 'signin') }).focus();
    await field.focus();
    await expect(verified).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/password/reset'));
  await page.getByRole('button', { name: text('de', 'reset.submit', 'signin'), exact: true }).click();
  return (await answer).status();
}

test('the reset mail appears in the development mailbox, and a fourth request in the hour is refused', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  expect(await requestReset(page, '100000005')).toBe(200);
  await expect(page.getByText(text('de', 'reset.sent', 'signin'))).toBeVisible();

  // The mail worker delivers within its interval; the mailbox lists it.
  const subject = new RegExp(messagePattern(text('de', 'passwordReset.subject', 'mail')));
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('link', { name: subject }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('link', { name: subject }).first().click();
  const link = page.getByRole('link', { name: text('de', 'passwordReset.action', 'mail') });
  // The link is on the portal's configured address (here http://localhost:PORT), whatever Host the request had.
  expect(await link.getAttribute('href')).toMatch(
    new RegExp(`^${baseURL}/serviceportal/password/reset/[\\w-]+\\.[\\w-]+$`),
  );

  expect(await requestReset(page, '100000005')).toBe(200);
  expect(await requestReset(page, '100000005')).toBe(200);
  expect(await requestReset(page, '100000005')).toBe(429);
  const message = new RegExp(messagePattern(text('de', 'form.rateLimited_other')));
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page).getByRole('link', { name: message })).toBeVisible();
  await expect(page.locator('.form-error')).toContainText(message);
  // The reference number typed stays in the field.
  await expect(page.getByRole('textbox', { name: text('de', 'reference.label', 'signin'), exact: true })).toHaveValue(
    '100000005',
  );
  await expectNoSeriousA11yViolations(page, 'password reset refused for now');
  await screenshots(page, 'password-reset', 'rate-limited');
});
