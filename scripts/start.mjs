#!/usr/bin/env node
// `npm start`: builds the portal when the build is missing or older than the sources, then
// serves it (PORT, default 3000) on the embedded database in ./data (created on first start).
import { spawnSync, spawn } from 'node:child_process';
import { buildIsCurrent } from './build-state.mjs';

if (!buildIsCurrent()) {
  console.log('Building the portal …');
  const build = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
