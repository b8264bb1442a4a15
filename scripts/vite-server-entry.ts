import type { Plugin } from 'vite';

/**
 * The edge server compiled with the Remix server build (decision 076): Remix's SSR build gets a
 * second entry, `server` (server/http/main.ts → build/server/server.js), beside its own `index`
 * (virtual:remix/server-build → build/server/index.js). Rollup puts every module both entries use
 * (the database client, the runtime, the metrics, the storage …) into one shared chunk, so the
 * started server and the Remix routes it loads are one module graph: one copy of each module,
 * its state held in the module itself. `node build/server/server.js` starts the portal; no
 * TypeScript is compiled at run time.
 *
 * `workers`: entries of worker threads the server starts, each written as `<name>.js` beside it
 * (the embedded database's thread, decision 122: build/server/pglite-worker.js). Rollup gives a
 * worker the modules it imports only, in chunks of their own, so a thread loads no more than it
 * needs and shares no module state with the server (a thread has its own copy of what it loads).
 */
export function serverEntry(entry: string, workers: Record<string, string> = {}): Plugin {
  let ssr = false;
  return {
    name: 'portal-server-entry',
    apply: 'build',
    // After the Remix plugin has set its input (one id, written as index.js).
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    options(options) {
      if (!ssr) return null;
      const remixInput = options.input;
      if (typeof remixInput !== 'string')
        throw new Error('portal-server-entry: expected the Remix server build as the one input');
      return { ...options, input: { index: remixInput, server: entry, ...workers } };
    },
    outputOptions(output) {
      if (!ssr) return null;
      // Remix reads its build as index.js (remixConfig.serverBuildFile); the server is server.js.
      return { ...output, entryFileNames: '[name].js' };
    },
  };
}
