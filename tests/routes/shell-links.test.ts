/**
 * The public shell in every variant and every language it offers (26 combinations), as the
 * in-process app renders it (tests/helpers/remix-app.ts): the home page and every page its header
 * and footer link to answer below 400, in the document language asked for, with exactly one h1
 * that is translated (not a key, not the German heading in another language); the header and
 * footer carry the links every visitor must find, by their accessible names, with the variant's
 * targets; every other link in them stays on the portal, the phone link is the variant's.
 *
 * These are the checks of the shell journey (e2e/journey.spec.ts) that need no browser. The
 * journey runs them in a browser on every home page, and on every linked page with axe in the
 * fewest combinations that show every variant and every language; this file holds the full cross
 * product (decision 064).
 *
 * The pages are read with a few regular expressions instead of a DOM: React writes their markup
 * (quoted attributes, closed elements, escaped text), and parsing some 400 documents with jsdom
 * doubled the file's time. A link's accessible name here is its `aria-label` or its text with the
 * images' `alt` and without `aria-hidden` parts, which is what the shell's links use.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectedLinks, looksLikeKey, portalPath, variantLanguages } from '../../e2e/helpers/shell-links.ts';
import { remixHandler } from '../helpers/remix-app.ts';
import { getRequest, origin, useRouteDatabase } from '../helpers/routes.ts';

useRouteDatabase();

let handle: Awaited<ReturnType<typeof remixHandler>>;
beforeAll(async () => {
  handle = await remixHandler();
});

interface Rendered {
  status: number;
  /** Where the last redirect led (the page a browser would show). */
  path: string;
  html: string;
}

/** A page as a visitor's browser gets it: redirects within the portal followed. */
async function render(path: string): Promise<Rendered> {
  let current = path;
  for (let hop = 0; hop < 5; hop++) {
    const response = await handle(getRequest(current));
    const location = response.headers.get('Location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, `${origin}${current}`);
      expect(next.origin, `${current} redirects within the portal`).toBe(origin);
      current = `${next.pathname}${next.search}`;
      continue;
    }
    return { status: response.status, path: current, html: await response.text() };
  }
  throw new Error(`${path}: more than five redirects`);
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#x27': "'",
  '#39': "'",
  nbsp: '\u00a0',
};

/** Text of a piece of markup as a screen reader reads it: images by their alt, aria-hidden parts left out. */
function textOf(markup: string): string {
  return markup
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(svg|span|div)\b[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : textOf(value);
}

/** The first element of this tag and everything in it (the shell has one header and one footer). */
function landmark(html: string, tag: 'header' | 'footer', label: string): string {
  const found = new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`).exec(html)?.[0];
  expect(found, `${label}: <${tag}>`).toBeDefined();
  expect(html.split(`<${tag}`).length - 1, `${label}: one <${tag}>`).toBe(1);
  return found!;
}

/** The links in a piece of markup: href and accessible name. */
function links(markup: string): Array<{ href: string; name: string }> {
  return [...markup.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attrs, inner]) => ({
    href: attribute(attrs!, 'href') ?? '',
    name: attribute(attrs!, 'aria-label') ?? textOf(inner!),
  }));
}

/** The text of the page's one h1, whitespace folded; fails unless there is exactly one. */
function mainHeading(rendered: Rendered, label: string): string {
  const headings = [...rendered.html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)];
  expect(headings, `${label}: exactly one h1`).toHaveLength(1);
  return textOf(headings[0]![1]!);
}

const germanHeadings = new Map<string, Promise<string>>();
/** The German h1 of the same page, to spot an untranslated one. */
function germanHeading(path: string): Promise<string> {
  const url = new URL(path, origin);
  url.searchParams.set('hl', 'de');
  const key = `${url.pathname}${url.search}`;
  if (!germanHeadings.has(key))
    germanHeadings.set(
      key,
      render(key).then((page) => mainHeading(page, `${key} (de)`)),
    );
  return germanHeadings.get(key)!;
}

async function checkPage(path: string, language: string, label: string): Promise<Rendered> {
  const page = await render(path);
  expect(page.status, `${label}: HTTP status`).toBeLessThan(400);
  expect(/<html\b[^>]*\slang="([^"]*)"/.exec(page.html)?.[1], `${label}: document language`).toBe(language);
  const heading = mainHeading(page, label);
  expect.soft(looksLikeKey(heading), `${label}: heading "${heading}" is an untranslated key`).toBe(false);
  if (language !== 'de')
    expect.soft(heading, `${label}: heading still German`).not.toBe(await germanHeading(page.path));
  return page;
}

describe('the shell in every variant and every language (issue 25, decision 064)', () => {
  it('covers every variant and every language', () => {
    expect(variantLanguages.length).toBeGreaterThanOrEqual(26);
  });

  it.each(variantLanguages.map((c) => [`${c.variant.id} [${c.language}]`, c] as const))(
    '%s: home, header and footer links, every linked page',
    async (_label, { variant, language }) => {
      const home = await checkPage(portalPath(variant, '/', language), language, `${variant.id} home [${language}]`);

      const targets = new Set<string>();
      for (const region of ['header', 'footer'] as const) {
        const found = links(landmark(home.html, region, `${variant.id} home [${language}]`));
        for (const link of expectedLinks[region]) {
          const name = link.name(variant, language);
          // The header has the menu twice (bar and phone, one shown at a time by CSS): each copy must be right.
          const named = found.filter((candidate) => candidate.name === name);
          expect(named.length, `${region} link "${name}"`).toBeGreaterThan(0);
          for (const candidate of named)
            expect(candidate.href, `${region} link "${name}"`).toBe(portalPath(variant, link.path));
        }
        for (const { href } of found) {
          if (href.startsWith('tel:')) {
            expect(href, `${region} phone link`).toBe(`tel:${variant.support.phoneHref}`);
            continue;
          }
          if (href.startsWith('mailto:')) continue;
          const url = new URL(href, `${origin}${home.path}`);
          expect(url.origin, `${region} link ${href} stays on the portal`).toBe(origin);
          if (url.pathname !== variant.basePath) targets.add(url.pathname);
        }
      }
      // The links the journey knows are among them (a new one is followed too).
      for (const link of [...expectedLinks.header, ...expectedLinks.footer])
        if (link.path !== '/') expect([...targets]).toContain(portalPath(variant, link.path));

      for (const pathname of targets) {
        const route = pathname.slice(variant.basePath.length);
        await checkPage(portalPath(variant, route, language), language, `${variant.id} ${route} [${language}]`);
      }
    },
    60_000,
  );
});
