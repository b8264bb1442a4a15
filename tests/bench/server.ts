/**
 * The server benchmark of `npm run bench` (issues 16 and 28): the production build on 127.0.0.1
 * under autocannon, beside two references measured in the same run on the same machine — Node's
 * bare http server and a bare Remix page built from the portal's own dependencies
 * (tests/bench/bare-remix), compressed with the portal's own middleware so that a ratio
 * compares what the pages themselves cost (decision 123; the same page compressed as remix-serve
 * does is a row of its own, not a reference). Then the portal, **every request a first view**: a
 * debtor's request carries a session of its own that no other request used (signed in through a
 * letter link the benchmark signs, tests/bench/prepare-data.ts), a visitor's request a cookie of
 * its own, so that nothing the server kept from an earlier request can answer it. The targets: the
 * legal notice and the sign-in page as first views and, beside them, as the visitor page cache
 * serves them to a visitor without cookies (decision 050, its gain shown against the first view); a
 * letter link redeemed (POST); the dashboard and the claim information; the instalment plan's date
 * step posted (answered by a redirect to the overview; demo file 100000001, whose amounts the step
 * is built for); one chat turn. The letter links, the dashboard, the claim information and the chat turn
 * each sign in a different debtor per request, cycling through the generated files of the German
 * variant (tests/bench/prepare-data.ts): a first view of one debtor asked for again and again
 * would let what is kept per debtor answer (issue 28: first views by many debtors). On the
 * embedded database always; on PostgreSQL too when DATABASE_URL is set (the database named there
 * is created when missing, never dropped).
 *
 * For each target: requests per second, p50 and p99 latency, the ratio of requests per second
 * to the bare Remix page (the mean of its two runs, one before the portal and one after), errors
 * (connection errors, timeouts, unexpected status codes), the server's resident memory after
 * the run, and the server process's CPU time per request with the same ratio computed from it,
 * which a machine busy with other work disturbs far less than requests per second. Prints a
 * table and writes bench-results/server.json. Measured, never asserted.
 *
 * Environment: BENCH_SECONDS (per target, default 6), BENCH_CONNECTIONS (default 10),
 * BENCH_PORT (the first port, default 3225; the run uses it and the next five), BENCH_ONLY
 * (comma-separated target keys; `cold` the first seconds after a start),
 * BENCH_DB (pglite, postgres or both; default: both when DATABASE_URL is set),
 * BENCH_PROFILE (a folder: the portal writes one CPU profile per target there, `<database>/<key>.cpuprofile`,
 *   covering the target's measured seconds only: tests/bench/profile-window.mjs),
 * BENCH_POOL (sessions signed in before each debtor target, default 5000, twice as many for the
 * instalment step; when a run needs more, sessions are used again and the row says how many
 * requests were not first views),
 * BENCH_WARMUP (seconds per target of the warm-up pass, default 5; 0 leaves it out).
 *
 * **Measured warm, as a server that has been running is** (decision 117). A started server's
 * first seconds under load are spent compiling: V8 optimises the code of Express, Remix, React
 * and the portal as it becomes hot, and a page measured in its first seconds paid for that
 * compiling as much as for itself (the legal notice: 12.6 ms of CPU per request in a fresh
 * server's first 7 s, 8.0 in the next 7 s, 6.6 from the third on; about 420 functions
 * optimised in the second 8 s window, 20 in the sixth). Before the measured targets, each
 * server therefore serves every target in turn for BENCH_WARMUP seconds, the debtor targets on
 * debtors the measured requests do not use (past the first BENCH_POOL of the list), so that nothing a
 * debtor's first view finds kept (the anonymiser keeps a debtor's patterns) comes from the
 * warm-up. The bare Remix page is warmed the same way. What the first seconds cost is shown
 * beside: the legal notice measured once right after the server started, before the warm-up.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serverCommand } from '../../scripts/server-command.mjs';
import {
  compressed,
  cpuSeconds,
  ensureBuilds,
  ensurePostgresDatabase,
  root,
  rssMb,
  start,
  startBareRemix,
  stop,
  waitFor,
} from './harness.ts';
import {
  benchRefno,
  cannon,
  host,
  instalmentStep,
  portalEnv,
  portalTargets,
  signInMany,
  useDebtors,
  type SessionPool,
  type Target,
} from './targets.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const firstPort = Number(process.env.BENCH_PORT ?? 3225);
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const poolSize = Number(process.env.BENCH_POOL ?? 5000);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 5);

interface Row {
  key: string;
  name: string;
  database: string | null;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratio: number | null;
  /** The server process's CPU time per answered request (the database server's not counted for PostgreSQL). */
  cpuMsPerRequest: number | null;
  /** The bare Remix page's CPU time per request over this one's: the share of its rate this target would reach on an idle core. */
  cpuRatio: number | null;
  errors: number;
  requests: number;
  statusCodes: Record<string, number>;
  rssMb: number | null;
  /** Requests that were not first views (the session pool ran out and its sessions were used again). */
  reused: number;
}

