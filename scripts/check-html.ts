/**
 * `npm run check:html`: every page of the portal through the W3C Nu HTML checker (vnu.jar from the
 * `vnu-jar` package, run by Debian's Java).
 *
 * 1. Builds the app when the build is stale (scripts/ensure-build.mjs).
 * 2. Starts the production server (demo mode) as a child process on a free port, with a fresh
 *    embedded database in a temporary DATA_DIR, so the demo files are in the state docs/demo-data.md
 *    describes and nothing of ./data is read.
 * 3. Fetches the pages as the server sends them (the HTML a browser parses first, streamed parts
 *    included): the public pages of every variant and language, the pages of demo files signed in
 *    (full and reference-only sign-in, through the real form with a solved captcha) covering each
 *    state, the staff desk with the demo reviewer and admin (password and TOTP), and error pages.
 *    From each signed-in start page the links it shows are followed once, so a page added later is
 *    checked without being listed here.
 * 4. Runs the checker once over all of them (`java -jar vnu.jar --errors-only --format json …`),
 *    prints each error with its page, and exits 1 on any error (2 when the check could not run).
 *
 *   npm run check:html                  check, print the report
 *   npm run check:html -- --keep DIR    also keep the fetched pages in DIR (e.g. to open one)
 *   npm run check:html -- --port 3227   serve on that port instead of a free one
 *
 * tests/quality/nu-html.test.ts runs the same check in the suite (skipping, with the reason
 * printed, only when there is no Java).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { generateSync } from 'otplib';
import { serverCommand } from './server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The path of vnu.jar in the vnu-jar package (its main module exports the path). */
export function vnuJarPath(): string {
  const require = createRequire(import.meta.url);
  return String(require('vnu-jar'));
}

/** Why the checker cannot run here (no Java 11 or later on PATH), or null when it can. */
export function javaMissing(): string | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return 'no `java` on PATH (Debian: apt-get install default-jre-headless)';
  const major = /version "(\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1];
  if (!major || Number(major) < 11) return `java ${major ?? '?'} is too old for vnu.jar (needs 11 or later)`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The server

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Server {
  origin: string;
  child: ChildProcess;
  logs: string[];
  dataDir: string;
}

