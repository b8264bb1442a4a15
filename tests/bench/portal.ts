/**
 * The production build served for a browser benchmark (tests/bench/js-size.ts, lighthouse.ts):
 * built when stale, started in the demo mode on the embedded database in .cache/bench/data (the
 * server benchmark's folder), and stopped again.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export async function startPortal(port: number): Promise<{ origin: string; stop: () => void }> {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the portal build failed');
  mkdirSync(path.join(root, '.cache/bench'), { recursive: true });
  writeFileSync(path.join(root, '.cache/bench/maintenance.json'), '{"maintenance": false}\n');
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO: 'true',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(root, '.cache/bench/data'),
      MAINTENANCE_FILE: path.join(root, '.cache/bench/maintenance.json'),
      DATABASE_URL: '',
    },
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', () => server.kill('SIGKILL'));
  const origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 240_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error('the portal ended before it answered');
    try {
      const response = await fetch(`${origin}/healthz`);
      await response.arrayBuffer();
      if (response.ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('the portal did not answer within 240 s');
}
