/**
 * `npm run bench:instances` (issue 18): a short load run across two instances of the production
 * build on one PostgreSQL database and one shared storage folder. A signed-in visitor's session
 * (made through the real sign-in form on A) is used on both: autocannon loads the dashboard
 * (session lookup, the file's figures) first on A alone, then on A and B at once with the same
 * connections split between them. Measured, never asserted; prints a table and writes
 * bench-results/instances.json.
 *
 * Environment: BENCH_SECONDS (per run, default 8), BENCH_CONNECTIONS (default 10),
 * BENCH_ADMIN_URL (a PostgreSQL where a database may be created; default
 * postgres://postgres@127.0.0.1:5432/test; the bench's own database is dropped at the end),
 * BENCH_PORT (first of two ports, default 3805). Build first (`npm run build`).
 */
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createTestDatabase } from '../helpers/db.ts';
import {
  call,
  CookieJar,
  databaseUrlOf,
  signInByForm,
  startPair,
  type Instance,
  type InstancePair,
} from '../helpers/instances.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const firstPort = Number(process.env.BENCH_PORT ?? 3805);
const target = '/serviceportal/dashboard';

interface Run {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

function load(instance: Instance, cookie: string, count: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${instance.origin}${target}`,
    connections: count,
    duration: seconds,
    headers: { Cookie: cookie },
  });
}

function summary(name: string, results: autocannon.Result[]): Run {
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    name,
    requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    // Per-instance percentiles; the slower instance's is reported.
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    requests,
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

// A fresh database with the demo files on the admin server, dropped at the end.
const database = await createTestDatabase({ serverUrl: adminUrl });
let pair: InstancePair | undefined;
try {
  pair = await startPair({
    ports: [firstPort, firstPort + 1],
    databaseUrl: await databaseUrlOf(database, adminUrl),
    env: {
      PUBLIC_BASE_URL: `http://127.0.0.1:${firstPort}`,
      LOG_LEVEL: 'warn',
      CAPTCHA_MAX_NUMBER: '2000',
      CAPTCHA_HARDEST_NUMBER: '2000',
      RATE_LIMIT_CLIENT_SCALE: '100',
    },
    readyMs: 120_000,
  });
  const { a, b } = pair;
  const instances = [a, b];

  // One visitor signed in on A; the cookie is good on B as well.
  const jar = new CookieJar();
  const signedIn = await signInByForm(a, jar, { mode: 'password', reference: '100000001', password: 'Demo-Pass1' });
  if (signedIn.status !== 302) throw new Error(`sign-in answered ${signedIn.status}`);
  for (const instance of instances) {
    const check = await call(instance, jar, target);
    if (check.status !== 200) throw new Error(`${instance.name}: the dashboard answered ${check.status}`);
  }
  const cookie = jar.header();

  // Warm both up, then measure.
  await Promise.all(instances.map((instance) => load(instance, cookie, 2)));
  const runs: Run[] = [];
  runs.push(summary('A alone', [await load(a, cookie, connections)]));
  const half = Math.max(1, Math.floor(connections / 2));
  runs.push(
    summary('A and B at once', await Promise.all([load(a, cookie, half), load(b, cookie, connections - half)])),
  );

  console.log(
    `\n${target} signed in, ${connections} connections, ${seconds} s each, PostgreSQL, shared storage folder\n`,
  );
  console.log('run               req/s   p50 ms   p99 ms   requests   errors   non-2xx');
  for (const run of runs)
    console.log(
      `${run.name.padEnd(16)} ${String(run.requestsPerSecond).padStart(6)} ${String(run.p50).padStart(8)} ${String(run.p99).padStart(8)} ${String(run.requests).padStart(10)} ${String(run.errors).padStart(8)} ${String(run.non2xx).padStart(9)}`,
    );
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/instances.json',
    JSON.stringify({ at: new Date().toISOString(), target, connections, seconds, runs }, null, 2),
  );
} finally {
  await pair?.stop();
  await database.dispose();
}
