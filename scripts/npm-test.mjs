#!/usr/bin/env node
// `npm test`: the type check and ESLint on one program with Prettier (`npm run check`), the unit
// and database tests (`npm run test:unit`), the browser journeys (`npm run test:e2e`), stopping
// at the first that fails.
//
// The check uses one core (TypeScript, ESLint and Prettier one after the other). So it runs beside
// the rest instead of before it (decisions 065 and 108): first beside the production build
// (scripts/ensure-build.mjs: the assistant's model, then `vite build` when stale), then beside
// vitest, which starts as soon as the build is there (the tests that serve it need it). On a
// two-core machine the second core no longer idles through the check's two minutes. The check's
// output is kept and shown when it ends; a failed check stops vitest and fails `npm test` at once,
// as a failed build does.
//
// At the end it prints the seconds of each step.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];
const running = new Set();

/** Starts a command; with `quiet` its output is kept and returned instead of shown. */
function start(label, command, args, { quiet = false } = {}) {
  const started = performance.now();
  // Its own process group, so that stopping it stops what it started (npm → vitest → workers).
  const child = spawn(command, args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: process.platform !== 'win32',
  });
  running.add(child);
  let output = '';
  if (quiet) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  const done = new Promise((resolve) => {
    const end = (code) => {
      running.delete(child);
      times.push(`${label.padEnd(40)} ${String(Math.round((performance.now() - started) / 1000)).padStart(5)} s`);
      resolve({ code, output });
    };
    child.on('error', (error) => {
      output += `${error.message}\n`;
      end(1);
    });
    child.on('exit', (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
  return done;
}

function stopAll() {
  for (const child of running) {
    try {
      if (process.platform === 'win32') child.kill('SIGTERM');
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
// The steps have process groups of their own, which a Ctrl-C in the terminal does not reach.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

function finish(code) {
  stopAll();
  console.log(`== npm test: time per step\n${times.join('\n')}`);
  process.exit(code);
}

const check = start('check (types, ESLint, Prettier)', npm, ['run', 'check'], { quiet: true }).then((result) => {
  process.stdout.write(`== the check, made beside the build and the unit tests\n${result.output}`);
  if (result.code !== 0) finish(result.code);
  return result;
});

const build = await start('build, beside the check', process.execPath, ['scripts/ensure-build.mjs'], { quiet: true });
if (build.output) process.stdout.write(`== the build, made beside the check\n${build.output}`);
if (build.code !== 0) finish(build.code);

const unit = await start('vitest (unit, db), beside the check', npm, ['run', 'test:unit']);
if (unit.code !== 0) finish(unit.code);
await check;
const e2e = await start('journeys (Playwright)', npm, ['run', 'test:e2e']);
finish(e2e.code);
