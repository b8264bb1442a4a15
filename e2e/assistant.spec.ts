/**
 * The assistant (issue 14) on a 390 px phone, axe with the pane open: the dashboard's total for
 * "wie viel muss ich zahlen", a plan proposal for 50 a month that leads into the instalment step
 * with 50 filled in, "ya pagué" on the Spanish page leading to announcing the payment, a
 * callback booked inside the pane, the pane closed by a link followed on the phone (focus on the
 * target's heading) and kept beside the page on a desktop, closed by Escape, and
 * /chatbot without JavaScript.
 */
import { expect, test, type Page } from './helpers/test';
import { signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';
import { screenshots } from './helpers/screenshots';

const phone = { width: 390, height: 844 };
const password = 'Demo-Pass1';
const a = (key: string, language = 'de') => text(language, key, 'assistant');

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: phone });

async function openPane(page: Page) {
  await waitForHydration(page);
  await page.getByTestId('assistant-fab').click();
  const pane = page.getByRole('dialog', { name: a('title') });
  await expect(pane).toBeVisible();
  await expect(pane.getByTestId('chat-greeting')).toBeVisible();
  return pane;
}

async function ask(page: Page, question: string, language = 'de') {
  const input = page.getByRole('dialog').getByRole('textbox', { name: a('inputLabel', language) });
  await expect(input).toBeFocused();
  await input.fill(question);
  await input.press('Enter');
}

test('100000001 asks "wie viel muss ich zahlen" and sees the dashboard’s total, with the greeting’s real figure', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000001', password });
  const total = (await page.getByTestId('open-amount').textContent())!.trim();
  const pane = await openPane(page);
  await expect(pane.getByTestId('chat-greeting')).toContainText(total);
  await expect(pane.getByText(a('automated'))).toBeVisible();
  await ask(page, 'wie viel muss ich zahlen');
  await expect(pane.getByTestId('chat-open-amount')).toHaveText(total);
  // A person is offered with the answer.
  await expect(pane.getByRole('link', { name: a('person.callback') }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'assistant pane open (balance)');
  await screenshots(page, 'assistant', 'balance', { fullPage: false });
  // Escape closes; focus goes back to the button that opened it; the conversation stays on the server.
  await page.keyboard.press('Escape');
  await expect(pane).toBeHidden();
  await expect(page.getByTestId('assistant-fab')).toBeVisible();
  await page.getByTestId('assistant-fab').click();
  await expect(page.getByRole('dialog').getByTestId('chat-open-amount')).toHaveText(total);
});

test('a question in English on the German page is answered in English, with an offer to switch the page', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000001', password });
  const pane = await openPane(page);
  await ask(page, 'how much do I still have to pay in total');
  // The answer's card is worded in English (its strings load on demand); the page stays German.
  await expect(pane.getByText(a('balance.title', 'en'))).toBeVisible();
  await expect(pane.getByTestId('chat-open-amount')).toContainText('€');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const offer = pane.getByRole('button', { name: a('switchPage', 'en') });
  await expect(offer).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'assistant pane open (answer in English on a German page)');
  await screenshots(page, 'assistant', 'reply-in-english', { fullPage: false });
  await offer.click();
  // The same page, now in English.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('"ich kann nur 50 euro im monat zahlen" shows a plan in the pane, then the instalment step with 50 filled in', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000001', password });
  const pane = await openPane(page);
  await ask(page, 'ich kann nur 50 euro im monat zahlen');
  const proposal = pane.getByTestId('chat-proposal');
  await expect(proposal).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'assistant pane open (proposal)');
  await screenshots(page, 'assistant', 'proposal', { fullPage: false });
  await proposal.getByRole('link').click();
  await expect(page).toHaveURL(/\/checkout\/pay-installments\?rate=50$/);
  await expect(page.getByLabel(text('de', 'amount.label', 'instalments'))).toHaveValue('50,00');
  // On a phone the full-screen pane closes, so the target is seen, and the focus is on its heading
  // (issue 26); reopened, the pane still has the conversation.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('main h1')).toBeFocused();
  await page.getByTestId('assistant-fab').click();
  await expect(page.getByRole('dialog').getByTestId('chat-proposal')).toBeVisible();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('the side panel stays open beside the page a link of it opened', async ({ page }) => {
    await signInByRequest(page, { refno: '100000001', password });
    const pane = await openPane(page);
    await ask(page, 'ich kann nur 50 euro im monat zahlen');
    await pane.getByTestId('chat-proposal').getByRole('link').click();
    await expect(page).toHaveURL(/\/checkout\/pay-installments\?rate=50$/);
    await expect(page.getByRole('dialog').getByTestId('chat-proposal')).toBeVisible();
  });
});