// ------------------------------------------------------------------------------------------
// Measuring
// ------------------------------------------------------------------------------------------

async function measure(
  target: Target,
  database: string | null,
  server: ChildProcess,
  pool: SessionPool | null = null,
): Promise<Row> {
  await cannon(target, 1, pool, connections); // warm-up: JIT, caches, pools
  const usedBefore = pool?.used ?? 0;
  const profiling = profileDir !== null && database !== null;
  if (profiling) await profileWindow(server, path.join(profileDir, database, `${target.key}.cpuprofile`));
  const cpuBefore = cpuSeconds(server.pid);
  const result = await cannon(target, seconds, pool, connections);
  const cpuAfter = cpuSeconds(server.pid);
  if (profiling) {
    const file = path.join(profileDir, database, `${target.key}.cpuprofile`);
    await profileWindow(server, file);
    console.error(`    after a full collection: ${readFileSync(`${file}.heap.json`, 'utf8')}`);
  }
  const reused = pool ? Math.max(0, Math.min(pool.used - usedBefore, pool.used - pool.cookies.length)) : 0;
  const statusCodes: Record<string, number> = {};
  let unexpected = 0;
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    const count = stats.count ?? 0;
    statusCodes[code] = count;
    if (Number(code) !== target.status) unexpected += count;
  }
  return {
    key: target.key,
    name: target.name,
    database,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ratio: null,
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? Math.round((100_000 * (cpuAfter - cpuBefore)) / result.requests.total) / 100
        : null,
    cpuRatio: null,
    errors: result.errors + result.timeouts + unexpected,
    requests: result.requests.total,
    statusCodes,
    rssMb: rssMb(server.pid),
    reused,
  };
}

/**
 * Every target in turn for BENCH_WARMUP seconds, unmeasured: what a server that has been running
 * has compiled. The debtor targets sign in debtors past the BENCH_POOL the measured requests
 * take from the start of the list; their sessions may serve more than one request here.
 */
async function warmUp(targets: Target[], origin: string, debtors: readonly string[]): Promise<void> {
  console.error(`    warming up: ${warmupSeconds} s per target`);
  // The measured pools sign in from the start of the list, BENCH_POOL debtors at most. When they
  // take every debtor, the last quarter: a measured target reaches it only after three quarters of its pool.
  const spare = debtors.length > poolSize ? debtors.slice(poolSize) : debtors.slice(-Math.ceil(debtors.length / 4));
  for (const target of targets) {
    const pool =
      target.fresh === 'session'
        ? await signInMany(origin, 500, target.key === 'instalment' ? [benchRefno] : spare)
        : null;
    await cannon(target, warmupSeconds, pool, connections);
  }
}

