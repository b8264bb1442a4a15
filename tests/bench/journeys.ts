/**
 * `npm run bench:journeys` (issue 28): many distinct debtors' journeys at once against the
 * production build on PostgreSQL, at agency scale.
 *
 * 1. A database of its own per size (`<DATABASE_URL's name>_f<N>`, created when missing, never
 *    dropped): migrated, the demo files, then N generated files of every status and variant
 *    (tests/bench/journeys/generate.ts; 100,000 by default, 1,000,000 with `--million`, any
 *    number with `--files N`; `--files 0` keeps the 18 demo files only, the reference the large
 *    runs are compared with). Generated once; later runs of the same size reuse it.
 * 2. The production server (`node build/server/server.js`, NODE_ENV=production), and the bare
 *    Remix page (tests/bench/bare-remix, as in `npm run bench:server`) measured with autocannon
 *    before and after the journeys in the same run.
 * 3. Journeys of distinct debtors (a seeded random choice of files; each journey with a cookie
 *    jar of its own), BENCH_CONCURRENCY at once: the letter link as printed on the letter (the page,
 *    then its form posted), the dashboard it leads to, the claim information, the instalment page,
 *    a monthly amount proposed and the date step it leads to, two chat turns, sign-out. Each
 *    step's latency and status are recorded; journeys per second, p50/p95/p99 per step, the
 *    server's CPU per journey and the errors (5xx, refused connections, timeouts) are reported. A
 *    file the letter link refuses (a measure running, a legal blocking) ends its journey there, as
 *    it does for the debtor: counted, not an error.
 * 4. Then BENCH_SERIAL journeys one at a time: the server's CPU per step from /proc (first views,
 *    free of the other journeys' interleaving).
 * 5. With `--plans`: one more journey with every statement the server sends captured
 *    (tests/bench/journeys/capture-sql.mjs), and `EXPLAIN (ANALYZE, BUFFERS)` of each distinct
 *    statement (writes inside a transaction rolled back) written to bench-results/journey-plans.md,
 *    with every sequential scan named.
 *
 * Environment: DATABASE_URL (required: a PostgreSQL server; the database name is the prefix),
 * BENCH_JOURNEYS (default 400), BENCH_CONCURRENCY (default 10), BENCH_SERIAL (default 40),
 * BENCH_SEED (default 1), BENCH_PORT (first of two ports, default 3361), BENCH_SECONDS (the bare
 * Remix page, default 5). Writes bench-results/journeys.json. Measured, never asserted.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverCommand } from '../../scripts/server-command.mjs';
import {
  cpuSeconds,
  ensureBuilds,
  encodingHeaders,
  ensurePostgresDatabase,
  root,
  rssMb,
  start,
  startBareRemix,
  stop,
  waitFor,
} from './harness.ts';

process.env.SESSION_SECRET ??= randomBytes(33).toString('base64url');
process.env.DEMO = 'true';
const { createLetterToken } = await import('../../server/auth/letter-links.ts');
const { hashPassword } = await import('../../server/auth/passwords.ts');
const { openDatabase } = await import('../../server/db/client.ts');
const { ensureDemoData } = await import('../../server/db/bootstrap.ts');
const { demoFiles, demoPassword } = await import('../../server/demo/catalogue.ts');
const { variants } = await import('../../server/variants/config.ts');
const { firstRefno, generateFiles, plannedFile } = await import('./journeys/generate.ts');

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const fileCount = flag('--million') ? 1_000_000 : Number(option('--files') ?? process.env.BENCH_FILES ?? 100_000);
const journeyCount = Number(process.env.BENCH_JOURNEYS ?? 400);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const serialCount = Number(process.env.BENCH_SERIAL ?? 40);
const seed = Number(process.env.BENCH_SEED ?? 1);
const firstPort = Number(process.env.BENCH_PORT ?? 3361);
const bareSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const withPlans = flag('--plans');
const host = '127.0.0.1';
if (!process.env.DATABASE_URL) throw new Error('bench:journeys needs DATABASE_URL (a PostgreSQL server)');

const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}_f${fileCount}`;
  return url.toString();
})();

// ------------------------------------------------------------------------------------------
// The database
// ------------------------------------------------------------------------------------------

async function prepareDatabase(): Promise<{ seconds: number; generated: boolean }> {
  await ensurePostgresDatabase(databaseUrl);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const began = Date.now();
  let generated = false;
  try {
    await ensureDemoData(handle);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      const { rows } = await pool.query<{ n: number }>(
        'select count(*)::int as n from files where refno >= $1 and refno < $2',
        [String(firstRefno), String(firstRefno + 100_000_000)],
      );
      const have = rows[0]!.n;
      if (have !== fileCount && have !== 0) {
        throw new Error(`${databaseUrl} holds ${have} generated files, not ${fileCount}: drop it and run again`);
      }
      // The 18-file reference: the letter links give full access (as 90 % of the generated files
      // and bench:server's file 100000001), so its journeys reach the same pages.
      if (fileCount === 0) await pool.query('update files set letter_link_is_full_login = true');
      if (have === 0 && fileCount > 0) {
        console.error(`writing ${fileCount.toLocaleString('en')} files into ${new URL(databaseUrl).pathname.slice(1)}`);
        const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
        const summary = await generateFiles(pool, {
          count: fileCount,
          seed,
          today,
          passwordHash: await hashPassword(demoPassword),
          batch: 2000,
          onProgress: (n) => {
            if (n % 20_000 === 0 || n === fileCount) {
              console.error(`  ${n.toLocaleString('en')} files, ${((Date.now() - began) / 1000).toFixed(0)} s`);
            }
          },
        });
        await pool.query('analyze');
        generated = true;
        console.error(`  rows: ${JSON.stringify(summary.rows)}`);
      }
    } finally {
      await pool.end();
    }
  } finally {
    await handle.close();
  }
  return { seconds: (Date.now() - began) / 1000, generated };
}

// ------------------------------------------------------------------------------------------
// The journeys
// ------------------------------------------------------------------------------------------

interface Debtor {
  refno: string;
  subcase: number;
  variant: keyof typeof variants;
  totalMinor: number;
}

/** `count` distinct debtors: a seeded choice among the generated files, or the demo files again and again. */
async function chooseDebtors(count: number): Promise<Debtor[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    let refnos: string[];
    if (fileCount === 0) {
      refnos = demoFiles.map((f) => f.refno);
    } else {
      const chosen = new Set<string>();
      let state = seed * 2_654_435_761;
      const take = Math.min(count, Math.floor(fileCount * 0.9));
      while (chosen.size < take) {
        state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
        const index = Math.floor((state / 4_294_967_296) * fileCount);
        chosen.add(plannedFile(index, seed).refno);
      }
      refnos = [...chosen];
    }
    const { rows } = await pool.query<{ refno: string; variant: string; total_minor: number }>(
      'select refno, variant, total_minor from files where subcase = 1 and refno = any($1::text[])',
      [refnos],
    );
    const byRefno = new Map(rows.map((r) => [r.refno, r]));
    const debtors = refnos.flatMap((refno) => {
      const row = byRefno.get(refno);
      return row ? [{ refno, subcase: 1, variant: row.variant as Debtor['variant'], totalMinor: row.total_minor }] : [];
    });
    return Array.from({ length: count }, (_, i) => debtors[i % debtors.length]!);
  } finally {
    await pool.end();
  }
}

