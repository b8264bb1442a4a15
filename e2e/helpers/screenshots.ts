import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Where the journeys leave their pictures (not committed; looked at before calling a screen done). */
export const screenshotDir = fileURLToPath(new URL('../.artifacts/screenshots/', import.meta.url));

/**
 * Pictures are taken only when asked for: `SCREENSHOTS=1` (`npm run screenshots`, optionally
 * with spec files: `npm run screenshots -- e2e/service.spec.ts`). A plain run, CI's included,
 * skips them: they assert nothing and took a tenth of the journeys' time (decision 060).
 */
export function screenshotsWanted(): boolean {
  return /^(1|true|yes)$/i.test(process.env.SCREENSHOTS ?? '');
}

/** The path of one picture, the folder made when missing. */
export function screenshotPath(file: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return `${screenshotDir}${file}`;
}

/** One picture of the page as it is now, `e2e/.artifacts/screenshots/<file>`, when pictures are wanted. */
export async function screenshot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsWanted()) return;
  await page.screenshot({ path: screenshotPath(file), fullPage: options.fullPage ?? true });
}

const sizes = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * The page as it is now on a phone and on a desktop: `<area>-<name>-phone.png` and
 * `…-desktop.png`, when pictures are wanted. The viewport is put back afterwards.
 * `fullPage: false` keeps what the screen shows (an open dialog, say).
 */
export async function screenshots(
  page: Page,
  area: string,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted()) return;
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await screenshot(page, `${area}-${name}-${size.label}.png`, options);
  }
  if (original) await page.setViewportSize(original);
}
