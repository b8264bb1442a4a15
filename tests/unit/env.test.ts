import { afterEach, describe, expect, it } from 'vitest';
import { targetFromEnv } from '#server/db/client.ts';
import { env, isSecureDeployment, resetEnvCache } from '#server/env.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe('environment', () => {
  it('uses PostgreSQL when DATABASE_URL is set, the embedded database otherwise', () => {
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/portal';
    resetEnvCache();
    expect(targetFromEnv(env())).toEqual({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/portal' });
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = '/tmp/portal-data';
    resetEnvCache();
    expect(targetFromEnv(env())).toEqual({ kind: 'pglite', dataDir: '/tmp/portal-data/pglite' });
  });

  it('reads PORT and turns on secure cookies only for an https base URL', () => {
    process.env.PORT = '4100';
    process.env.PUBLIC_BASE_URL = 'https://portal.example';
    resetEnvCache();
    expect(env().PORT).toBe(4100);
    expect(isSecureDeployment()).toBe(true);
    process.env.PUBLIC_BASE_URL = 'http://localhost:3000';
    resetEnvCache();
    expect(isSecureDeployment()).toBe(false);
  });

  it('refuses an invalid environment with a readable message', () => {
    process.env.PORT = 'eighty';
    resetEnvCache();
    expect(() => env()).toThrow(/PORT/);
  });
});
