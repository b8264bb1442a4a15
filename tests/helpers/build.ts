/**
 * The production build for the tests that serve it (the faults, the graceful shutdown, two
 * instances): made here when missing or stale, as `scripts/ensure-build.mjs` makes it for the
 * browser tests, instead of the tests skipping without it (issue 25). Test files in other workers
 * may ask at the same moment: a lock folder lets one build while the others wait, then finds the
 * build current. Call it in a `beforeAll` with a long time limit (a build takes minutes).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const buildTimeoutMs = 15 * 60_000;

function runEnsureBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/ensure-build.mjs'], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build failed (exit ${code})`))));
  });
}

export async function ensureBuild(): Promise<void> {
  const tree = createHash('sha256').update(path.resolve('.')).digest('hex').slice(0, 12);
  const lock = path.join(tmpdir(), `portal-build-${tree}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than a build may take was left by a killed run.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > buildTimeoutMs) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    await runEnsureBuild();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
