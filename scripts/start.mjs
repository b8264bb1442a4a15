#!/usr/bin/env node
// `npm start`: builds the portal when the build is missing or older than the sources, then
// serves it (PORT, default 3000) on the embedded database in ./data (created on first start).
//
// On a fresh clone (none of NODE_ENV=production, DEMO, SESSION_SECRET, PUBLIC_BASE_URL,
// DATABASE_URL set) it starts the demo mode: the demo files, the sandbox providers and the
// development mailbox at /dev/mailbox. Anything that configures a real deployment, NODE_ENV=production
// included, turns that default off (scripts/start-mode.mjs), and the start is then refused without its
// own secret and public address, exactly as `npm run start:prod` refuses it (server/env.ts), before
// anything is built.
import { spawnSync, spawn } from 'node:child_process';
import { buildIsCurrent } from './build-state.mjs';
import { serverCommand } from './server-command.mjs';
import { startMode } from './start-mode.mjs';

const mode = startMode(process.env);
if (mode.demo) {
  console.log(
    'Demo mode (DEMO=true): demo files, test payments and the development mailbox at /dev/mailbox.\n' +
      'For a real deployment set SESSION_SECRET and PUBLIC_BASE_URL (see README, Configuration).',
  );
} else {
  const check = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-deployable.ts'], {
    stdio: 'inherit',
    env: { ...mode.extraEnv, ...process.env },
  });
  if (check.status !== 0) process.exit(check.status ?? 1);
}

// The assistant's model: trained when missing or stale (about 30 s on a fresh clone); the server
// loads it and never trains while serving.
const model = spawnSync(process.execPath, ['--import', 'tsx', 'intents/cli/ensure-model.ts'], { stdio: 'inherit' });
if (model.status !== 0) process.exit(model.status ?? 1);

if (!buildIsCurrent()) {
  console.log('Building the portal …');
  const build = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The compiled server (decision 076): plain node, no TypeScript at run time.
const command = serverCommand({ env: { ...mode.extraEnv, ...process.env } });
const server = spawn(process.execPath, command.args, { stdio: 'inherit', env: command.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
