/**
 * Shutdown with a log sink that stalls or goes away (issue 31, finding 8): a portal started with
 * its output on a pipe whose reader has stopped reading ignored SIGTERM for as long as it ran
 * (pino flushed its buffer synchronously on exit, into a full pipe), and one whose reader has
 * gone must not fall over either. The built portal runs as a child process with standard output
 * on a pipe to this test, which stops reading it (or closes its end): requests are still answered,
 * and SIGTERM ends the process within SHUTDOWN_TIMEOUT_MS. Needs `npm run build` and PostgreSQL's
 * binaries (skipped without).
 */
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTimeoutMs, ensureBuild } from '../helpers/build.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { skipReason } from '../helpers/skip.ts';
import { startTempPostgres, tempPostgresUnavailable, type TempPostgres } from '../helpers/temp-postgres.ts';

let server: ServerProcess | undefined;
let database: TempPostgres | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  await database?.dispose();
});

const shutdownTimeoutMs = 2_000;
/** How long the test waits for the exit before calling the process hung (a liveness bound, not a speed check). */
const hungAfterMs = 30_000;

/** A GET that the request logger writes as a line of about `size` bytes; resolves with the status. */
function get(origin: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Enough logged requests to fill what a pipe holds (64 KiB in the kernel, 16 KiB in this
 * process's stream before it stops reading): 100 lines of about 4 KiB each, 400 KiB in all.
 */
async function logALot(origin: string): Promise<void> {
  const padding = 'p'.repeat(4_000);
  for (let i = 0; i < 100; i++) expect(await get(origin, `/healthz?n=${i}&pad=${padding}`)).toBe(200);
}

async function exitOrHang(process: ServerProcess): Promise<number | null | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), hungAfterMs)));
  const result = await Promise.race([process.exited, hung]);
  clearTimeout(timer);
  return result;
}

// On a PostgreSQL of the test's own: the portal starts in a second, where a new embedded database takes many.
const start = () =>
  startServerProcess({ DATABASE_URL: database!.url(), SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) });

const notHere = skipReason('shutdown with a stalled log sink', tempPostgresUnavailable());

describe.skipIf(notHere)('a stop whatever the log sink does', () => {
  beforeAll(ensureBuild, buildTimeoutMs);
  beforeAll(async () => {
    database = await startTempPostgres();
  }, 60_000);

  it('answers requests while nobody reads its log, and stops on SIGTERM', async () => {
    server = await start();
    // This end of the pipe stops reading: once its buffer and the kernel's are full, every write
    // of the server's log would wait.
    server.child.stdout!.removeAllListeners('data');
    server.child.stdout!.pause();
    await logALot(server.origin);
    // Still answering, with the log sink stalled.
    expect(await get(server.origin, '/healthz')).toBe(200);

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const code = await exitOrHang(server);
    console.warn(`stalled log sink: stopped ${Math.round(performance.now() - signalled)} ms after SIGTERM`);
    // Every request had finished: a graceful stop, though its last log lines could not be written.
    expect(code).toBe(0);
  }, 90_000);

  it('answers requests after the log’s reader has gone, and stops on SIGTERM', async () => {
    server = await start();
    // The reader goes away: the pipe's read end is closed, every write of the log fails (EPIPE).
    server.child.stdout!.destroy();
    await logALot(server.origin);
    expect(await get(server.origin, '/healthz')).toBe(200);

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const code = await exitOrHang(server);
    console.warn(`closed log sink: stopped ${Math.round(performance.now() - signalled)} ms after SIGTERM`);
    expect(code).toBe(0);
  }, 90_000);
});
