import { expect, test, type Page } from '@playwright/test';
// The variants come from the source, so that a new variant or language is tested without
// touching the tests. (The file imports only a type from another `.ts` file, which Playwright's
// TypeScript loader handles.)
import { variantIds, variants, type Variant } from '../../server/variants/config.ts';

export { variantIds, variants, type Variant };
export { text } from './locale-text';
export { looksLikeKey, portalPath, variantLanguages } from './shell-links';
import { looksLikeKey } from './shell-links';

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

/**
 * Waits until React has hydrated the page and committed it, so that clicks reach React's handlers
 * and the layout effects have run (a dialog open in the server's HTML has become a modal one).
 *
 * React marks the DOM nodes it adopts while it hydrates (`__reactFiber…` on an element), but it
 * hydrates in slices and commits only at the end: on a busy machine a journey saw `<main>` marked,
 * clicked the flood notice's button before the commit, and the click went nowhere. So it looks at
 * the root itself (`hydrateRoot(document, …)` in app/entry.client.tsx): its current tree is no
 * longer dehydrated once the hydration is committed.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const key = Object.keys(document).find((name) => name.startsWith('__reactContainer'));
    if (!key) return false;
    const hostRoot = (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: unknown } } }>)[
      key
    ];
    const state = hostRoot?.stateNode?.current?.memoizedState as { isDehydrated?: boolean } | null | undefined;
    return state?.isDehydrated === false;
  });
}

/**
 * Waits until Remix's router has nothing in flight: no navigation, no revalidation, every fetcher
 * idle. A response seen by the test is not yet data on the page; this is (the router commits its
 * state after it has read the body), and the next animation frame has let React run its effects.
 */
export async function waitForRemixIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    interface RouterState {
      navigation: { state: string };
      revalidation: string;
      fetchers: Map<string, { state: string }>;
    }
    const state = (window as { __remixRouter?: { state: RouterState } }).__remixRouter?.state;
    if (!state) return false;
    return (
      state.navigation.state === 'idle' &&
      state.revalidation === 'idle' &&
      [...state.fetchers.values()].every((fetcher) => fetcher.state === 'idle')
    );
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
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
