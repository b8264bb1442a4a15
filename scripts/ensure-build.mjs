#!/usr/bin/env node
// Builds the portal for the browser tests unless the build is current.
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-state.mjs';

if (!buildIsCurrent()) {
  const build = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build'], {
    stdio: 'inherit',
  });
  process.exit(build.status ?? 1);
}
