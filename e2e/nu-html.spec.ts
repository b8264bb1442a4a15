/**
 * Every page through the W3C Nu HTML checker (issue 25): scripts/check-html.ts, the same check as
 * `npm run check:html`, with its own production server on a free port and a fresh embedded
 * database (not the journeys' server, whose demo files the journeys use at the same time). It
 * fails with the checker's report, one line per error under its page. Without Java it is skipped,
 * and says why.
 *
 * It needs no browser: it reads the HTML as the server sends it, the document a browser parses
 * first (the journeys' html-validate fixture, e2e/helpers/test.ts, checks the documents as the
 * browser shows them later).
 */
import { expect, test } from '@playwright/test';
import { checkHtml, formatReport, javaMissing } from '../scripts/check-html.ts';

/** Progress and the totals on the runner's output (the report itself is attached to the test). */
const say = (line: string) => process.stdout.write(`nu-html: ${line}\n`);

// Playwright reads the fixtures a test uses from its first parameter: this one uses none.
// eslint-disable-next-line no-empty-pattern
test('every page passes the W3C Nu HTML checker with no error', async ({}, testInfo) => {
  const missing = javaMissing();
  if (missing) say(`skipped: ${missing}`);
  test.skip(missing !== null, missing ?? '');
  test.setTimeout(600_000);
  const reports = await checkHtml({ log: say });
  const report = formatReport(reports);
  await testInfo.attach('nu-html-report', { body: report, contentType: 'text/plain' });
  say(report.split('\n').at(-1)!);
  expect(reports.length).toBeGreaterThan(200);
  expect(reports.filter((r) => r.errors.length > 0).length, report).toBe(0);
});