/** Starts or stops the portal's profile window (tests/bench/profile-window.mjs), which writes to `file`. */
async function profileWindow(server: ChildProcess, file: string): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const before = existsSync(file) ? statSync(file).mtimeMs : 0;
  const starting = !profileStarted.has(server);
  writeFileSync(profilePointer, file);
  server.kill('SIGUSR2');
  if (starting) {
    profileStarted.add(server);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return;
  }
  profileStarted.delete(server);
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (existsSync(file) && statSync(file).mtimeMs > before) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no profile was written to ${file}`);
}
const profileStarted = new WeakSet<ChildProcess>();
const profilePointer = path.join(root, '.cache/bench/profile-file');

// ------------------------------------------------------------------------------------------
// The portal
// ------------------------------------------------------------------------------------------

async function benchPortal(database: 'pglite' | 'postgres', port: number): Promise<Row[]> {
  const env = portalEnv(port, {
    PUBLIC_BASE_URL: process.env.BENCH_AS_NEWCOMER ? undefined : `http://${host}:${port}`,
  });
  if (database === 'pglite') delete env.DATABASE_URL;
  else await ensurePostgresDatabase(env.DATABASE_URL!);
  const debtorsFile = path.join(root, `.cache/bench/debtors-${database}.json`);
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/prepare-data.ts'], {
    cwd: root,
    env: { ...env, BENCH_DEBTORS_FILE: debtorsFile },
    stdio: 'inherit',
  });
  if (prepared.status !== 0) throw new Error(`preparing the ${database} database failed`);
  const debtors = JSON.parse(readFileSync(debtorsFile, 'utf8')) as string[];
  useDebtors(debtors);
  if (debtors.length < 100)
    throw new Error(`only ${debtors.length} debtors to sign in: remove .cache/bench and run again`);
  console.log(`  ${database}: ${debtors.length.toLocaleString('en')} debtors to sign in`);
  if (profileDir) env.BENCH_PROFILE_FILE = profilePointer;
  const command = serverCommand({ env, preload: profileDir ? ['--import', './tests/bench/profile-window.mjs'] : [] });
  const server = start(`portal (${database})`, command.args, command.env);
  const origin = `http://${host}:${port}`;
  try {
    await waitFor(`${origin}/healthz`, server);
    // The instalment step's address (the amount chosen, the first date offered) as a debtor reaches it.
    const step = await instalmentStep(origin, (await signInMany(origin, 1)).cookies[0]!);
    const targets = portalTargets(origin, port, step);
    const rows: Row[] = [];
    if (warmupSeconds > 0) {
      // What a started server's first seconds cost, before anything is compiled for the pages.
      const legal = targets.find((target) => target.key === 'legal')!;
      if (!only || only.has('cold')) {
        const cold = { ...legal, key: 'legal-cold', name: 'legal notice, first seconds after start' };
        rows.push(await measure(cold, database, server));
        report(rows.at(-1)!);
      }
      await warmUp(targets, origin, debtors);
    }
    for (const target of targets) {
      if (only && !only.has(target.key)) continue;
      // The instalment step is built for file 100000001's amounts; every other target signs in many
      // debtors. The step, a redirect, is answered fastest: its pool is twice as large.
      const pool =
        target.fresh === 'session'
          ? target.key === 'instalment'
            ? await signInMany(origin, 2 * poolSize, [benchRefno])
            : await signInMany(origin, poolSize, debtors)
          : null;
      rows.push(await measure(target, database, server, pool));
      report(rows.at(-1)!);
    }
    return rows;
  } finally {
    await stop(server);
  }
}

// ------------------------------------------------------------------------------------------
// Output
// ------------------------------------------------------------------------------------------

const columns = [
  'target',
  'database',
  'req/s',
  'p50 ms',
  'p99 ms',
  '% of bare Remix',
  'CPU ms/req',
  '% of bare Remix by CPU',
  'errors',
  'not first views',
  'RSS MB',
];

function cells(row: Row): string[] {
  return [
    row.name,
    row.database ?? '–',
    row.requestsPerSecond.toLocaleString('en'),
    String(row.p50),
    String(row.p99),
    row.ratio === null ? '–' : `${(row.ratio * 100).toFixed(1)} %`,
    row.cpuMsPerRequest === null ? '–' : row.cpuMsPerRequest.toFixed(2),
    row.cpuRatio === null ? '–' : `${(row.cpuRatio * 100).toFixed(1)} %`,
    String(row.errors),
    String(row.reused),
    row.rssMb === null ? '–' : String(row.rssMb),
  ];
}

function report(row: Row): void {
  console.error(`  ${row.name}${row.database ? ` (${row.database})` : ''}: ${row.requestsPerSecond} req/s`);
}

function markdownTable(rows: Row[]): string {
  const lines = [`| ${columns.join(' | ')} |`, `|${columns.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`];
  for (const row of rows) lines.push(`| ${cells(row).join(' | ')} |`);
  return lines.join('\n');
}

// ------------------------------------------------------------------------------------------
// The run
// ------------------------------------------------------------------------------------------

