/**
 * The real server process, started as `npm start` starts it with NODE_ENV=production but without
 * the demo mode and without a secret: it must refuse to start and say why, whatever
 * PUBLIC_BASE_URL is. (It stops before opening a database, so no build is needed.)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/ports.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(vars: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    // Were it to start after all, on a port no other run uses.
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'fatal',
    ...vars,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], {
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A server that does start would listen for ever: stop it and report it.
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a production start', () => {
  // The env unit tests cover every combination; here the real process, twice at once.
  it.concurrent.each<Record<string, string>>([{}, { PUBLIC_BASE_URL: 'http://localhost:8080' }])(
    'refuses to start without SESSION_SECRET (%j) with a clear message',
    async (vars) => {
      const { code, output } = await startServer(vars);
      expect(code).toBe(1);
      expect(output).toContain(
        'The portal cannot start: SESSION_SECRET must be set (at least 32 random characters), or DEMO=true',
      );
    },
    90_000,
  );
});
