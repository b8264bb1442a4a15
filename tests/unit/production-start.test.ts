/**
 * The real server process, started as `npm start` starts it with NODE_ENV=production but without
 * the demo mode and without a secret: it must refuse to start and say why, whatever
 * PUBLIC_BASE_URL is. It is the compiled server (`node build/server/server.js`, decision 076), so the
 * build is made first when missing or stale (tests/helpers/build.ts). And `npm start`
 * itself (scripts/start.mjs) with NODE_ENV=production: the same refusal, never the demo mode.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMode } from '../../scripts/start-mode.mjs';
import { buildTimeoutMs, ensureBuild } from '../helpers/build.ts';
import { freePort } from '../helpers/ports.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(
  vars: Record<string, string>,
  command: string[] = ['build/server/server.js'],
): Promise<{ code: number | null; output: string }> {
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
    // Its own process group, so that a start that goes on (training the model, building) is
    // stopped whole, children included.
    const child = spawn(process.execPath, command, {
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // The demo mode announced: that is the answer, nothing more to wait for.
      if (output.includes('Demo mode (DEMO=true)')) stop();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    // A server that does start would listen for ever: stop it and report it.
    const timer = setTimeout(stop, 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a production start', () => {
  beforeAll(ensureBuild, buildTimeoutMs);

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

describe('npm start (scripts/start.mjs)', () => {
  it('refuses a NODE_ENV=production start without a secret as start:prod does, before building', async () => {
    const { code, output } = await startServer({}, ['scripts/start.mjs']);
    expect(output).not.toContain('Demo mode');
    expect(code).toBe(1);
    expect(output).toContain(
      'The portal cannot start: SESSION_SECRET must be set (at least 32 random characters), or DEMO=true',
    );
    expect(output).toContain('PUBLIC_BASE_URL must be set');
    expect(output).not.toContain('Building the portal');
  }, 90_000);

  it.each<[string, Record<string, string>, boolean]>([
    ['a fresh clone', {}, true],
    ['NODE_ENV=development', { NODE_ENV: 'development' }, true],
    ['NODE_ENV=production', { NODE_ENV: 'production' }, false],
    ['DEMO=false', { DEMO: 'false' }, false],
    ['DEMO=true with NODE_ENV=production', { NODE_ENV: 'production', DEMO: 'true' }, false],
    ['a secret', { SESSION_SECRET: 'x'.repeat(40) }, false],
    ['a public address', { PUBLIC_BASE_URL: 'https://portal.example' }, false],
    ['PostgreSQL', { DATABASE_URL: 'postgres://db/portal' }, false],
  ])('demo default for %s: %s', (_name, vars, demo) => {
    const mode = startMode(vars);
    expect(mode.demo).toBe(demo);
    expect(mode.extraEnv.NODE_ENV).toBe('production');
    expect(mode.extraEnv.DEMO).toBe(demo ? 'true' : undefined);
  });
});
