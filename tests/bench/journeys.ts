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
 * 6. With `--against N` instead of steps 3 and 4 alone: the same journeys against a second database
 *    of N generated files at once, in turns (`--million --against 0`: a million files beside the 18
 *    demo files, each step's p50 and CPU as a ratio measured under the same conditions; two runs
 *    minutes apart on a shared machine differ by more than the 10 % the issue allows). BENCH_ROUNDS
 *    rounds (default 8). Writes bench-results/journeys-paired.json.
 *
 * Environment: DATABASE_URL (required: a PostgreSQL server; the database name is the prefix),
 * BENCH_JOURNEYS (default 400), BENCH_CONCURRENCY (default 10), BENCH_SERIAL (default 40),
 * BENCH_SEED (default 1), BENCH_PORT (first of two ports, three with `--against`, default 3361), BENCH_SECONDS (the bare
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
  root,
  rssMb,
  start,
  startBareRemix,
  stop,
  waitFor,
} from './harness.ts';
import type { Sample, Size, StepRow } from './journeys/replay.ts';

process.env.SESSION_SECRET ??= randomBytes(33).toString('base64url');
process.env.DEMO = 'true';
const { demoFiles } = await import('../../server/demo/catalogue.ts');
const { chooseDebtors, prepareDatabase, runJourneys, sizeUrl, steps, summarise } = await import('./journeys/replay.ts');

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

const databaseUrl = sizeUrl(process.env.DATABASE_URL, fileCount);
const size: Size = { files: fileCount, url: databaseUrl, seed };
/** `--against N`: the journeys measured in turns against a database of N generated files (below). */
const againstOption = option('--against');
const against: Size | null =
  againstOption === undefined
    ? null
    : { files: Number(againstOption), url: sizeUrl(process.env.DATABASE_URL, Number(againstOption)), seed };

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

/** The production server on `port` and the database at `url` (with every statement captured to `capture`). */
function startPortal(name: string, port: number, url: string, capture: string | null = null) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DEMO: 'true',
    PORT: String(port),
    // As in a deployment: links are built from the configured address (tests/bench/server.ts).
    PUBLIC_BASE_URL: `http://${host}:${port}`,
    DATABASE_URL: url,
    RATE_LIMIT_CLIENT_SCALE: '1000000',
    MAINTENANCE_FILE: path.join(root, '.cache/bench/maintenance.json'),
    ...(capture ? { BENCH_CAPTURE_SQL: capture } : {}),
  };
  const command = serverCommand({
    env,
    preload: capture ? ['--import', './tests/bench/journeys/capture-sql.mjs'] : [],
  });
  return start(name, command.args, command.env);
}

/**
 * `--against N`: the same journeys against two databases at once, `size` (A) and N generated files
 * (B, `--against 0`: the 18 demo files), in turns, so that what the machine's neighbours do falls on
 * both alike: BENCH_ROUNDS rounds (default 8) of BENCH_JOURNEYS / BENCH_ROUNDS journeys on each
 * side, BENCH_CONCURRENCY at once, A first in every other round; then BENCH_SERIAL journeys one at
 * a time on each side, taking turns journey by journey, for the server's CPU per step. Reported per
 * step: the p50 and p95 of both sides and A's over B's. Writes bench-results/journeys-paired.json.
 */
