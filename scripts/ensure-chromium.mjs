#!/usr/bin/env node
// Makes sure Debian's Chromium is there before the browser journeys run: Playwright never
// downloads a browser on these machines (decision in docs/testing.md), it drives
// /usr/bin/chromium. Missing and running as root with apt-get: installs the `chromium` package.
// Missing otherwise: one line saying what to run, and a non-zero exit.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

function hasAptGet() {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet()) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's package once, then run the tests again: sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's package (apt-get install chromium) …`);
  const ok = run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium']);
  if (!ok || !existsSync(CHROMIUM)) {
    console.error('Installing Chromium failed (see above). Try by hand: apt-get update && apt-get install -y chromium');
    process.exit(1);
  }
  console.log(`Chromium installed at ${CHROMIUM}.`);
}
