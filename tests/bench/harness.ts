/**
 * What the server benchmarks share (tests/bench/server.ts, tests/bench/journeys.ts): starting and
 * stopping the servers they measure, waiting for them, reading a process's CPU time and memory
 * from /proc, the builds (the portal's and the bare Remix reference's), and the PostgreSQL
 * database a run uses (created when missing, never dropped).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');

// ------------------------------------------------------------------------------------------
// Processes
// ------------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/**
 * What every request of the benchmarks says it accepts, as Chromium does: the portal and the bare
 * Remix page compress what they answer, so a first view pays for it as a browser's does.
 * `BENCH_ENCODING=` (empty) asks for uncompressed answers.
 */
const acceptEncoding = process.env.BENCH_ENCODING ?? 'gzip, deflate, br, zstd';

/** The request header that says so (none when `BENCH_ENCODING=`). */
export const encodingHeaders: Record<string, string> = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};

/** Whether the benchmarks' requests ask for compressed answers. */
export const compressed = acceptEncoding !== '';

/**
 * The bare Remix page of the benchmarks (tests/bench/bare-remix) on `port`. By default it
 * compresses with the portal's own middleware, so that a ratio compares the pages' own work
 * (decision 123); `remix-serve` compresses with `compression` as remix-serve does, piece by piece.
 */
export function startBareRemix(port: number, compression: 'portal' | 'remix-serve' = 'portal'): ChildProcess {
  return start('bare Remix', ['--import', 'tsx', 'tests/bench/bare-remix/server.mjs'], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    BARE_COMPRESSION: compression,
  });
}

export function start(name: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
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

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await ended;
  clearTimeout(timer);
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 240_000): Promise<void> {
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
export function cpuSeconds(pid: number | undefined): number | null {
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
export function rssMb(pid: number | undefined): number | null {
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

export function ensureBuilds(): void {
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

export async function ensurePostgresDatabase(url: string): Promise<void> {
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
