import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
// The variants come from the source, so that a new variant or language is tested without
// touching the tests. (The file imports only a type from another `.ts` file, which Playwright's
// TypeScript loader handles.)
import { variantIds, variants, type Variant } from '../../server/variants/config.ts';

export { variantIds, variants, type Variant };

/** Every variant with every language it offers, default language first. */
export const variantLanguages = variantIds.flatMap((id) => {
  const variant = variants[id];
  const ordered = [variant.defaultLanguage, ...variant.languages.filter((l) => l !== variant.defaultLanguage)];
  return ordered.map((language) => ({ variant, language }));
});

/** A path inside a variant (`/` is the variant's home), optionally with `?hl=`. */
export function portalPath(variant: Variant, path = '/', language?: string): string {
  const url = new URL(path === '/' ? variant.basePath : `${variant.basePath}${path}`, 'http://portal.invalid');
  if (language) url.searchParams.set('hl', language);
  return `${url.pathname}${url.search}${url.hash}`;
}

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));
const cache = new Map<string, unknown>();

function load(language: string, namespace: string): unknown {
  const key = `${language}/${namespace}`;
  if (!cache.has(key)) {
    const file = `${localesDir}${language}/${namespace}.json`;
    cache.set(key, existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
  }
  return cache.get(key);
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A string from locales/<language>/<namespace>.json with German as the fallback, as i18next
 * does; used to find buttons and links by their accessible name without copying the text.
 */
export function text(language: string, key: string, namespace = 'common'): string {
  const value = lookup(load(language, namespace), key) ?? lookup(load('de', namespace), key);
  if (value === undefined) throw new Error(`No string ${namespace}:${key} in locales/${language} or locales/de`);
  return value;
}

/**
 * A heading that is an untranslated i18n key rather than text: dotted (`hero.title`,
 * `faq:items.x`) or a single lower-case token (`title`), which no real heading is.
 */
export function looksLikeKey(value: string): boolean {
  const trimmed = value.trim();
  return /^[A-Za-z][\w-]*(:[\w-]+)?(\.[\w-]+)+$/.test(trimmed) || /^[a-z][A-Za-z0-9_]*$/.test(trimmed);
}

/**
 * Records (without failing) a page whose main heading is a raw key or, for a language other
 * than German, is the German text: a translation is still missing. Shown in the list output
 * and as an annotation in the HTML report.
 */
export function noteUntranslated(page: Page, language: string, heading: string, germanHeading?: string): void {
  let problem: string | undefined;
  if (looksLikeKey(heading)) problem = `heading is an untranslated key "${heading}"`;
  else if (language !== 'de' && germanHeading !== undefined && heading === germanHeading)
    problem = `heading is still German ("${heading}")`;
  if (!problem) return;
  const description = `${new URL(page.url()).pathname}${new URL(page.url()).search} [${language}]: ${problem}`;
  test.info().annotations.push({ type: 'missing translation', description });
  // Every string exists in every language: an untranslated page fails the journey (softly, so
  // that one run lists them all).
  expect.soft(problem, description).toBeUndefined();
}

/** The page's `<html lang>` equals the language. */
export async function expectDocumentLanguage(page: Page, language: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Waits until React has hydrated the page (its fibers sit on the DOM), so clicks reach React's handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * A date counted from the day the demo files were seeded (playwright.config.ts sets
 * E2E_SEED_DAY as the run starts), as noon UTC of that calendar day: format it with any
 * European time zone and it stays on the same day.
 */
export function seedDay(days = 0): Date {
  const day =
    process.env.E2E_SEED_DAY ?? new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

/** seedDay(days) as yyyy-mm-dd, for a date a journey types into a form (a first instalment day). */
export function seedIso(days = 0): string {
  return seedDay(days).toISOString().slice(0, 10);
}

/**
 * For a date the server stamps as it answers (the day a request was made, "as of" today), which
 * neither the seed day nor the journey's clock alone can predict when a run crosses midnight in
 * Berlin: the agency's calendar days from `since` (taken before the action) to now, as noon UTC
 * like seedDay. One day, or two across midnight; the page must show one of them.
 */
export function agencyDaysSince(since: Date): Date[] {
  const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(at);
  const days = [...new Set([day(since), day(new Date())])];
  return days.map((iso) => new Date(`${iso}T12:00:00Z`));
}

/** A pattern that matches any of these texts literally. */
export function anyOf(texts: readonly string[]): RegExp {
  return new RegExp(texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
}
