/**
 * The visitor's journey through the public shell, in the browser. For every variant and every
 * language it offers (26 combinations, one test each, run in parallel): the home page (status,
 * document language, one visible h1, untranslated heading) and its header and footer links by
 * their accessible names.
 *
 * The linked pages are followed in the fewest combinations that show every variant and every
 * language (`walkCombinations`, seven of the 26), with axe on each: every shell page is opened in
 * a browser and checked by axe in every variant (its layout, brand colours, support block) and in
 * every language (its text, `lang`, longer words). The same checks that need no browser (status,
 * `lang`, one h1, untranslated headings, the links' names and targets) run on every page of all 26
 * combinations in tests/routes/shell-links.test.ts, against the in-process app. Following every
 * link of every combination here took a third of the journeys' time (decisions 055, 064).
 */
import { expect, test, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshot } from './helpers/screenshots';
import { expectDocumentLanguage, noteUntranslated, portalPath, variantLanguages } from './helpers/portal';
import { expectedLinks, walkCombinations } from './helpers/shell-links';

/**
 * Routes that are being built right now and may still answer 404. They are only checked to
 * be linked from the header or footer, not followed. Remove an entry as soon as its page
 * lands (then it is followed, must answer < 400 with a visible h1, and passes axe).
 */
const pendingRoutes: readonly string[] = [];

const walks = walkCombinations(variantLanguages);

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

test('the combinations whose links are followed show every variant and every language', () => {
  for (const { variant } of variantLanguages)
    expect(
      walks.some((walk) => walk.variant.id === variant.id),
      `${variant.id} walked`,
    ).toBe(true);
  for (const { language } of variantLanguages)
    expect(
      walks.some((walk) => walk.language === language),
      `${language} walked`,
    ).toBe(true);
  // A minimum edge cover: no more combinations than variants and languages need.
  const languages = new Set(variantLanguages.map((c) => c.language));
  const variantCount = new Set(variantLanguages.map((c) => c.variant.id)).size;
  expect(walks.length).toBeLessThanOrEqual(variantCount + languages.size - Math.min(variantCount, languages.size));
});

for (const combination of variantLanguages) {
  const { variant, language } = combination;
  const walk = walks.includes(combination);
  // axe on the home page in the variant's default language too (and at 375 px below).
  const axe = walk || language === variant.defaultLanguage;
  const title = `${variant.id} ${variant.basePath} [${language}]: home, header and footer links${walk ? ', every linked page with axe' : ''}`;
  test(title, async ({ page }) => {
    // Every link of the shell is opened and checked: a long walk on a busy two-core machine.
    if (walk) test.slow();
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

    if (!walk) return;
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