const steps = [
  'letter link page',
  'letter link redeemed',
  'dashboard',
  'claim information',
  'instalment page',
  'instalment amount (POST)',
  'instalment date step',
  'chat turn 1',
  'chat turn 2',
  'sign-out (POST)',
] as const;
type Step = (typeof steps)[number];

interface Sample {
  step: Step;
  ms: number;
  status: number;
  /** Server CPU ms of this step (serial phase only). */
  cpuMs?: number;
}

class Jar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

async function journey(origin: string, debtor: Debtor, record: (s: Sample) => void, serverPid?: number): Promise<void> {
  const base = variants[debtor.variant].basePath;
  const jar = new Jar();
  const token = createLetterToken(debtor.refno, debtor.subcase, { validDays: 30 });
  const send = async (
    step: Step,
    url: string,
    init: { method?: 'GET' | 'POST'; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<Response | null> => {
    // As a browser asks (fetch alone would ask for gzip and deflate only).
    const headers: Record<string, string> = { ...encodingHeaders, Cookie: jar.header(), 'Accept-Language': 'de' };
    let body: string | undefined;
    if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    if (init.method === 'POST') headers.Origin = origin;
    const cpuBefore = serverPid ? cpuSeconds(serverPid) : null;
    const began = performance.now();
    try {
      const response = await fetch(`${origin}${url}`, {
        method: init.method ?? 'GET',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      const ms = performance.now() - began;
      const cpuAfter = serverPid ? cpuSeconds(serverPid) : null;
      jar.take(response);
      record({
        step,
        ms,
        status: response.status,
        cpuMs: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) * 1000 : undefined,
      });
      return response;
    } catch {
      record({ step, ms: performance.now() - began, status: 0 });
      return null;
    }
  };
  const page = await send('letter link page', `${base}/l/${token}`);
  if (page?.status !== 200) return;
  const redeemed = await send('letter link redeemed', `${base}/l/${token}`, { method: 'POST', form: { token } });
  const next = redeemed?.headers.get('location');
  if (redeemed?.status !== 302 || !next) return; // refused at the door (a measure running, a legal blocking)
  await send('dashboard', next);
  await send('claim information', `${base}/claim-information`);
  const instalments = await send('instalment page', `${base}/checkout/pay-installments`);
  if (instalments?.status === 200) {
    const monthly = Math.max(10, Math.ceil(debtor.totalMinor / 600));
    const proposed = await send('instalment amount (POST)', `${base}/checkout/pay-installments`, {
      method: 'POST',
      form: { intent: 'amount', monthly: String(monthly) },
    });
    const location = proposed?.headers.get('location');
    if (proposed?.status === 302 && location?.includes('step=date')) await send('instalment date step', location);
  }
  await send('chat turn 1', `${base}/assistant/chat`, { method: 'POST', json: { text: 'wie viel muss ich zahlen' } });
  await send('chat turn 2', `${base}/assistant/chat`, {
    method: 'POST',
    json: { text: 'kann ich in raten zahlen' },
  });
  await send('sign-out (POST)', `${base}/signout`, { method: 'POST', form: {} });
}

interface StepRow {
  step: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  cpuMs: number | null;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarise(samples: Sample[]): StepRow[] {
  return steps.map((step) => {
    const mine = samples.filter((s) => s.step === step);
    const sorted = mine.map((s) => s.ms).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const s of mine) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    const cpu = mine.filter((s) => s.cpuMs !== undefined);
    return {
      step,
      count: mine.length,
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      p99: Math.round(percentile(sorted, 99)),
      statuses,
      errors: mine.filter((s) => s.status === 0 || s.status >= 500).length,
      cpuMs: cpu.length ? Math.round((100 * cpu.reduce((sum, s) => sum + s.cpuMs!, 0)) / cpu.length) / 100 : null,
    };
  });
}

async function runJourneys(origin: string, debtors: Debtor[], parallel: number, serverPid?: number) {
  const samples: Sample[] = [];
  let next = 0;
  const began = performance.now();
  const worker = async () => {
    while (next < debtors.length) {
      const debtor = debtors[next++]!;
      await journey(origin, debtor, (s) => samples.push(s), parallel === 1 ? serverPid : undefined);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { samples, seconds: (performance.now() - began) / 1000 };
}

// ------------------------------------------------------------------------------------------
// Query plans
// ------------------------------------------------------------------------------------------

interface Captured {
  text: string;
  values: unknown[];
}

async function explainAll(statements: Captured[]): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const big = new Map<string, number>();
  const sizes = await client.query<{ relname: string; n: string }>(
    "select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace",
  );
  for (const r of sizes.rows) big.set(r.relname, Number(r.n));
  const seen = new Set<string>();
  const parts: string[] = [];
  const seqScans: string[] = [];
  let n = 0;
  try {
    for (const statement of statements) {
      if (seen.has(statement.text)) continue;
      seen.add(statement.text);
      if (/^\s*(begin|commit|rollback|set |select pg_advisory|savepoint|release)/i.test(statement.text)) continue;
      const isWrite = /^\s*(insert|update|delete|with .*\b(insert|update|delete)\b)/is.test(statement.text);
      n++;
      let plan: string;
      try {
        await client.query('begin');
        const result = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.values,
        );
        plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
      } catch (error) {
        plan = `(not explained: ${(error as Error).message})`;
      } finally {
        await client.query('rollback');
      }
      for (const match of plan.matchAll(/Seq Scan on (\w+)/g)) {
        const rows = big.get(match[1]!) ?? 0;
        seqScans.push(`statement ${n}: ${match[1]} (about ${rows.toLocaleString('en')} rows)`);
      }
      parts.push(
        `### Statement ${n}${isWrite ? ' (a write, rolled back)' : ''}\n\n\`\`\`sql\n${statement.text.trim()}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\`\n`,
      );
    }
  } finally {
    await client.end();
  }
  const header = [
    `# Query plans of one journey, ${fileCount.toLocaleString('en')} generated files (${new Date().toISOString()})`,
    '',
    `${n} distinct statements. Sequential scans: ${seqScans.length ? '' : 'none.'}`,
    ...seqScans.map((s) => `- ${s}`),
    '',
  ];
  return `${header.join('\n')}\n${parts.join('\n')}`;
}

// ------------------------------------------------------------------------------------------
// The bare Remix page
// ------------------------------------------------------------------------------------------

async function bareRemix(port: number, server: ReturnType<typeof start>) {
  const options = {
    url: `http://${host}:${port}/`,
    connections: concurrency,
    timeout: 10,
    headers: encodingHeaders,
  };
  await autocannon({ ...options, duration: 1 });
  const before = cpuSeconds(server.pid);
  const result = await autocannon({ ...options, duration: bareSeconds });
  const after = cpuSeconds(server.pid);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: (result.latency as unknown as Record<string, number>).p97_5 ?? null,
    p99: result.latency.p99,
    cpuMsPerRequest:
      before !== null && after !== null ? Math.round((100_000 * (after - before)) / result.requests.total) / 100 : null,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

// ------------------------------------------------------------------------------------------
// The run
// ------------------------------------------------------------------------------------------

const startedAt = new Date();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
console.error(`bench:journeys: ${fileCount.toLocaleString('en')} generated files, load average ${load()}`);
const prepared = await prepareDatabase();
ensureBuilds();
mkdirSync(path.join(root, '.cache/bench'), { recursive: true });
writeFileSync(path.join(root, '.cache/bench/maintenance.json'), '{"maintenance": false}\n');
const [portalPort, barePort] = [firstPort, firstPort + 1];
const loadAtStart = load();

const bare = startBareRemix(barePort);
await waitFor(`http://${host}:${barePort}/`, bare);
const bareBefore = await bareRemix(barePort, bare);
console.error(`  bare Remix page: ${bareBefore.requestsPerSecond} req/s, ${bareBefore.cpuMsPerRequest} ms CPU/req`);

const capture = withPlans ? path.join(root, '.cache/bench/journey-sql.jsonl') : null;
if (capture) writeFileSync(capture, '');
const portalEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DEMO: 'true',
  PORT: String(portalPort),
  // As in a deployment: links are built from the configured address (tests/bench/server.ts).
  PUBLIC_BASE_URL: `http://${host}:${portalPort}`,
  DATABASE_URL: databaseUrl,
  RATE_LIMIT_CLIENT_SCALE: '1000000',
  MAINTENANCE_FILE: path.join(root, '.cache/bench/maintenance.json'),
  ...(capture ? { BENCH_CAPTURE_SQL: capture } : {}),
};
const command = serverCommand({
  env: portalEnv,
  preload: capture ? ['--import', './tests/bench/journeys/capture-sql.mjs'] : [],
});
const server = start('portal', command.args, command.env);
const origin = `http://${host}:${portalPort}`;
let result: Record<string, unknown>;
try {
  await waitFor(`${origin}/healthz`, server);
  const debtors = await chooseDebtors(journeyCount + serialCount + 2 + concurrency);
  // Warm-up: one journey per worker (JIT, the pool's connections, the assistant's model).
  await runJourneys(origin, debtors.slice(0, concurrency), concurrency);
  let offset = concurrency;
  let plans: string | null = null;
  if (capture) {
    appendFileSync(capture, '{"mark":"journey"}\n');
    await runJourneys(origin, debtors.slice(offset, offset + 1), 1);
    offset += 1;
    const lines = readFileSync(capture, 'utf8').trim().split('\n');
    const from = lines.lastIndexOf('{"mark":"journey"}');
    const statements = lines.slice(from + 1).map((l) => JSON.parse(l) as Captured);
    plans = await explainAll(statements);
    const out = path.join(root, 'bench-results/journey-plans.md');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, plans);
    console.error(`  ${path.relative(root, out)} written (${statements.length} statements in the journey)`);
  }
  const cpuBefore = cpuSeconds(server.pid);
  const concurrent = await runJourneys(origin, debtors.slice(offset, offset + journeyCount), concurrency);
  const cpuAfter = cpuSeconds(server.pid);
  offset += journeyCount;
  const rssAfter = rssMb(server.pid);
  const serial = await runJourneys(origin, debtors.slice(offset, offset + serialCount), 1, server.pid);
  const bareAfter = await bareRemix(barePort, bare);
  const journeys = journeyCount;
  result = {
    startedAt: startedAt.toISOString(),
    files: fileCount,
    totalFiles: fileCount + demoFiles.length,
    database: new URL(databaseUrl).pathname.slice(1),
    generationSeconds: prepared.generated ? prepared.seconds : null,
    journeys,
    concurrency,
    serialJourneys: serialCount,
    seconds: Math.round(concurrent.seconds * 10) / 10,
    journeysPerSecond: Math.round((journeys / concurrent.seconds) * 100) / 100,
    requests: concurrent.samples.length,
    cpuMsPerJourney:
      cpuBefore !== null && cpuAfter !== null ? Math.round((1000 * (cpuAfter - cpuBefore)) / journeys) : null,
    errors: concurrent.samples.filter((s) => s.status === 0 || s.status >= 500).length,
    rssMb: rssAfter,
    loadAverage: { start: loadAtStart, end: load() },
    bareRemix: { before: bareBefore, after: bareAfter },
    steps: summarise(concurrent.samples),
    serialSteps: summarise(serial.samples),
  };
} finally {
  await stop(server);
  await stop(bare);
}

// ------------------------------------------------------------------------------------------
// Output
// ------------------------------------------------------------------------------------------

const r = result as {
  steps: StepRow[];
  serialSteps: StepRow[];
  bareRemix: { before: Awaited<ReturnType<typeof bareRemix>>; after: Awaited<ReturnType<typeof bareRemix>> };
} & Record<string, unknown>;
const statusText = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([code, n]) => `${code === '0' ? 'failed' : code}×${n}`)
    .join(' ');
const lines = [
  `Journeys, ${r.startedAt}: ${Number(r.totalFiles).toLocaleString('en')} files (${Number(r.files).toLocaleString('en')} generated), ${r.journeys} journeys of distinct debtors, ${r.concurrency} at once; load average ${(r.loadAverage as { start: string }).start} at the start, ${(r.loadAverage as { end: string }).end} at the end`,
  '',
  `**${r.journeysPerSecond} journeys/s**, ${r.requests} requests in ${r.seconds} s, server CPU **${r.cpuMsPerJourney} ms per journey**, ${r.errors} errors, RSS ${r.rssMb} MB`,
  '',
  '| step | requests | p50 ms | p95 ms | p99 ms | statuses | errors | CPU ms (one at a time) |',
  '|---|---:|---:|---:|---:|---|---:|---:|',
  ...r.steps.map((row, i) => {
    const serial = r.serialSteps[i]!;
    return `| ${row.step} | ${row.count} | ${row.p50} | ${row.p95} | ${row.p99} | ${statusText(row.statuses)} | ${row.errors} | ${serial.cpuMs?.toFixed(2) ?? '–'} |`;
  }),
  ...(['before', 'after'] as const).map((when) => {
    const b = r.bareRemix[when];
    return `| bare Remix page (${when}, autocannon, ${concurrency} connections) | ${b.requestsPerSecond} req/s | ${b.p50} | ${b.p95 ?? '–'} (p97.5) | ${b.p99} | – | ${b.errors} | ${b.cpuMsPerRequest?.toFixed(2) ?? '–'} |`;
  }),
];
console.log(`\n${lines.join('\n')}\n`);
const outDir = path.join(root, 'bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'journeys.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('bench-results/journeys.json written');