async function pairedRun(a: Size, b: Size): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
  const perRound = Math.max(1, Math.ceil(journeyCount / rounds));
  const name = (x: Size) => `${x.files.toLocaleString('en')} files`;
  console.error(`bench:journeys: ${name(a)} against ${name(b)} in turns, load average ${load()}`);
  const preparedA = await prepareDatabase(a);
  const preparedB = await prepareDatabase(b);
  ensureBuilds();
  mkdirSync(path.join(root, '.cache/bench'), { recursive: true });
  writeFileSync(path.join(root, '.cache/bench/maintenance.json'), '{"maintenance": false}\n');
  const loadAtStart = load();
  const barePort = firstPort + 1;
  const bare = startBareRemix(barePort);
  const sides = [
    { size: a, port: firstPort, server: startPortal('portal A', firstPort, a.url) },
    { size: b, port: firstPort + 2, server: startPortal('portal B', firstPort + 2, b.url) },
  ].map((side) => ({
    ...side,
    origin: `http://${host}:${side.port}`,
    samples: [] as Sample[],
    serial: [] as Sample[],
    seconds: 0,
    cpuSeconds: 0,
    journeys: 0,
    debtors: [] as Awaited<ReturnType<typeof chooseDebtors>>,
    offset: 0,
  }));
  try {
    await waitFor(`http://${host}:${barePort}/`, bare);
    const bareBefore = await bareRemix(barePort, bare);
    for (const side of sides) {
      await waitFor(`${side.origin}/healthz`, side.server);
      side.debtors = await chooseDebtors(side.size, perRound * rounds + serialCount + concurrency);
      // Warm-up: one journey per worker (JIT, the pool's connections, the assistant's model).
      await runJourneys(side.origin, side.debtors.slice(0, concurrency), concurrency);
      side.offset = concurrency;
    }
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const before = cpuSeconds(side.server.pid);
        const run = await runJourneys(
          side.origin,
          side.debtors.slice(side.offset, side.offset + perRound),
          concurrency,
        );
        const after = cpuSeconds(side.server.pid);
        side.offset += perRound;
        side.samples.push(...run.samples);
        side.seconds += run.seconds;
        side.journeys += perRound;
        if (before !== null && after !== null) side.cpuSeconds += after - before;
      }
      console.error(`  round ${round + 1} of ${rounds}`);
    }
    for (let i = 0; i < serialCount; i++) {
      for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
        const run = await runJourneys(
          side.origin,
          side.debtors.slice(side.offset, side.offset + 1),
          1,
          side.server.pid,
        );
        side.offset += 1;
        side.serial.push(...run.samples);
      }
    }
    const bareAfter = await bareRemix(barePort, bare);
    const report = sides.map((side) => ({
      files: side.size.files,
      totalFiles: side.size.files + demoFiles.length,
      database: new URL(side.size.url).pathname.slice(1),
      journeys: side.journeys,
      journeysPerSecond: Math.round((side.journeys / side.seconds) * 100) / 100,
      cpuMsPerJourney: Math.round((1000 * side.cpuSeconds) / side.journeys),
      errors: side.samples.filter((x) => x.status === 0 || x.status >= 500).length,
      rssMb: rssMb(side.server.pid),
      steps: summarise(side.samples),
      serialSteps: summarise(side.serial),
    }));
    const result = {
      startedAt: startedAt.toISOString(),
      rounds,
      journeysPerRound: perRound,
      concurrency,
      serialJourneys: serialCount,
      generationSeconds: {
        a: preparedA.generated ? preparedA.seconds : null,
        b: preparedB.generated ? preparedB.seconds : null,
      },
      loadAverage: { start: loadAtStart, end: load() },
      bareRemix: { before: bareBefore, after: bareAfter },
      a: report[0]!,
      b: report[1]!,
    };
    const ratio = (x: number | null, y: number | null) => (x !== null && y ? (x / y).toFixed(3) : '–');
    const [ra, rb] = [result.a, result.b];
    const lines = [
      `Journeys in turns, ${result.startedAt}: A ${ra.totalFiles.toLocaleString('en')} files, B ${rb.totalFiles.toLocaleString('en')} files; ${rounds} rounds of ${perRound} journeys of distinct debtors on each, ${concurrency} at once; load average ${loadAtStart} at the start, ${result.loadAverage.end} at the end`,
      '',
      `A: **${ra.journeysPerSecond} journeys/s**, ${ra.cpuMsPerJourney} ms of CPU per journey, ${ra.errors} errors, RSS ${ra.rssMb} MB. B: **${rb.journeysPerSecond} journeys/s**, ${rb.cpuMsPerJourney} ms, ${rb.errors} errors, RSS ${rb.rssMb} MB.`,
      '',
      '| step | requests A / B | p50 ms A / B | A / B | p95 ms A / B | A / B | CPU ms one at a time A / B | A / B |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...steps.map((step, i) => {
        const [x, y] = [ra.steps[i]!, rb.steps[i]!];
        const [sx, sy] = [ra.serialSteps[i]!, rb.serialSteps[i]!];
        return `| ${step} | ${x.count} / ${y.count} | ${x.p50} / ${y.p50} | ${ratio(x.p50, y.p50)} | ${x.p95} / ${y.p95} | ${ratio(x.p95, y.p95)} | ${sx.cpuMs?.toFixed(2) ?? '–'} / ${sy.cpuMs?.toFixed(2) ?? '–'} | ${ratio(sx.cpuMs, sy.cpuMs)} |`;
      }),
      ...(['before', 'after'] as const).map((when) => {
        const x = result.bareRemix[when];
        return `| bare Remix page (${when}, autocannon, ${concurrency} connections) | ${x.requestsPerSecond} req/s | ${x.p50} | | ${x.p95 ?? '–'} (p97.5) | | ${x.cpuMsPerRequest?.toFixed(2) ?? '–'} | |`;
      }),
    ];
    console.log(`\n${lines.join('\n')}\n`);
    const outDir = path.join(root, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'journeys-paired.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('bench-results/journeys-paired.json written');
  } finally {
    for (const side of sides) await stop(side.server);
    await stop(bare);
  }
}

if (against) {
  // The plans are of one journey on one database: asked for beside `--against`, they would be left out unsaid.
  if (withPlans) throw new Error('--plans explains one database: run it without --against');
  await pairedRun(size, against);
  process.exit(0);
}
console.error(`bench:journeys: ${fileCount.toLocaleString('en')} generated files, load average ${load()}`);
const prepared = await prepareDatabase(size);
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
const server = startPortal('portal', portalPort, databaseUrl, capture);
const origin = `http://${host}:${portalPort}`;
let result: Record<string, unknown>;
try {
  await waitFor(`${origin}/healthz`, server);
  const debtors = await chooseDebtors(size, journeyCount + serialCount + 2 + concurrency);
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