test('on the Spanish page "ya pagué" leads to announcing the payment', async ({ page }) => {
  await signInByRequest(page, { refno: '100000001', password, land: false });
  await page.goto(portalPath(variants.de, '/dashboard', 'es'));
  await waitForHydration(page);
  await page.getByTestId('assistant-fab').click();
  const pane = page.getByRole('dialog', { name: a('title', 'es') });
  await expect(pane).toBeVisible();
  await ask(page, 'ya pagué el 14 de marzo 230 euros', 'es');
  // The announce-payment screen's payee and payment steps, inline, with the date and amount said.
  const form = pane.getByTestId('chat-announce');
  await expect(form).toBeVisible();
  await expect(form.getByLabel(text('es', 'fields.paidOn', 'announce'))).toHaveValue(/^\d{4}-03-14$/);
  await expect(form.getByRole('textbox', { name: /230/ }).or(form.locator('input[name="amount"]'))).toHaveValue(
    '230,00',
  );
  await expectNoSeriousA11yViolations(page, 'assistant pane open (es, announce form)');
  await screenshots(page, 'assistant', 'announce-form', { fullPage: false });
  await form.getByRole('button', { name: a('forms.announceSubmit', 'es') }).click();
  // The screen's own action took the two steps and goes on with the receipts.
  await expect(page).toHaveURL(/\/announce-payment$/);
  await expect(page.getByText(text('es', 'fields.receipts', 'announce')).first()).toBeVisible();
});

test('a callback booked inside the pane is stored like one booked on the contact screen', async ({ page }) => {
  await signInByRequest(page, { refno: '100000001', password });
  const pane = await openPane(page);
  await ask(page, 'bitte ruft mich am montag vormittag zurück');
  const form = pane.getByTestId('chat-callback');
  await expect(form).toBeVisible();
  await form.getByLabel(a('forms.phone')).fill('0170 1234567');
  await expectNoSeriousA11yViolations(page, 'assistant pane open (callback form)');
  await screenshots(page, 'assistant', 'callback', { fullPage: false });
  await form.getByRole('button', { name: a('forms.callbackSubmit') }).click();
  await expect(page).toHaveURL(/\/service\/contact\?action=callback&sent=callback&callback=\d+$/);
  // The confirmation restates the day asked for in the pane (issue 25, finding 5).
  await expect(page.getByRole('status').filter({ hasText: 'Montag' })).toBeVisible();
});

test('/chatbot works without JavaScript: the question posted, the answer rendered on the server', async ({
  browser,
  page,
}) => {
  await signInByRequest(page, { refno: '100000004', password });
  const state = await page.context().storageState();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: state, viewport: phone });
  const noJs = await context.newPage();
  await noJs.goto(portalPath(variants.de, '/chatbot'));
  await noJs.getByLabel(a('inputLabel')).fill('ich möchte später zahlen');
  await noJs.getByRole('button', { name: a('send') }).click();
  await expect(noJs.getByTestId('chat-refused')).toBeVisible();
  await expect(noJs.getByTestId('chat-refused')).toContainText(a('refused.instead'));
  await noJs.goto(portalPath(variants.de, '/chatbot?topic=Gezahlt'));
  await expect(noJs.getByTestId('chat-announce')).toBeVisible();
  await screenshots(noJs, 'assistant', 'chatbot-nojs');
  await context.close();
  // The same server-rendered page, checked by axe (which needs JavaScript in the page to run).
  await page.goto(portalPath(variants.de, '/chatbot'));
  await waitForHydration(page);
  await page.getByLabel(a('inputLabel')).fill('ich möchte später zahlen');
  await page.getByRole('button', { name: a('send') }).click();
  await expect(page.getByTestId('chat-refused')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/chatbot');
});

test('a reference-only session asking to change the address types the password in the pane and goes on', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000001' });
  const pane = await openPane(page);
  await ask(page, 'meine Adresse hat sich geändert');
  const stepUp = pane.getByTestId('chat-step-up');
  await expect(stepUp).toContainText(a('stepUp.inline'));
  const field = stepUp.getByLabel(a('stepUp.password'), { exact: true });
  await expect(field).toHaveAttribute('autocomplete', 'current-password');
  // A wrong password is answered at the field, as the sign-in answers it, and the field keeps the focus.
  await field.fill('not-my-password');
  await stepUp.getByRole('button', { name: a('stepUp.submit') }).click();
  await expect(stepUp.getByText(a('stepUp.errors.wrongPassword'))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'assistant pane open (step-up, wrong password)');
  await screenshots(page, 'assistant', 'step-up', { fullPage: false });
  // The right one makes the session full on the server; the pane asks the original request again.
  await field.fill(password);
  await stepUp.getByRole('button', { name: a('stepUp.submit') }).click();
  await expect(pane.getByText(a('stepUp.done'))).toBeVisible();
  const link = pane.getByTestId('chat-link').last();
  await expect(link).toHaveText(a('intents.update_profile'));
  await link.click();
  await expect(page).toHaveURL(/\/debtor\/profile\?edit=true$/);
});

test('100000004 asking to pay later hears that a deferral was already granted and is offered the alternatives', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000004', password });
  const pane = await openPane(page);
  await ask(page, 'kann ich später zahlen?');
  const refused = pane.getByTestId('chat-refused');
  await expect(refused).toContainText(a('refused.instead'));
  await expect(refused.getByRole('link', { name: a('intents.callback') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'assistant pane open (refusal)');
  await screenshots(page, 'assistant', 'refusal', { fullPage: false });
});

test('a visitor on the sign-in page gets the pane, answered without figures', async ({ page }) => {
  await page.goto(portalPath(variants.de, '/signin'));
  const pane = await openPane(page);
  await expect(pane.getByTestId('chat-greeting')).toContainText(a('greeting.visitor'));
  await ask(page, 'was passiert wenn ich nicht zahle');
  await expect(pane.getByText(a('answers.consequences'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'assistant pane open (visitor)');
});