async function startServer(port: number): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-check-html-'));
  const environment: NodeJS.ProcessEnv = { ...process.env };
  // A fresh embedded database, whatever the caller's shell points at.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_BASE_URL', 'VARIANT_HOSTS', 'FILE_STORAGE'])
    delete environment[name];
  const command = serverCommand({
    env: {
      ...environment,
      NODE_ENV: 'production',
      DEMO: 'true',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A small proof of work, and room for the sign-ins this check makes from one address.
      CAPTCHA_MAX_NUMBER: '5000',
      SIGNIN_CLIENT_MAX_FAILURES: '100',
      RATE_LIMIT_CLIENT_SCALE: '50',
    },
  });
  const child = spawn(process.execPath, command.args, {
    cwd: root,
    env: command.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const server = { origin: `http://localhost:${port}`, child, logs, dataDir };
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${server.origin}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(server);
  throw new Error(`the portal did not start:\n${logs.slice(-20).join('\n')}`);
}

async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// A visitor: a cookie jar and requests that do not follow redirects

export class Visitor {
  private readonly cookies = new Map<string, string>();
  constructor(
    readonly name: string,
    private readonly origin: string,
  ) {}

  /** The cookies it holds (name, value), e.g. to hand a signed-in session to a browser. */
  cookieList(): Array<[string, string]> {
    return [...this.cookies];
  }

  async request(pathname: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { 'Accept-Language': 'de-DE,de;q=0.9', Origin: this.origin };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${this.origin}${pathname}`, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form) : undefined,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** A solved captcha of the variant at `base`, as the sign-in form's widget sends it. */
  async captcha(base: string): Promise<string> {
    const challenge = (await (await this.request(`${base}/captcha`)).json()) as {
      algorithm: string;
      challenge: string;
      salt: string;
      signature: string;
      maxnumber?: number;
    };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    if (!solution) throw new Error('captcha not solvable');
    const { algorithm, salt, signature } = challenge;
    return Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }),
    ).toString('base64');
  }

  /** The debtor's sign-in form: with a password (full), or reference only. */
  async signIn(base: string, reference: string, password?: string): Promise<void> {
    const response = await this.request(`${base}/signin`, {
      mode: password === undefined ? 'reference' : 'password',
      reference,
      ...(password === undefined ? {} : { password }),
      privacy: 'on',
      returnTo: '',
      altcha: await this.captcha(base),
    });
    if (response.status !== 302) throw new Error(`${this.name}: sign-in answered ${response.status}`);
  }

  /** The review desk: password, then (enrolling at the first sign-in) the authenticator's code. */
  async staffSignIn(email: string, password: string, pages: Page[]): Promise<void> {
    const first = await this.request('/staff/signin', { email, password, returnTo: '' });
    if (first.status !== 302) throw new Error(`${this.name}: staff sign-in answered ${first.status}`);
    const code = await this.page('/staff/code', 'staff code (enrolment)', pages);
    const secret = /class="staff-secret">([A-Z2-7]+)</.exec(code)?.[1];
    if (!secret) throw new Error(`${this.name}: no enrolment secret on /staff/code`);
    const second = await this.request('/staff/code', { code: generateSync({ secret }), returnTo: '' });
    if (second.status !== 302) throw new Error(`${this.name}: staff code answered ${second.status}`);
  }

  /** Fetches a page (or, with `form`, the page a form post answers) and records it; answers its HTML. */
  async page(pathname: string, label: string, pages: Page[], form?: Record<string, string>): Promise<string> {
    const response = await this.request(pathname, form);
    const html = await response.text();
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/html')) return '';
    pages.push({ label: `${this.name}: ${label}`, url: pathname, status: response.status, html });
    return html;
  }
}

// ---------------------------------------------------------------------------------------------
// Which pages

export interface Page {
  label: string;
  url: string;
  status: number;
  html: string;
}

const variantBases = [
  '/serviceportal',
  '/serviceportal-at',
  '/serviceportal-ch',
  '/serviceportal-se',
  '/serviceportal-no',
  '/paycare',
];
const languages = ['de', 'en', 'es', 'fr', 'it', 'tr', 'sv'];

/** Pages anyone can open (in the German variant; the variants' own look is checked on three of them). */
const publicPaths = [
  '',
  '/signin',
  '/signin?action=AZonly',
  '/password/reset',
  '/password/reset/not-a-token',
  '/service',
  '/service/faq',
  '/service/contact',
  '/feedback',
  '/privacy',
  '/data-protection',
  '/legal-notice',
  '/information-security',
  '/card-terms',
  '/chatbot',
  '/access-denied',
  '/refused',
  '/maintenance',
  '/checkout/unavailable',
  '/checkout/pay-direct/return?paymentId=unknown',
  '/l/not-a-token',
  '/no-such-page',
  '/dashboard',
];

/** What a signed-in debtor opens (links shown on these pages are followed as well). */
const debtorPaths = [
  '/dashboard',
  '/claim-information',
  '/claims-list',
  '/checkout/pay-direct',
  '/checkout/pay-direct/card',
  '/checkout/pay-installments',
  '/checkout/pay-later',
  '/installment-plan',
  '/skip-installment',
  '/announce-payment',
  '/upload-center',
  '/download-center',
  '/download-center/mandate',
  '/download-center/goods-not-recieved',
  '/download-center/goods-return',
  '/download-center/identity-theft',
  '/service/contact',
  '/service/contact?action=callback',
  '/service/contact?subject=7',
  '/debtor/profile',
  '/debtor/profile?edit=true',
  '/debtor/profile/password',
  '/sepa-mandate',
  '/modals',
  '/email-information',
  '/feedback',
];

/** For the other demo files: the pages whose content follows the file's state. */
const statePaths = [
  '/dashboard',
  '/claim-information',
  '/claims-list',
  '/checkout/pay-direct',
  '/checkout/pay-installments',
  '/checkout/pay-later',
  '/installment-plan',
  '/skip-installment',
  '/upload-center',
  '/debtor/profile',
  '/sepa-mandate',
];

/** Demo files covering each state (docs/demo-data.md), with the variant they belong to. */
const debtors: Array<{ reference: string; base: string; password?: boolean; follow?: boolean }> = [
  { reference: '100000001', base: '/serviceportal', password: true, follow: true },
  { reference: '100000001', base: '/serviceportal' },
  { reference: '100000002', base: '/serviceportal', password: true, follow: true },
  { reference: '100000003', base: '/serviceportal', password: true },
  { reference: '100000004', base: '/serviceportal', password: true },
  { reference: '100000005', base: '/serviceportal', password: true },
  { reference: '100000006', base: '/serviceportal', password: true },
  { reference: '100000008', base: '/serviceportal', password: true },
  { reference: '100000009', base: '/serviceportal', password: true },
  { reference: '100000010', base: '/serviceportal', password: true },
  { reference: '100000011', base: '/serviceportal', password: true },
  { reference: '100000012', base: '/serviceportal', password: true },
  { reference: '200000001', base: '/serviceportal-at', password: true },
  { reference: '300000001', base: '/serviceportal-ch', password: true, follow: true },
  { reference: '400000001', base: '/serviceportal-se', password: true },
  { reference: '500000001', base: '/serviceportal-no', password: true },
  { reference: '600000001', base: '/paycare', password: true },
];

/** Links never followed: they sign out, switch a setting, download a file or leave the portal. */
const notFollowed =
  /\/(signout|language|consent|session|assistant|l|uploads|captcha|theme\.css|dev|api|sandbox)(\/|$|\?)|\/invoices\/|\/pdf\/|\.(svg|pdf|png|css|js)(\?|$)|^\/staff\/(signout|language|export)/;

function linksOf(html: string, base: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref="([^"#]*)[^"]*"/g)) {
    const href = match[1]!.replaceAll('&amp;', '&');
    if (!href.startsWith(`${base}/`) && href !== base) continue;
    if (notFollowed.test(href.slice(base.length)) || notFollowed.test(href)) continue;
    found.add(href);
  }
  return [...found];
}

/**
 * The payment pages: each method the variant offers, started as the form does, and the page it
 * leads to (the bank-transfer details with the QR code or QR bill, cash, the card form, the
 * sandbox provider's page). A started payment is under way for its file, which then refuses other
 * methods (that page is checked too), so each method is started on the next file of `sessions`.
 */
async function payments(sessions: Visitor[], base: string, pages: Page[], origin: string): Promise<void> {
  const form = await sessions[0]!.request(`${base}/checkout/pay-direct`);
  const offered = [
    ...new Set([...(await form.text()).matchAll(/name="method"[^>]*value="([^"]+)"/g)].map((m) => m[1]!)),
  ];
  for (const [index, method] of offered.entries()) {
    const session = sessions[index % sessions.length]!;
    const answer = await session.request(`${base}/checkout/pay-direct`, {
      intent: 'pay',
      method,
      idempotencyKey: randomUUID(),
    });
    const location = answer.headers.get('location');
    if (answer.status !== 302 || !location) continue;
    const target = new URL(location, origin);
    if (target.origin !== origin) continue;
    await session.page(`${target.pathname}${target.search}`, `payment by method ${method}`, pages);
  }
}

export async function collectPages(origin: string, log: (line: string) => void = () => {}): Promise<Page[]> {
  const pages: Page[] = [];
  const seen = new Set<string>();
  const visit = async (visitor: Visitor, pathname: string, label = pathname) => {
    const key = `${visitor.name} ${pathname}`;
    if (seen.has(key)) return '';
    seen.add(key);
    return visitor.page(pathname, label, pages);
  };

  // Public pages, the German variant in German; every variant's start and sign-in pages; every language.
  const visitor = new Visitor('visitor', origin);
  for (const p of publicPaths) await visit(visitor, `/serviceportal${p}`);
  for (const base of variantBases.slice(1)) {
    for (const p of ['', '/signin', '/service']) await visit(visitor, `${base}${p}`);
  }
  for (const base of ['/serviceportal-se', '/serviceportal-no']) await visit(visitor, `${base}/signin/bankid`);
  for (const language of languages.slice(1)) {
    for (const p of ['', '/signin', '/service/faq']) await visit(visitor, `/serviceportal${p}?hl=${language}`);
  }
  // Forms answered with their errors: an empty sign-in, a wrong password, an empty reset request.
  await visitor.page('/serviceportal/signin', 'sign-in, empty', pages, { mode: 'password' });
  await visitor.page('/serviceportal/signin', 'sign-in, wrong password', pages, {
    mode: 'password',
    reference: '100000001',
    password: 'not-the-password',
    privacy: 'on',
    altcha: await visitor.captcha('/serviceportal'),
  });
  await visitor.page('/serviceportal/password/reset', 'reset, empty', pages, {});
  await visit(visitor, '/no-such-page');
  await visit(visitor, '/staff');
  await visit(visitor, '/staff/signin');
  log(`${pages.length} public pages`);

  // Debtors.
  const signedIn = new Map<string, Visitor[]>();
  for (const debtor of debtors) {
    const name = `${debtor.reference} (${debtor.password ? 'full' : 'reference only'})`;
    const session = new Visitor(name, origin);
    await session.signIn(debtor.base, debtor.reference, debtor.password ? 'Demo-Pass1' : undefined);
    const paths =
      debtor.reference === '100000009'
        ? ['/signin/set-password', '/dashboard']
        : debtor.follow
          ? debtorPaths
          : statePaths;
    const shown: string[] = [];
    for (const p of paths) {
      const html = await visit(session, `${debtor.base}${p}`);
      if (debtor.follow) shown.push(...linksOf(html, debtor.base));
    }
    for (const href of shown) await visit(session, href);
    if (debtor.reference === '100000001' && debtor.password) {
      // A chat turn (the no-JS chat page; it also gives the review desk an entry to open) and
      // forms answered with their errors.
      await session.request(`${debtor.base}/chatbot`, { text: 'Kann ich in Raten zahlen?' });
      await session.page(`${debtor.base}/chatbot`, 'chat with a turn', pages);
      await session.page(`${debtor.base}/service/contact`, 'contact form, empty', pages, {});
      await session.page(`${debtor.base}/debtor/profile/password`, 'password form, empty', pages, {});
      await session.page(`${debtor.base}/announce-payment`, 'announce payment, empty', pages, {});
    }
    if (debtor.password) signedIn.set(debtor.base, [...(signedIn.get(debtor.base) ?? []), session]);
    log(`${pages.length} pages after ${name}`);
  }
  // Each variant's payment methods, started on its files (the German ones spread over several).
  for (const [base, sessions] of signedIn) {
    const open = sessions.filter((v) => !/\b(100000006|100000009|100000011)\b/.test(v.name));
    if (open.length > 0) await payments(open, base, pages, origin);
  }
  log(`${pages.length} pages after the payments`);

  // The review desk: the demo reviewer (its pages, and the admin page it may not open) and admin.
  for (const account of [
    { email: 'reviewer@demo.example', password: 'demo-reviewer-pass' },
    { email: 'admin@demo.example', password: 'demo-admin-password' },
  ]) {
    const staff = new Visitor(account.email, origin);
    await staff.staffSignIn(account.email, account.password, pages);
    const shown: string[] = [];
    for (const p of ['/staff', '/staff/charts', '/staff/corrections', '/staff/accounts', '/staff/no-such-page']) {
      shown.push(...linksOf(await visit(staff, p), '/staff'));
    }
    for (const href of shown.slice(0, 30)) await visit(staff, href);
  }
  log(`${pages.length} pages after the review desk`);
  return pages;
}

// ---------------------------------------------------------------------------------------------
// The checker

export interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

export interface PageReport {
  page: Page;
  errors: NuMessage[];
}

/** Runs vnu.jar once over the pages (written to `dir`); answers each page's errors. */
export function runNu(pages: Page[], dir: string): PageReport[] {
  mkdirSync(dir, { recursive: true });
  const files = pages.map((page, index) => {
    const file = path.join(dir, `${String(index).padStart(3, '0')}.html`);
    writeFileSync(file, page.html);
    return file;
  });
  const result = spawnSync('java', ['-jar', vnuJarPath(), '--errors-only', '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  // vnu writes its JSON report to stderr, exiting 1 when it found errors.
  const output = result.stderr.trim() || result.stdout.trim();
  let report: { messages: NuMessage[] };
  try {
    report = JSON.parse(output) as { messages: NuMessage[] };
  } catch {
    throw new Error(`vnu.jar did not answer with its JSON report (exit ${result.status}):\n${output.slice(0, 2000)}`);
  }
  const byFile = new Map<string, NuMessage[]>();
  for (const message of report.messages) {
    // Only errors (and fatal errors) are reported with --errors-only; a file it could not read is a
    // non-document error and counts as well.
    const file = message.url ? fileURLToPath(message.url) : '';
    byFile.set(file, [...(byFile.get(file) ?? []), message]);
  }
  const unattributed = [...byFile].filter(([file]) => !files.includes(file)).flatMap(([, list]) => list);
  if (unattributed.length > 0) throw new Error(`vnu.jar: ${JSON.stringify(unattributed).slice(0, 2000)}`);
  return pages.map((page, index) => ({ page, errors: byFile.get(files[index]!) ?? [] }));
}

/** The report as text: a line per error under its page, and the totals. */
export function formatReport(reports: PageReport[]): string {
  const lines: string[] = [];
  for (const { page, errors } of reports) {
    if (errors.length === 0) continue;
    lines.push(`${page.url}  (${page.label}, ${page.status}): ${errors.length} error(s)`);
    for (const e of errors) {
      const where = e.lastLine ? `${e.lastLine}:${e.firstColumn ?? e.lastColumn ?? ''}` : '';
      const extract = e.extract ? `  «${e.extract.replace(/\s+/g, ' ').trim().slice(0, 160)}»` : '';
      lines.push(`  ${e.subType === 'fatal' ? 'FATAL ' : ''}${where} ${e.message}${extract}`);
    }
  }
  const total = reports.reduce((sum, r) => sum + r.errors.length, 0);
  const failing = reports.filter((r) => r.errors.length > 0).length;
  lines.push(`Nu HTML checker: ${total} error(s) on ${failing} of ${reports.length} pages`);
  return lines.join('\n');
}

/** Starts the portal, fetches every page, checks them; answers the reports. */
export async function checkHtml(
  options: { port?: number; keep?: string; log?: (line: string) => void } = {},
): Promise<PageReport[]> {
  const log = options.log ?? (() => {});
  const server = await startServer(options.port ?? (await freePort()));
  const dir = options.keep ?? mkdtempSync(path.join(tmpdir(), 'portal-nu-pages-'));
  try {
    const pages = await collectPages(server.origin, log);
    const started = Date.now();
    const reports = runNu(pages, dir);
    log(`vnu.jar checked ${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return reports;
  } finally {
    await stopServer(server);
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const missing = javaMissing();
  if (missing) {
    console.error(`check:html cannot run: ${missing}`);
    process.exit(2);
  }
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(2);
  const port = option('--port');
  const keep = option('--keep');
  const reports = await checkHtml({
    port: port ? Number(port) : undefined,
    keep: keep ? path.resolve(keep) : undefined,
    log: (line) => console.log(line),
  });
  if (keep) {
    writeFileSync(
      path.join(path.resolve(keep), 'index.tsv'),
      reports.map((r, i) => `${String(i).padStart(3, '0')}.html\t${r.page.url}\t${r.page.label}\n`).join(''),
    );
  }
  console.log(formatReport(reports));
  process.exit(reports.some((r) => r.errors.length > 0) ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(2);
  });
}
