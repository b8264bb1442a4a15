/**
 * Playwright's `test` with one automatic fixture (issue 18, part 6): every document a journey's
 * page shows is checked by an offline HTML validator (html-validate, rules in .htmlvalidate.json:
 * the HTML standard preset; rules turned off and why are in docs/quality.md). A snapshot of the
 * page (`page.content()`) is taken at every load and every navigation of the main frame, the
 * client-side ones of Remix included, and once more at the end of the test; a test whose pages
 * have validation errors fails with the rule, the message and the element. A snapshot the run has
 * validated already, in any worker, up to its nonce, scripts' contents and hidden values
 * (`snapshotKey`), is not validated again.
 *
 * Specs import `test` and `expect` from here instead of '@playwright/test'.
 */
import { test as base, type Page, type TestInfo } from '@playwright/test';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { artifacts, verdictStore } from './verdicts.ts';

export * from '@playwright/test';

/**
 * .htmlvalidate.json, resolved once per worker. html-validate resolves a file's configuration on
 * every call (its element metadata loaded and checked against their schema again), which was
 * half of the validator's time and a tenth of a journeys worker's CPU; every snapshot here is
 * validated as the same `page.html`, with the same configuration.
 */
class ResolvedOnce extends FileSystemConfigLoader {
  private resolved: ReturnType<FileSystemConfigLoader['getConfigFor']> | undefined;
  override getConfigFor(...args: Parameters<FileSystemConfigLoader['getConfigFor']>) {
    if (args[1] !== undefined) return super.getConfigFor(...args);
    return (this.resolved ??= super.getConfigFor(...args));
  }
}
const validator = new HtmlValidate(new ResolvedOnce());
/** Snapshot key → its problems: this run's, from every worker (e2e/helpers/verdicts.ts). */
const verdicts = verdictStore<string[]>('html');
const logFile = path.join(artifacts, 'html-validation.log');
/** Validations run and their milliseconds in this worker (the log's last line per test). */
const validation = { runs: 0, ms: 0 };

/**
 * What the validator's verdict depends on: the document without what changes on every request
 * and that no rule reads (decision 093). The CSP nonce's value, the contents of inline scripts
 * (Remix's context with the loader data; the validator treats a script's text as opaque) and the
 * values of hidden inputs (form tokens) are left out; every element, attribute, other value and
 * text stays. So the same page sent again with a new nonce and token is validated once.
 */
export function snapshotKey(html: string): string {
  const stable = html
    .replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, '$1$2')
    .replace(/\snonce="[^"]*"/gi, ' nonce')
    .replace(/<input\b[^>]*\btype="hidden"[^>]*>/gi, (tag) => tag.replace(/\svalue="[^"]*"/i, ' value'));
  return createHash('sha256').update(stable).digest('hex');
}

async function problemsOf(html: string): Promise<string[]> {
  const key = snapshotKey(html);
  const known = verdicts.get(key);
  if (known) return known;
  const started = performance.now();
  const report = await validator.validateString(html, 'page.html');
  validation.runs += 1;
  validation.ms += performance.now() - started;
  const problems = report.results.flatMap((result) =>
    result.messages.map((m) => {
      const around = html.slice(Math.max(0, m.offset - 60), m.offset + 80).replace(/\s+/g, ' ');
      return `${m.ruleId}: ${m.message} (${m.selector ?? '?'}) …${around}…`;
    }),
  );
  verdicts.keep(key, problems);
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
        [...urls].map((u) => `${testInfo.titlePath.join(' › ')}\t${u}\t${problems.get(u)?.length ?? 0}\n`).join('') +
          `worker ${process.pid}\t${validation.runs} validations\t${Math.round(validation.ms)} ms\n`,
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
