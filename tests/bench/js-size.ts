/**
 * First-load JavaScript on the wire (issue 16): the production build's home page, sign-in page
 * and signed-in dashboard opened in Chromium (Debian's /usr/bin/chromium through Playwright),
 * summing the bytes every script took on the wire until the page was idle — as the server sends
 * them, compressed. Counted through the DevTools protocol: `encodedDataLength` of each finished
 * request whose answer is JavaScript (body and headers as received). Target: at most 110 kB per
 * page. Prints a table and writes bench-results/js-size.json; measured, never asserted.
 *
 * Environment: BENCH_PORT (the portal listens on BENCH_PORT + 3, default 3228),
 * CHROME_PATH (default /usr/bin/chromium).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { root, startPortal } from './portal.ts';
import { signIn } from './sign-in.ts';

const port = Number(process.env.BENCH_PORT ?? 3225) + 3;
const host = '127.0.0.1';
const base = '/serviceportal';
const targetKb = 110;

interface Script {
  url: string;
  /** Bytes received for the request: the compressed body and the response headers. */
  bytes: number;
  /** The compressed body alone (what "kB gzip" means). */
  bodyBytes: number;
}
interface PageResult {
  key: string;
  name: string;
  path: string;
  scripts: Script[];
  totalBytes: number;
  totalBodyBytes: number;
  /** The page's translation files (JSON, not JavaScript since decision 051): shown beside the scripts. */
  translations: Script[];
  translationBodyBytes: number;
}

/** Opens a page and returns the scripts it loaded until the network was idle, with their bytes on the wire. */
async function scriptsOf(page: Page, url: string): Promise<{ scripts: Script[]; translations: Script[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const isScript = new Map<string, { url: string; headerBytes: number }>();
  const isTranslation = new Set<string>();
  const scripts: Script[] = [];
  const translations: Script[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const translation = /\/assets\/translations-[^/]+\/.+\.json$/.test(event.response.url);
    if (translation) isTranslation.add(event.requestId);
    if (translation || event.type === 'Script' || /javascript/.test(event.response.mimeType))
      // When the response arrives, what was received so far is its headers.
      isScript.set(event.requestId, { url: event.response.url, headerBytes: event.response.encodedDataLength });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = isScript.get(event.requestId);
    if (script)
      (isTranslation.has(event.requestId) ? translations : scripts).push({
        url: script.url.replace(origin, ''),
        bytes: event.encodedDataLength,
        bodyBytes: event.encodedDataLength - script.headerBytes,
      });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Whatever an idle callback or a timer starts shortly after the load counts too.
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { scripts: scripts.sort((a, b) => b.bytes - a.bytes), translations };
}

const results: PageResult[] = [];
const { origin, stop } = await startPortal(port);
try {
  const cookie = await signIn(origin, base);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const pages = [
      { key: 'home', name: 'home', path: `${base}`, signedIn: false },
      { key: 'signin', name: 'sign-in', path: `${base}/signin`, signedIn: false },
      { key: 'dashboard', name: 'dashboard, signed in', path: `${base}/dashboard`, signedIn: true },
    ];
    for (const target of pages) {
      const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 412, height: 823 } });
      if (target.signedIn) {
        const [name, ...value] = cookie.split('=');
        await context.addCookies([{ name: name!, value: value.join('='), domain: host, path: '/' }]);
      }
      const page = await context.newPage();
      const { scripts, translations } = await scriptsOf(page, `${origin}${target.path}`);
      if (target.signedIn && !new URL(page.url()).pathname.endsWith('/dashboard'))
        throw new Error(`the dashboard was not shown (${page.url()})`);
      results.push({
        key: target.key,
        name: target.name,
        path: target.path,
        scripts,
        totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
        totalBodyBytes: scripts.reduce((sum, s) => sum + s.bodyBytes, 0),
        translations,
        translationBodyBytes: translations.reduce((sum, s) => sum + s.bodyBytes, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  stop();
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
console.log(`\nFirst-load JavaScript on the wire (compressed, Chromium), target ≤ ${targetKb} kB\n`);
console.log(
  '| page | scripts | kB compressed (bodies) | kB with headers | translations (JSON, bodies) | largest (bodies) |',
);
console.log('|---|---:|---:|---:|---:|---|');
for (const r of results) {
  const largest = r.scripts
    .slice(0, 3)
    .map((s) => `${path.basename(s.url)} ${kb(s.bodyBytes)}`)
    .join(', ');
  const translations = `${kb(r.translationBodyBytes)} (${r.translations.length})`;
  console.log(
    `| ${r.name} | ${r.scripts.length} | ${kb(r.totalBodyBytes)} | ${kb(r.totalBytes)} | ${translations} | ${largest} |`,
  );
}
const outDir = path.join(root, 'bench-results');
mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, 'js-size.json');
writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), targetKb, pages: results }, null, 2)}\n`);
console.log(`\n${path.relative(root, out)} written`);
process.exit(0);
