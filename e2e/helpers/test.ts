/**
 * Playwright's `test` with one automatic fixture (issue 18, part 6): every document a journey's
 * page shows is checked by an offline HTML validator (html-validate, rules in .htmlvalidate.json:
 * the HTML standard preset; rules turned off and why are in docs/quality.md). A snapshot of the
 * page (`page.content()`) is taken at every load and every navigation of the main frame, the
 * client-side ones of Remix included, and once more at the end of the test; a test whose pages
 * have validation errors fails with the rule, the message and the element. Identical snapshots
 * are validated once per worker.
 *
 * Specs import `test` and `expect` from here instead of '@playwright/test'.
 */
import { test as base, type Page, type TestInfo } from '@playwright/test';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';

export * from '@playwright/test';

const validator = new HtmlValidate(new FileSystemConfigLoader());
/** Snapshot hash → its problems, per worker. */
const validated = new Map<string, string[]>();
const logFile = path.resolve(import.meta.dirname, '../.artifacts/html-validation.log');

async function problemsOf(html: string): Promise<string[]> {
  const hash = createHash('sha256').update(html).digest('hex');
  const known = validated.get(hash);
  if (known) return known;
  const report = await validator.validateString(html, 'page.html');
  const problems = report.results.flatMap((result) =>
    result.messages.map((m) => {
      const around = html.slice(Math.max(0, m.offset - 60), m.offset + 80).replace(/\s+/g, ' ');
      return `${m.ruleId}: ${m.message} (${m.selector ?? '?'}) …${around}…`;
    }),
  );
  validated.set(hash, problems);
  return problems;
}

function watch(page: Page, testInfo: TestInfo) {
  const problems = new Map<string, string[]>();
  const pending = new Set<Promise<void>>();
  const urls = new Set<string>();
  const snapshot = () => {
    const job = (async () => {
      let url: string;
      let html: string;
      try {
        url = page.url();
        if (!/^https?:/.test(url)) return;
        html = await page.content();
      } catch {
        // Navigating or closed: the next load or navigation takes the snapshot.
        return;
      }
      urls.add(url);
      const found = await problemsOf(html);
      if (found.length > 0) problems.set(url, [...new Set([...(problems.get(url) ?? []), ...found])]);
    })();
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };
  page.on('load', snapshot);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) snapshot();
  });
  return {
    async finish() {
      if (!page.isClosed()) snapshot();
      while (pending.size > 0) await Promise.all([...pending]);
      mkdirSync(path.dirname(logFile), { recursive: true });
      appendFileSync(
        logFile,
        [...urls].map((u) => `${testInfo.titlePath.join(' › ')}\t${u}\t${problems.get(u)?.length ?? 0}\n`).join(''),
      );
      return problems;
    },
  };
}

export const test = base.extend<{ validHtml: void }>({
  validHtml: [
    async ({ page }, use, testInfo) => {
      const watcher = watch(page, testInfo);
      await use();
      const problems = await watcher.finish();
      if (problems.size === 0) return;
      const report = [...problems].map(([url, list]) => `${url}\n  ${list.join('\n  ')}`).join('\n');
      await testInfo.attach('html-validation', { body: report, contentType: 'text/plain' });
      throw new Error(`invalid HTML on ${problems.size} page(s):\n${report}`);
    },
    { auto: true },
  ],
});
