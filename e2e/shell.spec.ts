/**
 * The shell around every page: the language switcher and the consent banner.
 */
import { expect, test } from './helpers/test';
import { languageNames } from '../server/i18n/languages.ts';
import { consentCookieName } from '../server/privacy/consent.ts';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { signInByRequest } from './helpers/auth';
import { expectDocumentLanguage, portalPath, text, variants, waitForHydration } from './helpers/portal';

// The server runs on plain HTTP in the tests, so cookies carry no __Host- prefix.
const languageCookie = 'portal_lang';

test.describe.configure({ mode: 'parallel' });

test.describe('language switcher', () => {
  // The browser sends Accept-Language de-DE (playwright.config.ts), so both start in German.
  const cases = [
    { variant: variants.de, from: 'de', to: 'en' },
    { variant: variants.se, from: 'de', to: 'sv' },
  ] as const;

  for (const { variant, from, to } of cases) {
    test(`${variant.id}: ${from} → ${to}, reloads in the language and remembers it`, async ({ page, context }) => {
      await page.goto(portalPath(variant));
      await expectDocumentLanguage(page, from);
      await waitForHydration(page);

      const header = page.getByRole('banner');
      // The disclosure's <summary> reads "Sprache: DE" (visually hidden label + language code).
      // <summary> has no ARIA role to select it by; find it by its text.
      const toggle = header.locator('summary', { hasText: `${text(from, 'shell.language')}:` });
      const choice = header.getByRole('button', { name: languageNames[to], exact: true });
      await expect(choice).toBeHidden();
      await toggle.click();
      await expect(choice).toBeVisible();
      await expect(header.getByRole('button', { name: languageNames[from], exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expectNoSeriousA11yViolations(page, `${variant.id} language menu open`);

      await choice.click();
      await expectDocumentLanguage(page, to);
      await expect(page).toHaveURL((url) => url.pathname === variant.basePath && !url.searchParams.has('hl'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await context.cookies()).toContainEqual(expect.objectContaining({ name: languageCookie, value: to }));

      // The choice holds on the next page, reached by a link (client-side navigation) …
      await waitForHydration(page);
      await header.getByRole('link', { name: text(to, 'nav.faq'), exact: true }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === portalPath(variant, '/service/faq') && !url.searchParams.has('hl'),
      );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectDocumentLanguage(page, to);

      // … and on a page loaded afresh from the server without ?hl.
      const response = await page.goto(portalPath(variant, '/legal-notice'));
      expect(response?.status()).toBe(200);
      await expectDocumentLanguage(page, to);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test.describe('consent banner', () => {
  test('shows on the first visit; "necessary only" hides it, also after a reload', async ({ page, context }) => {
    const variant = variants.de;
    await page.goto(portalPath(variant));
    await waitForHydration(page);

    const banner = page.getByRole('region', { name: text('de', 'consent.title'), exact: true });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: text('de', 'consent.accept'), exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: text('de', 'consent.more'), exact: true })).toHaveAttribute(
      'href',
      portalPath(variant, '/privacy#analytics'),
    );

    await banner.getByRole('button', { name: text('de', 'consent.decline'), exact: true }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === consentCookieName)?.value)
      .toBe('denied');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();

    await page.goto(portalPath(variant, '/privacy'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test.describe('links inside the portal', () => {
  // The portal's Link (decision 115) leaves the click to one listener of the shell: a plain click
  // navigates inside the app, without loading the document again; a modified click is left to
  // the browser.
  test('a footer link navigates inside the app; a Ctrl-click opens a tab of its own', async ({ page, context }) => {
    const variant = variants.de;
    await page.goto(portalPath(variant));
    await waitForHydration(page);
    // A mark on the window survives a navigation inside the app, not a document load.
    await page.evaluate(() => ((window as unknown as { documentMark: number }).documentMark = 1));
    const footer = page.getByRole('contentinfo');
    const service = footer.getByRole('link', { name: text('de', 'nav.faq'), exact: true });
    await expect(service).toHaveAttribute('href', portalPath(variant, '/service/faq'));

    const opened = context.waitForEvent('page');
    await service.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab).toHaveURL(new RegExp(`${portalPath(variant, '/service/faq')}$`));
    await tab.close();
    expect(new URL(page.url()).pathname).toBe(portalPath(variant));

    await service.click();
    await expect(page).toHaveURL(new RegExp(`${portalPath(variant, '/service/faq')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { documentMark?: number }).documentMark)).toBe(1);
  });
});

test.describe('the kept header, footer and legal pages', () => {
  // On the server the footer is written from HTML kept per variant, language and login state
  // (decision 125), the header from HTML kept per variant, language, login state and marked menu
  // item with the page's address written in (decision 126), a legal page's content from HTML kept
  // per language, page and facts (decision 128); the browser renders them with the components and
  // hydration must meet the same elements. React repairs a difference by rendering again and
  // reports it as an error.
  test('a visitor and a signed-in debtor get pages that hydrate without an error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const variant = variants.de;
    await page.goto(portalPath(variant, '/legal-notice'));
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: text('de', 'legalNotice.title', 'legal') })).toBeVisible();
    // Another legal page, rendered in the browser after the kept one hydrated.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text('de', 'footer.privacy'), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: text('de', 'privacy.title', 'privacy') })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === portalPath(variant, '/privacy'));
    await signInByRequest(page, { refno: '100000001', password: 'Demo-Pass1' });
    await waitForHydration(page);
    await expect(page.getByRole('contentinfo')).not.toContainText(text('de', 'nav.signIn'));
    // The hydrated header marks the page a navigation inside the app leads to.
    const bar = page.getByRole('banner').getByRole('navigation').first();
    await expect(bar.getByRole('link', { name: text('de', 'nav.payment') })).toHaveAttribute('aria-current', 'page');
    await bar.getByRole('link', { name: text('de', 'nav.service') }).click();
    await expect(page).toHaveURL((url) => url.pathname === portalPath(variant, '/service'));
    await expect(bar.getByRole('link', { name: text('de', 'nav.service') })).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('link', { name: text('de', 'nav.payment') })).not.toHaveAttribute('aria-current');
    expect(await page.locator('input[name="returnTo"]').first().inputValue()).toBe(portalPath(variant, '/service'));
    expect(errors).toEqual([]);
  });
});
