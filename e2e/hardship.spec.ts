/**
 * Difficult times (issue 26, item 3): from the chat pane's hardship answer (the dashboard links the
 * page too) to /service/hardship, the error summary
 * of an empty request, the breathing space recorded (collection paused, the instalment that fits
 * the figures), the running pause on the page and in the file's history, and the agency's mail
 * in the development mailbox; a Swedish file in Swedish with its own country's debt advice. axe
 * on every page; screenshots on a phone and a desktop in e2e/.artifacts/screenshots/hardship-*.png.
 */
import { expect, test } from './helpers/test';
import { errorSummary, messagePattern, signIn, signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshots } from './helpers/screenshots';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';

const password = 'Demo-Pass1';
const h = (language: string, key: string) => text(language, key, 'hardship');

test('German: hardship told in the pane, a breathing space asked for, reminders paused, the agency told by mail', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const variant = variants.paycare;
  await signInByRequest(page, { refno: '600000001', password, variant });
  await expect(page.getByRole('link', { name: text('de', 'hardshipLink', 'dashboard') })).toHaveAttribute(
    'href',
    portalPath(variant, '/service/hardship'),
  );
  // The assistant answers hardship in the answer itself: the relief, the page, a person with the phone.
  await waitForHydration(page);
  await page.getByTestId('assistant-fab').click();
  const pane = page.getByRole('dialog', { name: text('de', 'title', 'assistant') });
  const input = pane.getByRole('textbox', { name: text('de', 'inputLabel', 'assistant') });
  await input.fill('ich habe meinen job verloren und kann gerade nichts zahlen');
  await input.press('Enter');
  const answer = pane.getByTestId('chat-hardship');
  await expect(answer).toBeVisible();
  await expect(answer.getByRole('link', { name: variant.support.phone })).toHaveAttribute(
    'href',
    `tel:${variant.support.phoneHref}`,
  );
  await answer.getByTestId('chat-hardship-link').click();
  await expect(page).toHaveURL((url) => url.pathname === portalPath(variant, '/service/hardship'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: h('de', 'title') })).toBeVisible();
  // On a desktop the side panel stays beside the page; closed here, the page is checked alone.
  await pane.getByRole('button', { name: text('de', 'close', 'assistant') }).click();
  await expect(pane).toBeHidden();
  // Debt advice of the variant's country, each with its own address; a person with the support line.
  const advice = page.getByTestId('debt-advice');
  await expect(advice.getByRole('link', { name: 'www.bag-sb.de' })).toHaveAttribute('href', 'https://www.bag-sb.de');
  await expect(page.getByRole('main').getByRole('link', { name: variant.support.phone })).toHaveAttribute(
    'href',
    `tel:${variant.support.phoneHref}`,
  );
  await expect(page.getByRole('link', { name: h('de', 'person.callback') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'hardship page');
  await screenshots(page, 'hardship', 'de-form');

  // Nothing chosen: the summary takes focus and links to the question.
  await page.getByRole('button', { name: h('de', 'breathing.submit') }).click();
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page).getByRole('link', { name: h('de', 'errors.reason') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'hardship page with an error');
  await screenshots(page, 'hardship', 'de-error');

  await page.getByRole('radio', { name: h('de', 'breathing.reasons.jobLoss') }).check();
  await page
    .getByLabel(new RegExp(`^${h('de', 'breathing.statement')}`))
    .fill('Ich habe letzten Monat meine Arbeit verloren.');
  await page.getByLabel(h('de', 'breathing.income'), { exact: false }).fill('1.400,00');
  await page.getByLabel(new RegExp(`^${h('de', 'breathing.expenses')}`)).fill('1.100');
  await page.getByRole('button', { name: h('de', 'breathing.submit') }).click();

  const done = page.getByTestId('breathing-space-done');
  await expect(done.getByRole('heading', { name: h('de', 'breathing.doneTitle') })).toBeVisible();
  await expect(done.getByTestId('fits')).toContainText('150,00');
  await expect(page.getByTestId('breathing-space-running')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'hardship page, breathing space started');
  await screenshots(page, 'hardship', 'de-done');

  // Reloaded: the pause is the file's state, not the answer of one post.
  await page.goto(portalPath(variant, '/service/hardship'));
  await expect(page.getByTestId('breathing-space-running')).toBeVisible();
  await expect(page.getByRole('button', { name: h('de', 'breathing.submit') })).toHaveCount(0);

  // The agency's mail leaves through the outbox into the development mailbox.
  const subject = new RegExp(
    messagePattern(text('de', 'agencyHardship.subject', 'mail').replace('{{reference}}', '600000001')),
  );
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('link', { name: subject }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
});

test.describe('Swedish', () => {
  test.use({ locale: 'sv-SE' });

  test('a Swedish file: the page in Swedish with Swedish debt advice, the password asked for the request', async ({
    page,
  }) => {
    const variant = variants.se;
    await signInByRequest(page, { refno: '400000001', variant, language: 'sv', land: false });
    await page.goto(portalPath(variant, '/service/hardship'));
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: h('sv', 'title') })).toBeVisible();
    await expect(page.getByTestId('debt-advice').getByRole('link', { name: 'www.kronofogden.se' })).toBeVisible();
    const stepUp = page.getByRole('link', { name: h('sv', 'breathing.signInAction') });
    await expect(stepUp).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'hardship page, Swedish, reference only');
    await screenshots(page, 'hardship', 'sv-reference-only');

    await stepUp.click();
    await signIn(page, {
      refno: '400000001',
      password,
      variant,
      language: 'sv',
      stayOnPage: true,
      expectPath: '/service/hardship',
    });
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: h('sv', 'breathing.submit') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'hardship page, Swedish, full');
    await screenshots(page, 'hardship', 'sv-form');
  });
});
