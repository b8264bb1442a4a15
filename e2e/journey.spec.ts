/**
 * The visitor's journey through the public shell: for every variant and every language it
 * offers, open the home page, check the header and footer links and follow each of them (status,
 * document language, one visible h1, untranslated headings). One test per variant and language,
 * run in parallel.
 *
 * axe runs on every page of the combinations in `axeCombinations`: each variant in its default
 * language, and each language in one variant that offers it. So every page is checked by axe in
 * every variant (its layout, brand colours, support block) and in every language (its text,
 * `lang`, longer words), without repeating the same variant's page in a language already checked
 * elsewhere: axe took about two thirds of this file's time when it ran on all 26 combinations,
 * the largest block of CI (decision 055).
 */
import { expect, test, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshot } from './helpers/screenshots';
import {
  expectDocumentLanguage,
  noteUntranslated,
  portalPath,
  text,
  variantLanguages,
  type Variant,
} from './helpers/portal';

/**
 * Routes that are being built right now and may still answer 404. They are only checked to
 * be linked from the header or footer, not followed. Remove an entry as soon as its page
 * lands (then it is followed, must answer < 400 with a visible h1, and passes axe).
 */
const pendingRoutes: readonly string[] = [];

/** The links every visitor must find: header (brand, FAQ, sign-in) and footer. */
const expectedLinks = {
  header: [
    {
      path: '/',
      name: (variant: Variant, language: string) => `${variant.brand.name} – ${text(language, 'shell.home')}`,
    },
    { path: '/service/faq', name: (_: Variant, language: string) => text(language, 'nav.faq') },
    { path: '/signin', name: (_: Variant, language: string) => text(language, 'nav.signIn') },
  ],
  footer: [
    { path: '/legal-notice', name: (_: Variant, language: string) => text(language, 'footer.legalNotice') },
    { path: '/privacy', name: (_: Variant, language: string) => text(language, 'footer.privacy') },
    { path: '/data-protection', name: (_: Variant, language: string) => text(language, 'footer.dataProtection') },
    {
      path: '/information-security',
      name: (_: Variant, language: string) => text(language, 'footer.informationSecurity'),
    },
    { path: '/email-information', name: (_: Variant, language: string) => text(language, 'footer.emailInformation') },
    { path: '/service', name: (_: Variant, language: string) => text(language, 'nav.service') },
    { path: '/service/faq', name: (_: Variant, language: string) => text(language, 'nav.faq') },
    { path: '/feedback', name: (_: Variant, language: string) => text(language, 'footer.feedback') },
    { path: '/signin', name: (_: Variant, language: string) => text(language, 'nav.signIn') },
    { path: '/consent', name: (_: Variant, language: string) => text(language, 'footer.cookieSettings') },
  ],
} as const;

/**
 * The combinations whose pages axe checks: every variant in its default language, then each
 * language not yet covered in the first variant that offers it.
 */
function axeCombinations(all: ReadonlyArray<{ variant: Variant; language: string }>): Set<string> {
  const chosen = new Set<string>();
  const languagesCovered = new Set<string>();
  for (const { variant, language } of all) {
    if (language !== variant.defaultLanguage) continue;
    chosen.add(`${variant.id}:${language}`);
    languagesCovered.add(language);
  }
  for (const { variant, language } of all) {
    if (languagesCovered.has(language)) continue;
    chosen.add(`${variant.id}:${language}`);
    languagesCovered.add(language);
  }
  return chosen;
}

const withAxe = axeCombinations(variantLanguages);

const screenshotSizes = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

test.describe.configure({ mode: 'parallel' });

