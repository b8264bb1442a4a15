/**
 * "ok" after a proposal (issue 26, decision 070) on a 390 px phone: the pane proposes a plan, "ok
 * mach das" opens the instalment step for exactly that plan, prefilled, and the full-screen pane
 * closes so the step is seen; the no-JavaScript chat does the same with a link, here in English
 * (the message's language on the German page), saying that nothing is arranged yet.
 */
import { expect, test, type Page } from './helpers/test';
import { signInByRequest } from './helpers/auth';
import { portalPath, text, variants, waitForHydration } from './helpers/portal';
import { screenshots } from './helpers/screenshots';

const phone = { width: 390, height: 844 };
const password = 'Demo-Pass1';
const a = (key: string, language = 'de') => text(language, key, 'assistant');

test.use({ viewport: phone });

async function openPane(page: Page) {
  await waitForHydration(page);
  await page.getByTestId('assistant-fab').click();
  const pane = page.getByRole('dialog', { name: a('title') });
  await expect(pane.getByTestId('chat-greeting')).toBeVisible();
  return pane;
}

async function ask(page: Page, question: string) {
  const input = page.getByRole('dialog').getByRole('textbox', { name: a('inputLabel') });
  await input.fill(question);
  await input.press('Enter');
}

test('on a phone, "ok mach das" after a proposal opens the instalment step for that plan, prefilled', async ({
  page,
}) => {
  await signInByRequest(page, { refno: '100000001', password });
  const pane = await openPane(page);
  await ask(page, 'ich kann nur 50 euro im monat zahlen');
  await expect(pane.getByTestId('chat-proposal')).toBeVisible();
  await screenshots(page, 'assistant', 'dialogue-proposal-de', { fullPage: false });
  await ask(page, 'ok mach das');
  await expect(page).toHaveURL(/\/checkout\/pay-installments\?rate=50$/);
  await expect(page.getByLabel(text('de', 'amount.label', 'instalments'))).toHaveValue('50,00');
  // The full-screen pane made way for the step.
  await expect(page.getByRole('dialog', { name: a('title') })).toBeHidden();
  await screenshots(page, 'assistant', 'dialogue-ok-opened-de', { fullPage: false });
});

test('without JavaScript, "yes do it" after a proposal answers with the plan’s step and says nothing is arranged yet', async ({
  browser,
  page,
}) => {
  await signInByRequest(page, { refno: '100000001', password });
  const state = await page.context().storageState();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: state, viewport: phone });
  const noJs = await context.newPage();
  await noJs.goto(portalPath(variants.de, '/chatbot'));
  await noJs.getByLabel(a('inputLabel')).fill('i can pay 50 euros a month');
  await noJs.getByRole('button', { name: a('send') }).click();
  await expect(noJs.getByTestId('chat-proposal')).toBeVisible();
  await noJs.getByLabel(a('inputLabel')).fill('yes do it');
  await noJs.getByRole('button', { name: a('send') }).click();
  const carried = noJs.getByTestId('chat-carry-out');
  await expect(carried).toBeVisible();
  await expect(carried).toContainText(a('carryOut.notYet', 'en'));
  await carried.scrollIntoViewIfNeeded();
  await screenshots(noJs, 'assistant', 'dialogue-ok-nojs-en', { fullPage: false });
  await carried.getByTestId('chat-carry-out-link').click();
  await expect(noJs).toHaveURL(/\/checkout\/pay-installments\?rate=50$/);
  await expect(noJs.getByLabel(text('de', 'amount.label', 'instalments'))).toHaveValue('50,00');
  await context.close();
});
