/**
 * The screenshot sweep of issue 12: every screen on a 390 × 844 phone in German and Turkish,
 * left in e2e/.artifacts/screenshots/screens-<language>-<name>.png to be looked at when asked for
 * (SCREENSHOTS=1). On each screen: axe, and nothing reaches past the right edge (no sideways
 * scrolling). Failures are soft, so one run lists every screen's problems. Rerun with
 *   SCREENSHOTS=1 E2E_PORT=… npx playwright test e2e/phone-screens.spec.ts
 */
import { expect, test, type Page } from './helpers/test';
import { signInByRequest } from './helpers/auth';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshot } from './helpers/screenshots';
import { portalPath, variants, waitForHydration } from './helpers/portal';

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 390, height: 844 } });

const languages = ['de', 'tr'] as const;

/** Screens anyone can open. */
const publicScreens: Array<[name: string, path: string]> = [
  ['home', '/'],
  ['signin', '/signin'],
  ['signin-reference', '/signin?action=AZonly'],
  ['faq', '/service/faq'],
  ['legal-notice', '/legal-notice'],
  ['privacy', '/privacy'],
  ['data-protection', '/data-protection'],
  ['information-security', '/information-security'],
  ['email-information', '/email-information'],
  ['consent', '/consent'],
  ['password-reset', '/password/reset'],
  ['not-found', '/does-not-exist'],
];

/** Screens after a full sign-in, with the demo file that shows them best. */
const signedInScreens: Array<[name: string, refno: string, path: string]> = [
  ['dashboard', '100000001', '/dashboard'],
  ['claim-information', '100000001', '/claim-information'],
  ['service', '100000001', '/service'],
  ['contact-message', '100000001', '/service/contact'],
  ['contact-callback', '100000001', '/service/contact?action=callback'],
  ['profile', '100000001', '/debtor/profile'],
  ['profile-edit', '100000001', '/debtor/profile?edit=true'],
  ['password', '100000001', '/debtor/profile/password'],
  ['download-center', '100000001', '/download-center'],
  ['form-identity-theft', '100000001', '/download-center/identity-theft'],
  ['announce-payment', '100000001', '/announce-payment'],
  ['pay-direct', '100000001', '/checkout/pay-direct'],
  ['pay-installments', '100000001', '/checkout/pay-installments'],
  ['pay-later', '100000001', '/checkout/pay-later'],
  ['feedback', '100000001', '/feedback'],
  ['installment-plan', '100000002', '/installment-plan'],
  ['skip-installment', '100000002', '/skip-installment'],
  ['dashboard-plan', '100000002', '/dashboard'],
  ['claims-list', '100000010', '/claims-list'],
  ['upload-center', '100000012', '/upload-center'],
  ['sepa-mandate', '100000011', '/sepa-mandate'],
  ['dashboard-settled', '100000006', '/dashboard'],
];

async function look(page: Page, language: string, name: string) {
  await waitForHydration(page);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect.soft(widths.scroll, `${language} ${name} (${page.url()}) scrolls sideways`).toBeLessThanOrEqual(widths.client);
  await expectNoSeriousA11yViolations(page, `${language} ${name}`, { soft: true });
  await screenshot(page, `screens-${language}-${name}.png`);
}

for (const language of languages) {
  test(`public screens on a phone in ${language}`, async ({ page }) => {
    test.setTimeout(180_000);
    for (const [name, path] of publicScreens) {
      await page.goto(portalPath(variants.de, path, language));
      await look(page, language, name);
    }
  });

  for (const refno of [...new Set(signedInScreens.map(([, r]) => r))]) {
    test(`signed-in screens of ${refno} on a phone in ${language}`, async ({ page }) => {
      test.setTimeout(240_000);
      await signInByRequest(page, {
        refno,
        password: 'Demo-Pass1',
        expectPath: refno === '100000010' ? '/claims-list' : '/dashboard',
        land: false,
      });
      for (const [name, , path] of signedInScreens.filter(([, r]) => r === refno)) {
        await page.goto(portalPath(variants.de, path, language));
        await look(page, language, name);
      }
    });
  }
}
