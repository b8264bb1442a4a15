import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe has no separate wcag22a rules worth running). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

const failingImpacts = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

function describe(violation: Violation): string {
  const targets = violation.nodes.map(
    (node) =>
      `    - ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
  );
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets.join('\n')}`;
}

/**
 * What axe's verdict depends on, read from the page: the rendered document without what axe
 * never looks at and what differs between two renderings of the same page (scripts, with the
 * session's data in Remix's context, nonces, the values of hidden inputs: tokens), plus what
 * the markup does not show (the values and ticks the user gave, the focused element, the
 * viewport and the emulated media). `null` for a page with frames: their documents are not in
 * the markup, so such a page is always checked.
 */
function pageState(): string | null {
  if (document.querySelector('iframe, frame, object, embed')) return null;
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  for (const script of copy.querySelectorAll('script')) script.remove();
  for (const element of copy.querySelectorAll('[nonce]')) element.removeAttribute('nonce');
  for (const input of copy.querySelectorAll('input[type="hidden"]')) input.removeAttribute('value');
  const given = [...document.querySelectorAll('input, select, textarea')].map((field) =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
      ? String(field.checked)
      : (field as HTMLInputElement).value,
  );
  const active = document.activeElement;
  const focus = active ? `${active.tagName}#${active.id}[${active.getAttribute('name') ?? ''}]` : '';
  const media = ['print', '(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', '(forced-colors: active)']
    .map((query) => String(matchMedia(query).matches))
    .join(',');
  return JSON.stringify([window.innerWidth, window.innerHeight, media, focus, given, copy.outerHTML]);
}

/** Page state hash → axe's violations, per worker (like the HTML validator's snapshots, e2e/helpers/test.ts). */
const checked = new Map<string, Violation[]>();
/** How often this worker ran axe and how often it reused a verdict (e2e/helpers.spec.ts reads it). */
export const axeCounts = { runs: 0, reused: 0 };
const logFile = path.resolve(import.meta.dirname, '../.artifacts/axe.log');

async function violationsOf(page: Page, label: string): Promise<Violation[]> {
  const state = await page.evaluate(pageState);
  const key = state === null ? null : createHash('sha256').update(state).digest('hex');
  const known = key === null ? undefined : checked.get(key);
  const started = performance.now();
  let violations: Violation[];
  if (known) {
    violations = known;
    axeCounts.reused += 1;
  } else {
    axeCounts.runs += 1;
    // Legacy mode runs axe in the page itself. The default mode opens an extra blank page for
    // every run to merge the frames' results, which costs about 300 ms a page and buys nothing
    // here: the portal's pages have no cross-origin frames.
    const results = await new AxeBuilder({ page })
      .withTags([...wcagTags])
      .setLegacyMode(true)
      .analyze();
    violations = results.violations;
    if (key !== null) checked.set(key, violations);
  }
  mkdirSync(path.dirname(logFile), { recursive: true });
  appendFileSync(
    logFile,
    `${known ? 'same' : 'run'}\t${Math.round(performance.now() - started)} ms\t${label}\t${page.url()}\n`,
  );
  return violations;
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation of the
 * WCAG A/AA rules, listing rule id, help and the offending elements. Minor and moderate
 * findings are printed (and attached to the report) without failing the test.
 *
 * A page whose state (`pageState`) this worker has already checked is not checked again: the
 * earlier verdict is reported for it as if axe had run (decision 060). The journeys open the
 * same pages again and again (the dashboard after every sign-in, say); a page that differs in
 * anything axe could see (its markup, a field's value, the focus, the viewport) is checked.
 *
 * With `{ soft: true }` the failure is recorded and the test goes on, so that a journey over
 * many pages reports every page's violations in one run.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  options: { soft?: boolean } = {},
): Promise<void> {
  const violations = await violationsOf(page, label);
  const serious = violations.filter((v) => failingImpacts.has(v.impact ?? ''));
  const other = violations.filter((v) => !failingImpacts.has(v.impact ?? ''));

  if (violations.length > 0) {
    await test.info().attach(`axe ${label}`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
  }
  if (other.length > 0) {
    console.log(`axe (not failing) on ${label} [${page.url()}]:\n${other.map(describe).join('\n')}`);
  }

  const report = serious.map(describe).join('\n');
  const check = options.soft ? expect.soft : expect;
  check(serious.length, `axe found serious or critical violations on ${label} [${page.url()}]:\n${report}`).toBe(0);
}
