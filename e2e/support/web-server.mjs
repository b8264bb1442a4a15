#!/usr/bin/env node
// The portal server for the browser tests, started by Playwright's `webServer`
// (playwright.config.ts) as `node --import tsx e2e/support/web-server.mjs`.
//
// 1. Builds the app when the build is stale (scripts/ensure-build.mjs; a no-op when current).
// 2. Starts the production server (in the demo mode) of the compiled build/server/server.js (its exported
//    createServer, the same app `node build/server/server.js` runs) on a fresh, empty DATA_DIR, so the
//    embedded database is created, migrated and seeded from scratch (about 5 s) and no run
//    sees another run's data or an older schema.
// 3. On SIGTERM/SIGINT (Playwright's graceful shutdown) it stops listening and removes its
//    DATA_DIR. Folders left behind by a run that was killed hard are removed at the next start.
//
// The server runs in this process rather than as a child `node build/server/server.js`: the
// machine is shared, and a command line of its own keeps the test server out of the way of
// anyone stopping "their" portal server by name.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !path.basename(dataDir).startsWith('data-')) {
  console.error('e2e web server: DATA_DIR must be set to an e2e/.artifacts/data-<stamp> folder');
  process.exit(2);
}

const parent = path.dirname(path.resolve(dataDir));
// A fresh clone has no artifacts folder yet.
mkdirSync(parent, { recursive: true });
for (const entry of readdirSync(parent, { withFileTypes: true })) {
  if (entry.isDirectory() && entry.name.startsWith('data-'))
    rmSync(path.join(parent, entry.name), { recursive: true, force: true });
}
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// The journeys need the demo mode (demo files, sandbox providers, development mailbox);
// playwright.config.ts sets it, and a server started by hand gets it here too.
process.env.DEMO ??= 'true';
// The compiled server (decision 076): the fixtures below get its own database handle.
const { createServer, getDatabase } = await import('../../build/server/server.js');
const { env } = await import('../../server/env.ts');

let app;
try {
  app = await createServer({ dev: false });
} catch (error) {
  console.error('e2e web server: the portal failed to start', error);
  cleanUp();
  process.exit(1);
}

// Data for the browser tests only (e2e/support/fixtures.ts).
const { applyE2eFixtures } = await import('./fixtures.ts');
await applyE2eFixtures(await getDatabase());
const { applyStaffFixtures } = await import('./staff-fixtures.ts');
await applyStaffFixtures(await getDatabase(), dataDir);

const port = env().PORT;
const server = app.listen(port, () =>
  console.error(`e2e web server: portal on http://localhost:${port}, data in ${dataDir}`),
);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  const exit = () => {
    cleanUp();
    process.exit(0);
  };
  server.close(exit);
  server.closeAllConnections();
  setTimeout(exit, 5_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('exit', (code) => {
  if (!stopping) console.error(`e2e web server: stopped unexpectedly (exit code ${code})`);
  cleanUp();
});
