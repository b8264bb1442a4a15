/**
 * Two portals measured against each other on one target, taking turns (issue 28): the build of
 * this checkout (A) and another build (B, `--b <folder>`), or this build under two settings
 * (`--b-env NAME=VALUE`, `--a-env` likewise).
 *
 * Why: on a shared two-core machine the server benchmark's rows wander by 20 to 40 % between runs
 * minutes apart (docs/performance.md, "Measuring a change"), so a change worth 5 or 10 % cannot be
 * seen by comparing two runs. Here both servers run at once on the same PostgreSQL database and
 * take turns under autocannon: in each round A and then B (B first in every other round) for
 * `--slice` seconds each, every request a first view as in the server benchmark (a session or a
 * visitor cookie of its own, many debtors). Each round's ratio of CPU per request, B over A, is
 * measured under the same conditions; the report gives its median, its range and how many rounds
 * went each way. Measured, never asserted.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:ab -- --b ../before --target chat
 *   DATABASE_URL=… npm run bench:ab -- --a-env PUBLIC_BASE_URL= --target dashboard --rounds 12 --slice 3
 *
 *   DATABASE_URL=… npm run bench:ab -- --b-node=--max-semi-space-size=32 --target legal    # one build under two sets of V8 flags
 *   (a flag is given with `=`: `--b-node=--flag`, once per flag)
 *
 * `<folder>`: another checkout with its dependencies (`npm ci`, or node_modules linked to this
 * one's) and its own `npm run build`. Targets: the keys of tests/bench/server.ts (legal, signin,
 * letter, dashboard, claim, instalment, chat). BENCH_POOL sessions are signed in per server
 * (default 6,000); when the rounds need more, sessions are used again and the report says how often.
 * Writes bench-results/ab.json.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverCommand } from '../../scripts/server-command.mjs';
import { cpuSeconds, ensureBuilds, ensurePostgresDatabase, root, start, stop, waitFor } from './harness.ts';
import {
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

const { values } = parseArgs({
  options: {
    b: { type: 'string' },
    'a-env': { type: 'string', multiple: true, default: [] },
    'b-env': { type: 'string', multiple: true, default: [] },
    // Node or V8 flags for one side, after the ones every compiled server starts with
    // (scripts/server-command.mjs); V8's flags cannot be given through NODE_OPTIONS.
    'a-node': { type: 'string', multiple: true, default: [] },
    'b-node': { type: 'string', multiple: true, default: [] },
    target: { type: 'string', default: 'chat' },
    rounds: { type: 'string', default: '10' },
    slice: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3235' },
    db: { type: 'string', default: 'postgres' },
  },
});

const embedded = values.db === 'pglite';
if (!embedded && values.db !== 'postgres') throw new Error(`--db is postgres or pglite, not ${values.db}`);
const databaseUrl = process.env.DATABASE_URL;
if (!embedded && !databaseUrl)
  throw new Error(
    'bench:ab on PostgreSQL needs DATABASE_URL (its database is created when missing), or give --db pglite',
  );
const folderB = values.b ? path.resolve(values.b) : root;
if (!existsSync(path.join(folderB, 'build/server/server.js')))
  throw new Error(`${folderB} has no build: run \`npm run build\` there`);
const nodeFlags = { A: values['a-node'], B: values['b-node'] };
if (folderB === root && [values['b-env'], values['a-env'], nodeFlags.A, nodeFlags.B].every((list) => list.length === 0))
  throw new Error(
    'A and B would be the same: give --b <folder>, settings with --a-env / --b-env or flags with --a-node / --b-node',
  );
const rounds = Number(values.rounds);
const slice = Number(values.slice);
const connections = Number(values.connections);
const firstPort = Number(values.port);
const poolSize = Number(process.env.BENCH_POOL ?? 6000);

const settings = (list: string[]) =>
  Object.fromEntries(
    list.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`a setting is NAME=VALUE: ${pair}`);
      // NAME= leaves the setting out (`--a-env PUBLIC_BASE_URL=`: the demo mode without an address).
      return [pair.slice(0, at), pair.slice(at + 1) || undefined];
    }),
  );

interface Side {
  label: 'A' | 'B';
  folder: string;
  server: ChildProcess;
  target: Target;
  pool: SessionPool | null;
}

interface Slice {
  round: number;
  side: 'A' | 'B';
  cpuMsPerRequest: number;
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function measureSlice(side: Side, round: number): Promise<Slice> {
  const before = cpuSeconds(side.server.pid);
  const result = await cannon(side.target, slice, side.pool, connections);
  const after = cpuSeconds(side.server.pid);
  if (before === null || after === null || result.requests.total === 0)
    throw new Error(`no CPU time or no answers for ${side.label}`);
  let unexpected = 0;
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    if (Number(code) !== side.target.status) unexpected += stats.count ?? 0;
  return {
    round,
    side: side.label,
    cpuMsPerRequest: (1000 * (after - before)) / result.requests.total,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
  };
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

ensureBuilds();
mkdirSync(path.join(root, '.cache/bench'), { recursive: true });
writeFileSync(path.join(root, '.cache/bench/maintenance.json'), '{"maintenance": false}\n');
/** The database settings of a side (or of the preparation, `null`): PostgreSQL's URL, or PGlite's folder. */
const databaseEnv = (label: 'A' | 'B' | null): Record<string, string | undefined> =>
  embedded
    ? {
        DATABASE_URL: undefined,
        ...(label ? { DATA_DIR: path.join(root, `.cache/bench/data-ab-${label}`) } : {}),
      }
    : {};
