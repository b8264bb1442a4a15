/**
 * The server benchmark of `npm run bench` (issue 16): the production build on 127.0.0.1 under
 * autocannon, beside two references measured in the same run on the same machine — Node's bare
 * http server and a bare Remix page built from the portal's own dependencies
 * (tests/bench/bare-remix). Then the portal: the sign-in page, the legal notice, the dashboard
 * and the claim information signed in (demo file 100000001, signed in through the real form,
 * captcha included) and one instalment step posted (the first due date, answered by a redirect
 * to the overview). On the embedded database always; on PostgreSQL too when DATABASE_URL is set
 * (the database named there is created when missing, never dropped).
 *
 * For each target: requests per second, p50 and p99 latency, the ratio of requests per second
 * to the bare Remix page (the mean of its two runs, one before the portal and one after), errors
 * (connection errors, timeouts, unexpected status codes), the server's resident memory after
 * the run, and the server process's CPU time per request with the same ratio computed from it,
 * which a machine busy with other work disturbs far less than requests per second. Prints a
 * table and writes bench-results/server.json. Measured, never asserted.
 *
 * Environment: BENCH_SECONDS (per target, default 6), BENCH_CONNECTIONS (default 10),
 * BENCH_PORT (first of three ports, default 3225), BENCH_ONLY (comma-separated target keys),
 * BENCH_DB (pglite, postgres or both; default: both when DATABASE_URL is set),
 * BENCH_PROFILE (a folder: the portal runs under `node --cpu-prof` and writes its profile there).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { signIn } from './sign-in.ts';

const root = path.resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const firstPort = Number(process.env.BENCH_PORT ?? 3225);
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const host = '127.0.0.1';
const base = '/serviceportal';

interface Target {
  key: string;
  name: string;
  port: number;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The status every answer must have; anything else counts as an error. */
  status: number;
}

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
}

// ------------------------------------------------------------------------------------------
// Processes
// ------------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

function start(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (code && code !== 0) console.error(`${name} ended with ${code ?? signal}:\n${stderr}`);
  });
  children.add(child);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await ended;
  clearTimeout(timer);
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 240_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} ended before it answered`);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * CPU seconds a process has used so far (user + system, Linux), or null where /proc is not
 * there. On a machine that other work keeps busy, requests per second say as much about the
 * neighbours as about the server; CPU time per request does not.
 */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / clockTicks : null;
  } catch {
    return null;
  }
}
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** Resident memory of a process in MB (Linux), or null where /proc is not there. */
function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------------------------------
// Builds
// ------------------------------------------------------------------------------------------

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'build' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function ensureBuilds(): void {
  const portal = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (portal.status !== 0) throw new Error('the portal build failed');
  const fixture = path.join(root, 'tests/bench/bare-remix');
  const output = path.join(fixture, 'build/server/index.js');
  if (!existsSync(output) || statSync(output).mtimeMs < newestMtime(fixture)) {
    const build = spawnSync(
      process.execPath,
      ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build', 'tests/bench/bare-remix'],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('the bare Remix build failed');
  }
}

// ------------------------------------------------------------------------------------------
// Measuring
// ------------------------------------------------------------------------------------------

async function cannon(target: Target, duration: number) {
  return autocannon({
    url: `http://${host}:${target.port}${target.path}`,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration,
    timeout: 10,
  });
}

async function measure(target: Target, database: string | null, server: ChildProcess): Promise<Row> {
  await cannon(target, 1); // warm-up: JIT, caches, pools
  const cpuBefore = cpuSeconds(server.pid);
  const result = await cannon(target, seconds);
  const cpuAfter = cpuSeconds(server.pid);
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
  };
}

// ------------------------------------------------------------------------------------------
// The portal
// ------------------------------------------------------------------------------------------

/**
 * The instalment step to post: an amount the file accepts and a first due date inside the
 * offered range, found the way a debtor finds them (the amount posted, the date step read).
 */