const startedAt = new Date();
ensureBuilds();
mkdirSync(path.join(root, '.cache/bench'), { recursive: true });
writeFileSync(path.join(root, '.cache/bench/maintenance.json'), '{"maintenance": false}\n');
const rows: Row[] = [];
const [bareNodePort, bareRemixPort, portalPort, remixServePort] = [
  firstPort + 2,
  firstPort + 1,
  firstPort,
  firstPort + 5,
];

console.error(
  `server benchmark: ${connections} connections, ${seconds} s per target (after a warm-up pass of ${warmupSeconds} s per target, and 1 s before each)`,
);
{
  const server = start('bare Node', ['tests/bench/bare-node.mjs'], { ...process.env, PORT: String(bareNodePort) });
  try {
    await waitFor(`http://${host}:${bareNodePort}/`, server);
    rows.push(
      await measure(
        { key: 'node', name: 'bare Node http server', port: bareNodePort, path: '/', status: 200 },
        null,
        server,
      ),
    );
    report(rows.at(-1)!);
  } finally {
    await stop(server);
  }
}
// The bare Remix page is measured before and after the portal; the ratios use the mean of both,
// so that a machine busier at one end of the run than at the other tilts them less.
const bareRemix = startBareRemix(bareRemixPort);
const bareRemixTarget: Target = { key: 'remix', name: 'bare Remix page', port: bareRemixPort, path: '/', status: 200 };
await waitFor(`http://${host}:${bareRemixPort}/`, bareRemix);
if (warmupSeconds > 0) await cannon(bareRemixTarget, warmupSeconds, null, connections);
rows.push(await measure(bareRemixTarget, null, bareRemix));
report(rows.at(-1)!);
// For comparison only, not a reference: the same page compressed as remix-serve does, each piece of
// the rendered stream written and flushed to the encoder (decision 123).
if (compressed) {
  const server = startBareRemix(remixServePort, 'remix-serve');
  try {
    const target: Target = {
      key: 'remix-serve',
      name: 'bare Remix page, compressed as remix-serve does',
      port: remixServePort,
      path: '/',
      status: 200,
    };
    await waitFor(`http://${host}:${remixServePort}/`, server);
    if (warmupSeconds > 0) await cannon(target, warmupSeconds, null, connections);
    rows.push(await measure(target, null, server));
    report(rows.at(-1)!);
  } finally {
    await stop(server);
  }
}
const databases = process.env.BENCH_DB
  ? process.env.BENCH_DB === 'both'
    ? (['pglite', 'postgres'] as const)
    : ([process.env.BENCH_DB as 'pglite' | 'postgres'] as const)
  : process.env.DATABASE_URL
    ? (['pglite', 'postgres'] as const)
    : (['pglite'] as const);
for (const database of databases) {
  if (database === 'postgres' && !process.env.DATABASE_URL) throw new Error('BENCH_DB=postgres needs DATABASE_URL');
  rows.push(...(await benchPortal(database, portalPort)));
}

rows.push({ ...(await measure(bareRemixTarget, null, bareRemix)), key: 'remix-after', name: 'bare Remix page, again' });
report(rows.at(-1)!);
await stop(bareRemix);

const reference = rows.filter((r) => r.key === 'remix' || r.key === 'remix-after');
const referenceRps = reference.reduce((sum, r) => sum + r.requestsPerSecond, 0) / reference.length;
const referenceCpu = reference.every((r) => r.cpuMsPerRequest !== null)
  ? reference.reduce((sum, r) => sum + r.cpuMsPerRequest!, 0) / reference.length
  : null;
for (const row of rows) {
  row.ratio = referenceRps > 0 ? row.requestsPerSecond / referenceRps : null;
  row.cpuRatio = referenceCpu !== null && row.cpuMsPerRequest ? referenceCpu / row.cpuMsPerRequest : null;
}

console.log(`\nServer benchmark, ${startedAt.toISOString()}: ${connections} connections, ${seconds} s per target\n`);
console.log(markdownTable(rows));
const outDir = path.join(root, 'bench-results');
mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, 'server.json');
writeFileSync(
  out,
  `${JSON.stringify(
    {
      startedAt: startedAt.toISOString(),
      seconds,
      connections,
      node: process.version,
      cpus: (await import('node:os')).cpus().length,
      loadAverage: (await import('node:os')).loadavg(),
      bareRemixRequestsPerSecond: Math.round(referenceRps),
      rows,
    },
    null,
    2,
  )}\n`,
);
console.log(`\n${path.relative(root, out)} written`);
