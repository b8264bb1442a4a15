#!/usr/bin/env node
// Builds the portal for the browser tests unless the build is current, and the assistant's
// model unless it is current (the server loads it; it never trains while serving).
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-state.mjs';

const model = spawnSync(process.execPath, ['--import', 'tsx', 'intents/cli/ensure-model.ts'], { stdio: 'inherit' });
if (model.status !== 0) process.exit(model.status ?? 1);

if (!buildIsCurrent()) {
  // Always a production build: asked for from inside vitest (tests/helpers/build.ts), the
  // environment says NODE_ENV=test, and Vite would bundle React's development build for it.
  const build = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.exit(build.status ?? 1);
}
