/**
 * Lighthouse on a phone (its default: mobile form factor, simulated slow 4G and a slowed CPU)
 * for performance and accessibility on the home page, the sign-in page and the signed-in
 * dashboard of the production build (issue 16: both must stay at 100). Chromium is Debian's
 * (CHROME_PATH, default /usr/bin/chromium). Prints a table and writes
 * bench-results/lighthouse.json; measured, never asserted — a machine busy with other work
 * lowers the performance score (the simulation scales with the CPU it observes).
 *
 * Environment: BENCH_PORT (the portal listens on BENCH_PORT + 4, default 3229), CHROME_PATH.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, startPortal } from './portal.ts';
import { signIn } from './sign-in.ts';

const port = Number(process.env.BENCH_PORT ?? 3225) + 4;
const base = '/serviceportal';

interface Scores {
  key: string;
  name: string;
  path: string;
  performance: number | null;
  accessibility: number | null;
  /** Audits below a full score, for finding what cost the points. */
  failing: { id: string; score: number | null }[];
}

const results: Scores[] = [];
const { origin, stop } = await startPortal(port);
try {
  const cookie = await signIn(origin, base);
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const pages: { key: string; name: string; path: string; headers: Record<string, string> }[] = [
      { key: 'home', name: 'home', path: base, headers: {} },
      { key: 'signin', name: 'sign-in', path: `${base}/signin`, headers: {} },
      { key: 'dashboard', name: 'dashboard, signed in', path: `${base}/dashboard`, headers: { Cookie: cookie } },
    ];
    for (const page of pages) {
      const run = async () => {
        const result = await lighthouse(`${origin}${page.path}`, {
          port: chrome.port,
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.headers,
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
        return result.lhr;
      };
      // A trace that went wrong (NO_NAVSTART and the like on a busy machine) is recorded once more.
      let lhr = await run();
      if (lhr.runtimeError) lhr = await run();
      if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (page.key === 'dashboard' && !lhr.finalDisplayedUrl.endsWith('/dashboard'))
        throw new Error(`the dashboard was not shown (${lhr.finalDisplayedUrl})`);
      const score = (id: string) => {
        const value = lhr.categories[id]?.score;
        return typeof value === 'number' ? Math.round(value * 100) : null;
      };
      const audited = new Set(
        ['performance', 'accessibility'].flatMap((id) => lhr.categories[id]?.auditRefs.map((ref) => ref.id) ?? []),
      );
      results.push({
        key: page.key,
        name: page.name,
        path: page.path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        failing: Object.values(lhr.audits)
          .filter((audit) => audited.has(audit.id) && audit.score !== null && audit.score < 1)
          .filter((audit) => audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric')
          .map((audit) => ({ id: audit.id, score: audit.score })),
      });
    }
  } finally {
    chrome.kill();
  }
} finally {
  stop();
}

console.log('\nLighthouse, mobile (its default), performance and accessibility\n');
console.log('| page | performance | accessibility | below a full score |');
console.log('|---|---:|---:|---|');
for (const r of results)
  console.log(
    `| ${r.name} | ${r.performance ?? '–'} | ${r.accessibility ?? '–'} | ${r.failing.map((a) => `${a.id} ${a.score}`).join(', ') || '–'} |`,
  );
const outDir = path.join(root, 'bench-results');
mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, 'lighthouse.json');
writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), pages: results }, null, 2)}\n`);
console.log(`\n${path.relative(root, out)} written`);
process.exit(0);
