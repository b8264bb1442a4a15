#!/usr/bin/env node
// Makes sure Debian's Chromium is there before the browser journeys run: Playwright never
// downloads a browser on these machines (decision in docs/testing.md). The journeys drive Debian's
// headless shell of Chromium (/usr/bin/chromium-headless-shell, package `chromium-headless-shell`,
// built from the same source and version as `chromium`): the browser Playwright itself runs for
// headless tests, about a quarter less CPU per journey than the full browser in its headless mode
// (decision 091). CHROMIUM_PATH names another binary (/usr/bin/chromium, say); the full browser
// stays installed for the screenshots and the benchmarks (tests/bench/*).
// Missing and running as root with apt-get: installs the packages. Missing otherwise: one line
// saying what to run, and a non-zero exit.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const packages = ['chromium', 'chromium-headless-shell'];
const wanted = [CHROMIUM, '/usr/bin/chromium'];

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

const missing = wanted.filter((binary) => !existsSync(binary));
if (missing.length > 0) {
  const command = `apt-get install -y ${packages.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet()) {
    console.error(
      `Chromium is missing at ${missing.join(' and ')}. Install Debian's packages once, then run the tests again: sudo apt-get update && sudo ${command}`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${missing.join(' and ')}: installing Debian's packages (${command}) …`);
  // The two come from one source package: installed together, their versions agree.
  const ok = run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', ...packages]);
  if (!ok || wanted.some((binary) => !existsSync(binary))) {
    console.error(`Installing Chromium failed (see above). Try by hand: apt-get update && ${command}`);
    process.exit(1);
  }
  console.log(`Chromium installed at ${wanted.join(' and ')}.`);
}