/** The German h1 of the same page, fetched without the browser, to spot untranslated pages. */
async function germanHeading(page: Page, path: string): Promise<string | undefined> {
  const url = new URL(path, 'http://portal.invalid');
  url.searchParams.set('hl', 'de');
  const response = await page.request.get(`${url.pathname}${url.search}`);
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text());
  if (!match?.[1]) return undefined;
  return match[1]
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Checks the page just loaded: status, language, main heading, translation, axe. */
async function checkPage(
  page: Page,
  options: { status: number | undefined; language: string; path: string; label: string; axe: boolean },
) {
  const { status, language, path, label, axe } = options;
  expect(status, `${label}: HTTP status`).toBeDefined();
  expect(status!, `${label}: HTTP status`).toBeLessThan(400);
  await expectDocumentLanguage(page, language);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading, `${label}: exactly one visible h1`).toHaveCount(1);
  await expect(heading).toBeVisible();
  const headingText = (await heading.innerText()).replace(/\s+/g, ' ').trim();
  noteUntranslated(page, language, headingText, language === 'de' ? undefined : await germanHeading(page, path));
  if (axe) await expectNoSeriousA11yViolations(page, label, { soft: true });
}

test('axe checks every variant and every language', () => {
  const combinations = [...withAxe].map((key) => key.split(':'));
  for (const { variant } of variantLanguages)
    expect(
      combinations.some(([id]) => id === variant.id),
      `${variant.id} checked by axe`,
    ).toBe(true);
  for (const { language } of variantLanguages)
    expect(
      combinations.some(([, lang]) => lang === language),
      `${language} checked by axe`,
    ).toBe(true);
});

for (const { variant, language } of variantLanguages) {
  const axe = withAxe.has(`${variant.id}:${language}`);
  test(`${variant.id} ${variant.basePath} [${language}]: home, header and footer links${axe ? ', axe' : ''}`, async ({
    page,
  }) => {
    // Every link of the shell is opened and checked: a long walk on a busy two-core machine.
    test.slow();
    const home = portalPath(variant, '/', language);

    await test.step(`home ${home}`, async () => {
      const response = await page.goto(home);
      await checkPage(page, {
        status: response?.status(),
        language,
        path: home,
        label: `${variant.id} home [${language}]`,
        axe,
      });
    });

    if (language === variant.defaultLanguage) {
      await test.step('screenshots and axe at 375 px', async () => {
        for (const size of screenshotSizes) {
          await page.setViewportSize(size);
          await screenshot(page, `${variant.id}-home-${size.width}x${size.height}.png`);
          if (size.width < 640)
            await expectNoSeriousA11yViolations(page, `${variant.id} home [${language}] at ${size.width}px`, {
              soft: true,
            });
        }
        await page.setViewportSize({ width: 1280, height: 900 });
      });
    }

    const targets = new Map<string, string>(); // pathname -> where it was found
    await test.step('header and footer links', async () => {
      for (const [region, role] of [
        ['header', 'banner'],
        ['footer', 'contentinfo'],
      ] as const) {
        const landmark = page.getByRole(role);
        await expect(landmark, `${region} landmark`).toBeVisible();
        for (const link of expectedLinks[region]) {
          const name = link.name(variant, language);
          await expect(landmark.getByRole('link', { name, exact: true }), `${region} link "${name}"`).toHaveAttribute(
            'href',
            portalPath(variant, link.path),
          );
        }
        // Every link in the landmark, including ones this test does not know yet.
        for (const href of await landmark
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
          if (href.startsWith('tel:')) {
            expect(href, `${region} phone link`).toBe(`tel:${variant.support.phoneHref}`);
            continue;
          }
          if (href.startsWith('mailto:')) continue;
          const url = new URL(href, page.url());
          expect(url.origin, `${region} link ${href} stays on the portal`).toBe(new URL(page.url()).origin);
          if (!targets.has(url.pathname)) targets.set(url.pathname, region);
        }
      }
    });

    for (const [pathname, region] of targets) {
      if (pathname === variant.basePath) continue; // the home page, checked above
      const route = pathname.slice(variant.basePath.length);
      if (pendingRoutes.includes(route)) {
        test.info().annotations.push({ type: 'pending route', description: `${pathname} linked, not followed` });
        continue;
      }
      await test.step(`${region} link ${pathname}`, async () => {
        const target = portalPath(variant, route, language);
        const response = await page.goto(target);
        await checkPage(page, {
          status: response?.status(),
          language,
          path: target,
          label: `${variant.id} ${route} [${language}]`,
          axe,
        });
      });
    }
  });
}