async function instalmentStep(origin: string, cookie: string): Promise<{ path: string; body: string }> {
  const headers = { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin };
  for (const monthly of ['100,00', '150,00', '200,00', '50,00', '300,00']) {
    const posted = await fetch(`${origin}${base}/checkout/pay-installments`, {
      method: 'POST',
      redirect: 'manual',
      headers,
      body: new URLSearchParams({ intent: 'amount', monthly }).toString(),
    });
    await posted.arrayBuffer();
    const location = posted.headers.get('location');
    if (posted.status !== 302 || !location?.includes('step=date')) continue;
    const page = await (await fetch(`${origin}${location}`, { headers: { Cookie: cookie } })).text();
    const min =
      /name="firstDueOn"[^>]*\bmin="(\d{4}-\d{2}-\d{2})"|\bmin="(\d{4}-\d{2}-\d{2})"[^>]*name="firstDueOn"/.exec(page);
    const first = min?.[1] ?? min?.[2];
    if (!first) throw new Error('the date step shows no first possible date');
    return { path: location, body: new URLSearchParams({ intent: 'date', firstDueOn: first }).toString() };
  }
  throw new Error('no monthly amount was accepted for the instalment plan');
}

async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[\w-]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

async function benchPortal(database: 'pglite' | 'postgres', port: number): Promise<Row[]> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DEMO: 'true',
    PORT: String(port),
    // Every request comes from 127.0.0.1: the per-client limits (chat turns among them) would
    // otherwise answer 429 within the first second.
    RATE_LIMIT_CLIENT_SCALE: '1000000',
    // A folder of its own that survives runs: the first start creates and fills it (slow), later ones reopen it.
    DATA_DIR: path.join(root, '.cache/bench/data'),
    MAINTENANCE_FILE: path.join(root, '.cache/bench/maintenance.json'),
  };
  if (database === 'pglite') delete env.DATABASE_URL;
  else await ensurePostgresDatabase(env.DATABASE_URL!);
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, database)}`] : [];
  const server = start(`portal (${database})`, [...profile, 'build/server/server.js'], env);
  const origin = `http://${host}:${port}`;
  try {
    await waitFor(`${origin}/healthz`, server);
    const cookie = await signIn(origin);
    const signedIn = { Cookie: cookie };
    const step = await instalmentStep(origin, cookie);
    const targets: Target[] = [
      { key: 'signin', name: 'sign-in page', port, path: `${base}/signin`, status: 200 },
      { key: 'legal', name: 'legal notice', port, path: `${base}/legal-notice`, status: 200 },
      {
        key: 'dashboard',
        name: 'dashboard, signed in',
        port,
        path: `${base}/dashboard`,
        headers: signedIn,
        status: 200,
      },
      {
        key: 'claim',
        name: 'claim information, signed in',
        port,
        path: `${base}/claim-information`,
        headers: signedIn,
        status: 200,
      },
      {
        key: 'instalment',
        name: 'instalment date → overview (POST)',
        port,
        method: 'POST',
        path: step.path,
        headers: { ...signedIn, 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: step.body,
        status: 302,
      },
      {
        // One assistant turn on the embedded engine, to the stream's last byte: no chat cookie, so
        // each request is the first turn of a new conversation (classified, answered, stored, logged).
        key: 'chat',
        name: 'one chat turn, embedded engine (POST)',
        port,
        method: 'POST',
        path: `${base}/assistant/chat`,
        headers: { ...signedIn, 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ text: 'wie viel muss ich zahlen' }),
        status: 200,
      },
    ];
    const rows: Row[] = [];
    for (const target of targets) {
      if (only && !only.has(target.key)) continue;
      rows.push(await measure(target, database, server));
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
const [bareNodePort, bareRemixPort, portalPort] = [firstPort + 2, firstPort + 1, firstPort];

console.error(`server benchmark: ${connections} connections, ${seconds} s per target (after 1 s of warm-up)`);
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
const bareRemix = start('bare Remix', ['tests/bench/bare-remix/server.mjs'], {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(bareRemixPort),
});
const bareRemixTarget: Target = { key: 'remix', name: 'bare Remix page', port: bareRemixPort, path: '/', status: 200 };
await waitFor(`http://${host}:${bareRemixPort}/`, bareRemix);
rows.push(await measure(bareRemixTarget, null, bareRemix));
report(rows.at(-1)!);
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