if (!embedded) await ensurePostgresDatabase(databaseUrl!);
const debtorsFile = path.join(root, `.cache/bench/debtors-${values.db}.json`);
const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/prepare-data.ts'], {
  cwd: root,
  env: { ...portalEnv(firstPort, databaseEnv(null)), BENCH_DEBTORS_FILE: debtorsFile },
  stdio: 'inherit',
});
if (prepared.status !== 0) throw new Error('preparing the database failed');
const debtors = JSON.parse(readFileSync(debtorsFile, 'utf8')) as string[];
useDebtors(debtors);
if (embedded)
  for (const label of ['A', 'B'] as const) {
    const copy = databaseEnv(label).DATA_DIR!;
    rmSync(copy, { recursive: true, force: true });
    cpSync(portalEnv(firstPort).DATA_DIR!, copy, { recursive: true });
  }

const sides: Side[] = [];
try {
  // Both portals are started, signed into and warmed up side by side, so that neither has a
  // history the other lacks (an A/A run showed B 12 % cheaper when A was set up first).
  const servers = (
    [
      ['A', root, settings(values['a-env']), firstPort],
      ['B', folderB, settings(values['b-env']), firstPort + 1],
    ] as const
  ).map(([label, folder, extra, port]) => {
    const command = serverCommand({
      env: portalEnv(port, { ...databaseEnv(label), ...extra }),
      flags: nodeFlags[label],
    });
    return {
      label,
      folder,
      port,
      origin: `http://${host}:${port}`,
      server: start(`portal ${label}`, command.args, command.env, folder),
    };
  });
  sides.push(
    ...(await Promise.all(
      servers.map(async ({ label, folder, port, origin, server }): Promise<Side> => {
        await waitFor(`${origin}/healthz`, server);
        const step = await instalmentStep(origin, (await signInMany(origin, 1)).cookies[0]!);
        const target = portalTargets(origin, port, step).find((t) => t.key === values.target);
        if (!target) throw new Error(`no target ${values.target}`);
        const pool =
          target.fresh === 'session'
            ? await signInMany(origin, poolSize, target.key === 'instalment' ? undefined : debtors)
            : null;
        return { label, folder, server, target, pool };
      }),
    )),
  );
  console.error(
    `bench:ab: ${values.target}, ${rounds} rounds of ${slice} s per side, ${connections} connections\n` +
      `  A: ${path.relative(root, root) || '.'} ${[...values['a-env'], ...nodeFlags.A].join(' ')}\n` +
      `  B: ${path.relative(root, folderB) || '.'} ${[...values['b-env'], ...nodeFlags.B].join(' ')}`,
  );
  // Warm-up (JIT, pools, caches), taking turns as the rounds do.
  for (const side of [...sides, ...[...sides].reverse()]) await cannon(side.target, 2, side.pool, connections);
  const slices: Slice[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? sides : [...sides].reverse();
    for (const side of order) {
      slices.push(await measureSlice(side, round));
      const s = slices.at(-1)!;
      console.error(
        `  round ${round} ${s.side}: ${s.cpuMsPerRequest.toFixed(2)} ms CPU/request, ${Math.round(s.requestsPerSecond)} req/s`,
      );
    }
  }
  const of = (label: 'A' | 'B') => slices.filter((s) => s.side === label);
  const ratios = Array.from({ length: rounds }, (_, i) => {
    const a = of('A')[i]!.cpuMsPerRequest;
    const b = of('B')[i]!.cpuMsPerRequest;
    return b / a;
  });
  const summary = {
    target: values.target,
    rounds,
    sliceSeconds: slice,
    a: { folder: root, env: values['a-env'], node: nodeFlags.A },
    b: { folder: folderB, env: values['b-env'], node: nodeFlags.B },
    cpuMsPerRequest: {
      a: median(of('A').map((s) => s.cpuMsPerRequest)),
      b: median(of('B').map((s) => s.cpuMsPerRequest)),
    },
    ratioBOverA: { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) },
    p99: { a: median(of('A').map((s) => s.p99)), b: median(of('B').map((s) => s.p99)) },
    roundsBCheaper: ratios.filter((r) => r < 1).length,
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    reused: sides.map((s) => (s.pool ? Math.max(0, s.pool.used - s.pool.cookies.length) : 0)),
    slices,
  };
  console.log(
    `\n${values.target}: CPU ms per request, median of ${rounds} rounds: A ${summary.cpuMsPerRequest.a.toFixed(2)}, ` +
      `B ${summary.cpuMsPerRequest.b.toFixed(2)}\n` +
      `B / A per round: median ${summary.ratioBOverA.median.toFixed(3)} (${summary.ratioBOverA.min.toFixed(3)}–${summary.ratioBOverA.max.toFixed(3)}), ` +
      `B cheaper in ${summary.roundsBCheaper} of ${rounds} rounds; ${summary.errors} errors; ` +
      `requests that were not first views: A ${summary.reused[0]}, B ${summary.reused[1]}\n` +
      `p99 ms, median of the rounds: A ${summary.p99.a}, B ${summary.p99.b}`,
  );
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(path.join(root, 'bench-results/ab.json'), `${JSON.stringify(summary, null, 2)}\n`);
} finally {
  for (const side of sides) await stop(side.server);
}
