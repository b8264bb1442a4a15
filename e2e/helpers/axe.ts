import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

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
 * Runs axe on the page as it is now and fails on any serious or critical violation of the
 * WCAG A/AA rules, listing rule id, help and the offending elements. Minor and moderate
 * findings are printed (and attached to the report) without failing the test.
 *
 * With `{ soft: true }` the failure is recorded and the test goes on, so that a journey over
 * many pages reports every page's violations in one run.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  options: { soft?: boolean } = {},
): Promise<void> {
  // Legacy mode runs axe in the page itself. The default mode opens an extra blank page for
  // every run to merge the frames' results, which costs about 300 ms a page and buys nothing
  // here: the portal's pages have no cross-origin frames.
  const results = await new AxeBuilder({ page })
    .withTags([...wcagTags])
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations.filter((v) => failingImpacts.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !failingImpacts.has(v.impact ?? ''));

  if (results.violations.length > 0) {
    await test.info().attach(`axe ${label}`, {
      body: JSON.stringify(results.violations, null, 2),
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
