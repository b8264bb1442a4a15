#!/usr/bin/env node
// `npm test`: the type check and ESLint on one program with Prettier (`npm run check`), the unit
// and database tests (`npm run test:unit`), the browser journeys (`npm run test:e2e`), in that
// order, stopping at the first that fails.
//
// The production build (scripts/ensure-build.mjs: the assistant's model, then `vite build` when
// stale) is made beside `npm run check`: TypeScript, ESLint and Prettier each use one core, so on
// a two-core machine the other idled for the check's two minutes, while the build was made later
// inside the vitest run (the tests that serve it, tests/helpers/build.ts), taking a core from the
// test workers (decision 065). The build's output is shown after the check's; a failed build
// fails `npm test` as it would have failed the tests that need it.
//
// At the end it prints the seconds of each step.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];

/** Runs a command; with `quiet` its output is kept and returned instead of shown. */
function run(label, command, args, { quiet = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    const done = (code) => {
      times.push(`${label.padEnd(40)} ${String(Math.round((performance.now() - started) / 1000)).padStart(5)} s`);
      resolve({ code, output });
    };
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function finish(code) {
  console.log(`== npm test: time per step\n${times.join('\n')}`);
  process.exit(code);
}

const [check, build] = await Promise.all([
  run('check (types, ESLint, Prettier)', npm, ['run', 'check']),
  run('build, beside the check', process.execPath, ['scripts/ensure-build.mjs'], { quiet: true }),
]);
if (build.output) process.stdout.write(`== the build, made beside the check\n${build.output}`);
if (check.code !== 0) finish(check.code);
if (build.code !== 0) finish(build.code);

const unit = await run('vitest (unit, db)', npm, ['run', 'test:unit']);
if (unit.code !== 0) finish(unit.code);
const e2e = await run('journeys (Playwright)', npm, ['run', 'test:e2e']);
finish(e2e.code);
