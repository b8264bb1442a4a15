import { afterEach, describe, expect, it } from 'vitest';
import { bankIdConfig, resetBankIdConfig } from '#server/auth/bank-id/factory.ts';
import { targetFromEnv } from '#server/db/client.ts';
import {
  deploymentProblems,
  developmentSecret,
  env,
  isDemo,
  isSecureDeployment,
  resetEnvCache,
  sessionSecret,
} from '#server/env.ts';
import { senderFromEnv } from '#server/mail/transport.ts';
import { paymentConfig, resetPaymentConfig } from '#server/payments/config.ts';
import { variants } from '#server/variants/config.ts';
import {
  loopbackOrigin,
  publicOrigin,
  publicUrl,
  requestHostRead,
  withRequestHost,
} from '#server/variants/public-url.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  resetPaymentConfig();
  resetBankIdConfig();
});

/** A fresh environment of exactly these variables (besides PATH and the like). */
function given(vars: Record<string, string>) {
  for (const name of [
    'NODE_ENV',
    'DEMO',
    'SESSION_SECRET',
    'PUBLIC_BASE_URL',
    'VARIANT_HOSTS',
    'PORT',
    'SMTP_URL',
    'PAYMENT_PROVIDER',
    'BANKID_PROVIDER',
  ])
    delete process.env[name];
  Object.assign(process.env, vars);
  resetEnvCache();
  resetPaymentConfig();
  resetBankIdConfig();
}

const secret = 'a-real-secret-of-the-agency-0123456789abcdef';

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

