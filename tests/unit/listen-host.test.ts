/**
 * HOST (issue 31, finding 7): the address the server listens on. Set, the listener is bound to
 * it alone; unset, every interface, as before. A HOST that is no address or host name is refused
 * when the environment is read.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { env, resetEnvCache } from '#server/env.ts';
import { serve, type Portal } from '#server/http/main.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

/** An app that answers nothing, with what `serve` needs around it. */
function bareApp(): Portal {
  return { app: express(), draining: { value: false }, stopWorkers: async () => {} };
}

async function listenWith(host: string | undefined): Promise<AddressInfo> {
  if (host === undefined) delete process.env.HOST;
  else process.env.HOST = host;
  resetEnvCache();
  const { server, shutdown } = serve(bareApp(), 0, 1000);
  if (!server.listening) await once(server, 'listening');
  const address = server.address() as AddressInfo;
  server.close();
  await shutdown('test').catch(() => 0);
  return address;
}

describe('HOST', () => {
  it('binds the listener to the address given', async () => {
    expect((await listenWith('127.0.0.1')).address).toBe('127.0.0.1');
  });

  it('listens on every interface without it, as before', async () => {
    expect(['::', '0.0.0.0']).toContain((await listenWith(undefined)).address);
  });

  it.each(['127.0.0.1', '::1', '0.0.0.0', 'localhost', 'portal.internal'])('accepts %s', (host) => {
    process.env.HOST = host;
    resetEnvCache();
    expect(env().HOST).toBe(host);
  });

  it.each(['two words', 'http://portal.example', '127.0.0.1:3000'])('refuses %s', (host) => {
    process.env.HOST = host;
    resetEnvCache();
    expect(() => env()).toThrow(/HOST/);
  });
});
