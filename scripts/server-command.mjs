/**
 * How the compiled server is started wherever it serves or is measured as in production: the
 * container (Dockerfile, checked by tests/unit/container-files.test.ts), `npm start`,
 * `npm run start:prod`, `npm run serve`, the benchmarks and the tests that start it as a process.
 *
 * `--heap-growing-percent=50` (decision 100): after each full collection V8 lets the heap grow to
 * one and a half times what is live before it collects again. Left to itself it grows up to four
 * times when the allocation rate is high, as under a burst of first views, and a server holding
 * 130-175 MB live was measured at 0.8-1.2 GB resident after the benchmark; with the flag,
 * 330-390 MB, at no measurable cost in CPU per request. The price is the p99: the heap is
 * collected more often, and a request that meets a major collection waits (docs/performance.md,
 * "Memory"). It sets no hard limit: a process that needs more for a moment still gets it.
 *
 * `--no-allocation-site-pretenuring` (decision 121): V8 allocates the objects of a place in the
 * code straight into the old generation once most of them outlived a minor collection. A server
 * with ten requests in flight at every minor collection has many such places (a request's state,
 * React's render of it), so garbage one request old filled the old generation and brought a major
 * collection about every second under load, each slowing every request in flight for 70–100 ms.
 * Without it the objects die young: in pairs, 4–11 % less CPU per first view and p99s 12–23 %
 * lower.
 */
export const serverNodeFlags = ['--heap-growing-percent=50', '--no-allocation-site-pretenuring'];

/**
 * The environment the compiled server starts with, beside the caller's. `MALLOC_ARENA_MAX=2`
 * (session 29): glibc gives each thread that allocates its own arena of memory, and libuv's pool
 * (the compression of every response, decision 119), V8's workers and the main thread each hold
 * pages of their own that are rarely given back. Two arenas for all of them measured 345–360 MB
 * resident after the benchmark's chat turn on PostgreSQL against 383–394 MB without, in two pairs
 * of runs on one machine, with no cost in CPU per request that the runs could show. Every spawned
 * start takes it through `serverCommand`; the Dockerfile sets the same (`ENV`), and so do
 * `npm run start:prod` and `npm run serve`.
 */
export const serverEnvironment = { MALLOC_ARENA_MAX: '2' };

/** The compiled server's entry point. */
const serverScript = 'build/server/server.js';

/** The arguments to `node` that start the compiled server (what the Dockerfile and the npm scripts write out). */
export const serverArguments = [...serverNodeFlags, serverScript];

/**
 * The arguments and environment of one start of the compiled server, for whatever spawns it:
 * `env` goes over the server's own environment, `preload` before the flags (a `--import` of a
 * benchmark), `flags` after them (a pair's V8 flags for one side).
 *
 * @param {{ env?: NodeJS.ProcessEnv, preload?: string[], flags?: string[] }} [options]
 * @returns {{ args: string[], env: NodeJS.ProcessEnv }}
 */
export function serverCommand({ env = {}, preload = [], flags = [] } = {}) {
  return {
    args: [...preload, ...serverNodeFlags, ...flags, serverScript],
    env: { ...serverEnvironment, ...env },
  };
}