describe('demo mode and production start', () => {
  it('is the demo mode in development and tests, not in production unless DEMO=true', () => {
    given({ NODE_ENV: 'test' });
    expect(isDemo()).toBe(true);
    given({ NODE_ENV: 'development', DEMO: 'false' });
    expect(isDemo()).toBe(false);
    given({ NODE_ENV: 'production' });
    expect(isDemo()).toBe(false);
    given({ NODE_ENV: 'production', DEMO: 'true' });
    expect(isDemo()).toBe(true);
    given({ NODE_ENV: 'production', DEMO: 'yes' });
    expect(() => env()).toThrow(/DEMO/);
  });

  it.each(['', 'http://localhost:3000', 'https://portal.example'])(
    'refuses a production start without a secret (PUBLIC_BASE_URL %j)',
    (base) => {
      given({ NODE_ENV: 'production', ...(base ? { PUBLIC_BASE_URL: base } : {}) });
      expect(deploymentProblems().join(' ')).toMatch(/SESSION_SECRET must be set/);
      expect(() => sessionSecret()).toThrow(/SESSION_SECRET/);
    },
  );

  it('refuses the published development secret outside the demo mode', () => {
    given({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://portal.example', SESSION_SECRET: developmentSecret });
    expect(deploymentProblems().join(' ')).toMatch(/published development secret/);
  });

  it('refuses a production start without PUBLIC_BASE_URL, and starts with secret and base URL', () => {
    given({ NODE_ENV: 'production', SESSION_SECRET: secret });
    expect(deploymentProblems().join(' ')).toMatch(/PUBLIC_BASE_URL must be set/);
    given({ NODE_ENV: 'production', SESSION_SECRET: secret, PUBLIC_BASE_URL: 'https://portal.example' });
    expect(deploymentProblems()).toEqual([]);
    expect(sessionSecret()).toBe(secret);
  });

  it('accepts the development secret in the demo mode, but not behind HTTPS', () => {
    given({ NODE_ENV: 'production', DEMO: 'true' });
    expect(deploymentProblems()).toEqual([]);
    expect(sessionSecret()).toBe(developmentSecret);
    given({ NODE_ENV: 'production', DEMO: 'true', PUBLIC_BASE_URL: 'https://demo.portal.example' });
    expect(deploymentProblems().join(' ')).toMatch(/HTTPS/);
  });

  it('offers the sandbox providers and the development mailbox only in the demo mode', () => {
    given({ NODE_ENV: 'production', DEMO: 'true' });
    expect(paymentConfig().provider).toBe('sandbox');
    expect(bankIdConfig().provider).toBe('sandbox');
    expect(senderFromEnv()?.kind).toBe('mailbox');
    given({ NODE_ENV: 'production', SESSION_SECRET: secret, PUBLIC_BASE_URL: 'http://portal.internal' });
    expect(paymentConfig().provider).toBe('off');
    expect(bankIdConfig().provider).toBe('off');
    expect(senderFromEnv()).toBeNull();
    // Chosen explicitly (a staging system), the sandbox runs, on the deployment's own secret.
    given({
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      PUBLIC_BASE_URL: 'https://staging.example',
      PAYMENT_PROVIDER: 'sandbox',
    });
    expect(paymentConfig().provider).toBe('sandbox');
    expect(deploymentProblems()).toEqual([]);
  });
});

describe('public links', () => {
  it('come from PUBLIC_BASE_URL, a variant host of VARIANT_HOSTS, or localhost:PORT in the demo mode', () => {
    given({ NODE_ENV: 'production', DEMO: 'true', PORT: '4123' });
    expect(publicOrigin()).toBe('http://localhost:4123');
    expect(publicUrl(variants.de, '/password/reset/abc')).toBe(
      'http://localhost:4123/serviceportal/password/reset/abc',
    );
    given({
      PUBLIC_BASE_URL: 'https://portal.example/',
      VARIANT_HOSTS: 'portal.paycare.example=paycare,portal.clarus.ch=ch',
    });
    expect(publicUrl(variants.de, '/l/t')).toBe('https://portal.example/serviceportal/l/t');
    expect(publicUrl(variants.paycare, '/l/t')).toBe('https://portal.paycare.example/paycare/l/t');
    expect(publicOrigin(variants.ch)).toBe('https://portal.clarus.ch');
  });
});

describe('public links in the demo mode follow the loopback address the page was opened at', () => {
  it.each([
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['localhost:3000', 'http://localhost:3000'],
    ['LOCALHOST:8080', 'http://localhost:8080'],
    ['[::1]:3000', 'http://[::1]:3000'],
    ['127.0.0.1', 'http://127.0.0.1'],
    ['127.1.2.3:9', 'http://127.1.2.3:9'],
    ['portal.example', null],
    ['10.0.0.5:3000', null],
    ['localhost.evil.example', null],
    ['evil@localhost:3000', null],
    ['localhost:3000/evil', null],
    ['127.1:3000', null],
    ['0x7f.0.0.1', null],
    ['[::ffff:127.0.0.1]', null],
    ['', null],
  ])('Host %j → %j', (host, origin) => {
    expect(loopbackOrigin(host)).toBe(origin);
  });

  it('uses the request host only in the demo mode without PUBLIC_BASE_URL, and only a loopback one', () => {
    given({ NODE_ENV: 'production', DEMO: 'true', PORT: '3000' });
    expect(withRequestHost('127.0.0.1:3000', () => publicUrl(variants.de, '/checkout/pay-direct/return'))).toBe(
      'http://127.0.0.1:3000/serviceportal/checkout/pay-direct/return',
    );
    expect(withRequestHost('[::1]:4000', () => publicOrigin())).toBe('http://[::1]:4000');
    expect(withRequestHost('attacker.example', () => publicOrigin())).toBe('http://localhost:3000');
    expect(publicOrigin()).toBe('http://localhost:3000');

    given({ NODE_ENV: 'production', DEMO: 'false', PUBLIC_BASE_URL: 'https://portal.example' });
    expect(withRequestHost('127.0.0.1:3000', () => publicOrigin())).toBe('https://portal.example');
    given({ NODE_ENV: 'production', DEMO: 'true', PUBLIC_BASE_URL: 'http://localhost:3000' });
    expect(withRequestHost('127.0.0.1:3000', () => publicOrigin())).toBe('http://localhost:3000');
  });

  it('has the edge keep the request host only where it is read (no AsyncLocalStorage in a deployment)', () => {
    given({ NODE_ENV: 'production', DEMO: 'true', PORT: '3000' });
    expect(requestHostRead()).toBe(true);
    given({ NODE_ENV: 'production', DEMO: 'true', PUBLIC_BASE_URL: 'http://localhost:3000' });
    expect(requestHostRead()).toBe(false);
    given({ NODE_ENV: 'production', DEMO: 'false', PUBLIC_BASE_URL: 'https://portal.example' });
    expect(requestHostRead()).toBe(false);
  });
});
