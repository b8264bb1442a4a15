import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Where the journeys leave their pictures (not committed; looked at before calling a screen done). */
export const screenshotDir = fileURLToPath(new URL('../.artifacts/screenshots/', import.meta.url));

/** The path of one picture, the folder made when missing. */
export function screenshotPath(file: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return `${screenshotDir}${file}`;
}

const sizes = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * The page as it is now on a phone and on a desktop: `<area>-<name>-phone.png` and
 * `…-desktop.png`. The viewport is put back afterwards. `fullPage: false` keeps what the screen
 * shows (an open dialog, say).
 */
export async function screenshots(
  page: Page,
  area: string,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({
      path: screenshotPath(`${area}-${name}-${size.label}.png`),
      fullPage: options.fullPage ?? true,
    });
  }
  if (original) await page.setViewportSize(original);
}
