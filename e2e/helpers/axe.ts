import { expect, test, type Frame, type Page } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { artifacts, verdictStore } from './verdicts.ts';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe has no separate wcag22a rules worth running). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

const failingImpacts = new Set(['serious', 'critical']);

type Violation = AxeResults['violations'][number];

function describe(violation: Violation): string {
  const targets = violation.nodes.map(
    (node) =>
      `    - ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
  );
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets.join('\n')}`;
}

/**
 * What axe's verdict depends on, read from the page: its structure, not its words or figures
 * (decision 091, issue 25: "axe once per distinct page"). For every element: its tag, role, type,
 * classes, inline style, the names of its attributes (and the values of those that change what
 * axe sees: `dir`, `hidden`, `aria-hidden`, `aria-expanded`, `open`, `disabled`, `tabindex`; `lang`
 * and `aria-current` only as well-formed or not),
 * whether it has text of its own, and in the same order its children; plus the viewport's width
 * (a phone and a desktop lay out differently) and the emulated media. So the same screen of another
 * file with other amounts, in another language, with a value typed or another field focused is
 * the same page to axe, while a message, a button or a step more, an open disclosure, an empty
 * label or another layout is a new one. Scripts and hidden inputs are left out (Remix's context,
 * tokens). `null` for a page with frames: their documents are not in the markup, so such a page is
 * always checked.
 */
function pageState(): string | null {
  if (document.querySelector('iframe, frame, object, embed')) return null;
  const currentValues = new Set(['page', 'step', 'location', 'date', 'time', 'true', 'false']);
  const valued = new Set(['dir', 'hidden', 'aria-hidden', 'aria-expanded', 'open', 'disabled', 'tabindex']);
  const outline = (element: Element): string => {
    if (element.tagName === 'SCRIPT' || (element instanceof HTMLInputElement && element.type === 'hidden')) return '';
    const attributes = [...element.attributes]
      .map(({ name, value }) =>
        name === 'aria-current' && currentValues.has(value)
          ? 'aria-current'
          : name === 'lang'
            ? `lang=${/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value) ? 'well-formed' : value}`
            : name === 'class' || name === 'style' || name === 'role' || name === 'type' || valued.has(name)
              ? `${name}=${value}`
              : name,
      )
      // Which item of a list is the current one (the language, the step) changes no verdict,
      // as long as the value is one ARIA allows.
      .filter((attribute) => !attribute.startsWith('nonce') && attribute !== 'aria-current')
      .sort()
      .join(' ');
    const ownText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
    );
    const children = [...element.children].map(outline).join('');
    return `<${element.tagName}${attributes ? ` ${attributes}` : ''}${ownText ? ' #text' : ''}>${children}</>`;
  };
  const media = ['print', '(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', '(forced-colors: active)']
    .map((query) => String(matchMedia(query).matches))
    .join(',');
  return JSON.stringify([window.innerWidth, media, outline(document.documentElement)]);
}

/** Page state hash → axe's violations: this run's, from every worker. */
const verdicts = verdictStore<Violation[]>('axe');
/** How often this worker ran axe and how often it reused a verdict (e2e/helpers.spec.ts reads it). */
export const axeCounts = { runs: 0, reused: 0 };
const logFile = path.join(artifacts, 'axe.log');

/**
 * Waits for the page's finite animations (the page transition's 220 ms fade and slide, the action
 * bar's slide) to end: axe reads colours as they are, and a text half faded in fails the contrast
 * rule (seen on a fast machine: the dashboard after the password change, checked mid-fade).
 *
 * One look is not enough: an animation that is cancelled (its element replaced while React
 * finishes the move) settles its promise at once, and its replacement starts a frame later (seen
 * in CI: the sign-in page checked at a sixth of its fade-in). So it looks again after a frame, until
 * a frame shows none running.
 */
async function animationsEnded(): Promise<void> {
  const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  for (let look = 0; look < 50; look += 1) {
    await nextFrame();
    const running = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)),
      );
    if (running.length === 0) return;
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  }
}

/**
 * axe in each frame of the page that does not have it yet, then `axe.run` in the page itself, as
 * `@axe-core/playwright`'s legacy mode does, with two differences (decision 110). That builder
 * sent axe's 570 kB of source to every frame again on every run, and a journey checks the same
 * document many times (Remix navigates in the page); the source was a sixth of a journeys
 * worker's CPU and of what it wrote to the browser. And only the violations are collected in
 * full (`resultTypes`), not every passing element's selector, which axe says is the slow end of
 * a run. The other frames' axe answers the page's over `postMessage`: the portal's frames are its
 * own (the sandbox provider's card form).
 */
async function runAxe(page: Page): Promise<Violation[]> {
  // A child frame that goes away meanwhile has nothing left to check.
  await Promise.all(
    page.frames().map((frame) => (frame === page.mainFrame() ? injectAxe(frame) : injectAxe(frame).catch(() => {}))),
  );
  return page.evaluate(
    async (tags) => {
      const results = await window.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations;
    },
    [...wcagTags],
  );
}

async function injectAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof window.axe?.run === 'function')) return;
  await frame.evaluate(`${axe.source}\n;axe.configure({ allowedOrigins: ['<same_origin>'] });`);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

async function violationsOf(page: Page, label: string): Promise<Violation[]> {
  await page.evaluate(animationsEnded);
  const state = await page.evaluate(pageState);
  const key = state === null ? null : createHash('sha256').update(state).digest('hex');
  const known = key === null ? undefined : verdicts.get(key);
  const started = performance.now();
  let violations: Violation[];
  if (known) {
    violations = known;
    axeCounts.reused += 1;
  } else {
    axeCounts.runs += 1;
    violations = await runAxe(page);
    if (key !== null) verdicts.keep(key, violations);
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
 * A page whose structure (`pageState`) this run has already checked, in any worker, is not
 * checked again: the earlier verdict is reported for it as if axe had run (decisions 060, 091).
 * The journeys open the same screens again and again (the dashboard after every sign-in, in
 * other languages, of other files); a screen that differs in anything axe could see (an element,
 * a class, an empty text, the viewport) is checked.
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
