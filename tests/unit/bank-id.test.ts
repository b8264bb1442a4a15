import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePersonalNumber } from '#server/auth/bank-id/provider.ts';
import { SandboxBankIdProvider, swedishOrderMinutes } from '#server/auth/bank-id/sandbox.ts';
import { hashPersonalNumber } from '#server/auth/bank-id/personal-number.ts';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
let clock: Date;
let provider: SandboxBankIdProvider;
const minutes = (n: number) => n * 60_000;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

// Opening PGlite and running the migration takes a few seconds on a busy machine.
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
}, 60_000);
afterAll(async () => database?.dispose());
beforeEach(() => {
  clock = new Date('2025-03-10T09:00:00Z');
  provider = new SandboxBankIdProvider(database.db, { now: () => clock });
});

const swedish = '198505172386';
const norwegian = '17058512345';

describe('Sweden: the order flow', () => {
  it('starts pending, moves to userSign when the app opens, completes once with the hashed identity', async () => {
    const order = await provider.startOrder({ endUserIp: '203.0.113.7' });
    expect(order.orderRef).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.launchUrl).toBe(`/sandbox/bankid/${order.orderRef}`);
    expect(order.expiresAt.getTime() - clock.getTime()).toBe(minutes(swedishOrderMinutes));
    expect(await provider.collect(order.orderRef)).toEqual({ status: 'pending', hint: 'outstandingTransaction' });

    const view = await provider.openInApp(order.orderRef);
    expect(view).toMatchObject({ country: 'SE', status: 'pending', hint: 'userSign', finished: false });
    expect(await provider.collect(order.orderRef)).toEqual({ status: 'pending', hint: 'userSign' });

    expect(await provider.approve(order.orderRef, '19850517-2386')).toEqual({ ok: true, country: 'SE' });
    expect(await provider.collect(order.orderRef)).toEqual({
      status: 'complete',
      identity: { personalNumberHash: hashPersonalNumber(swedish) },
    });
    // The result is handed out once, as the real service does.
    expect(await provider.collect(order.orderRef)).toEqual({ status: 'failed', reason: 'unknownOrder' });
  });

  it('fails with userCancel when the debtor declines in the app', async () => {
    const order = await provider.startOrder({ endUserIp: '203.0.113.7' });
    expect(await provider.decline(order.orderRef)).toEqual({ ok: true, country: 'SE' });
    expect(await provider.collect(order.orderRef)).toEqual({ status: 'failed', reason: 'userCancel' });
    expect(await provider.approve(order.orderRef, swedish)).toEqual({ ok: false, error: 'finished' });
  });

  it('cancels a pending order once; a cancelled order can no longer be approved', async () => {
    const order = await provider.startOrder({ endUserIp: '203.0.113.7' });
    expect(await provider.cancel(order.orderRef)).toBe(true);
    expect(await provider.cancel(order.orderRef)).toBe(false);
    expect(await provider.collect(order.orderRef)).toEqual({ status: 'failed', reason: 'cancelled' });
    expect(await provider.approve(order.orderRef, swedish)).toEqual({ ok: false, error: 'finished' });
  });

  it('cannot cancel a completed order', async () => {
    const order = await provider.startOrder({ endUserIp: '203.0.113.7' });
    await provider.approve(order.orderRef, swedish);
    expect(await provider.cancel(order.orderRef)).toBe(false);
    expect((await provider.collect(order.orderRef)).status).toBe('complete');
  });

  it('expires after three minutes: pending until then, expiredTransaction afterwards', async () => {
    const order = await provider.startOrder({ endUserIp: '203.0.113.7' });
    advance(minutes(swedishOrderMinutes) - 1_000);
    expect((await provider.collect(order.orderRef)).status).toBe('pending');
    advance(2_000);
    expect(await provider.collect(order.orderRef)).toEqual({ status: 'failed', reason: 'expiredTransaction' });
    expect(await provider.approve(order.orderRef, swedish)).toEqual({ ok: false, error: 'finished' });
  });

  it('refuses to approve an order whose time is up, even before anyone collected it', async () => {
    const order = await provider.startOrder({ endUserIp: '203.0.113.7' });
    advance(minutes(swedishOrderMinutes) + 1_000);
    expect(await provider.approve(order.orderRef, swedish)).toEqual({ ok: false, error: 'expired' });
    expect(await provider.openInApp(order.orderRef)).toMatchObject({
      status: 'failed',
      hint: 'expiredTransaction',
      finished: true,
    });
  });

  it('keeps the order pending when the personal number has the wrong format', async () => {
    const order = await provider.startOrder({ endUserIp: '203.0.113.7' });
    expect(await provider.approve(order.orderRef, '8505172386')).toEqual({ ok: false, error: 'invalidPersonalNumber' });
    expect((await provider.collect(order.orderRef)).status).toBe('pending');
  });

  it('answers unknownOrder for orders it never issued, and for Norwegian logins', async () => {
    expect(await provider.collect('00000000-0000-4000-8000-000000000000')).toEqual({
      status: 'failed',
      reason: 'unknownOrder',
    });
    expect(await provider.collect("x' or 1=1 --")).toEqual({ status: 'failed', reason: 'unknownOrder' });
    expect(await provider.cancel('not-an-order')).toBe(false);
    expect(await provider.openInApp('not-an-order')).toBeNull();
    const login = await provider.authorizationUrl({ redirectUri: '/serviceportal-no/signin/bankid/callback' });
    expect(await provider.collect(login.orderRef)).toEqual({ status: 'failed', reason: 'unknownOrder' });
  });

  it('stores only the keyed hash of the personal number', async () => {
    const order = await provider.startOrder({ endUserIp: '203.0.113.7' });
    await provider.approve(order.orderRef, swedish);
    const [row] = await database.db.select().from(t.bankIdOrders).where(eq(t.bankIdOrders.orderRef, order.orderRef));
    expect(row!.personalNumberHash).toBe(hashPersonalNumber(swedish));
    expect(JSON.stringify(row)).not.toContain(swedish);
    expect(JSON.stringify(row)).not.toContain('8505172386');
  });
});

describe('Norway: the redirect flow', () => {
  const callback = '/serviceportal-no/signin/bankid/callback';

  async function approvedLogin(redirectUri = callback) {
    const login = await provider.authorizationUrl({ redirectUri });
    const answer = await provider.approve(login.orderRef, norwegian);
    if (!answer.ok || answer.country !== 'NO') throw new Error(`not approved: ${JSON.stringify(answer)}`);
    const back = new URL(answer.redirectTo, 'http://portal.test');
    return { login, back, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  it('gives an authorization address and a random state, and sends the browser back with code and state', async () => {
    const { login, back, code, state } = await approvedLogin();
    expect(login.url).toBe(`/sandbox/bankid/${login.orderRef}`);
    expect(login.state.length).toBeGreaterThanOrEqual(32);
    expect(back.pathname).toBe(callback);
    expect(state).toBe(login.state);
    expect(code.length).toBeGreaterThanOrEqual(43);
  });

  it('exchanges the code once for the hashed identity', async () => {
    const { login, code, state } = await approvedLogin();
    expect(await provider.exchangeCode(code, state)).toEqual({
      ok: true,
      orderRef: login.orderRef,
      identity: { personalNumberHash: hashPersonalNumber(norwegian) },
    });
    expect(await provider.exchangeCode(code, state)).toEqual({ ok: false, reason: 'invalidCode' });
  });

  it('refuses a state that does not belong to the code, and the code is used up by the attempt', async () => {
    const { code, state } = await approvedLogin();
    const other = await approvedLogin();
    expect(await provider.exchangeCode(code, other.state)).toEqual({ ok: false, reason: 'stateMismatch' });
    expect(await provider.exchangeCode(code, state)).toEqual({ ok: false, reason: 'invalidCode' });
    // The other login is untouched.
    expect((await provider.exchangeCode(other.code, other.state)).ok).toBe(true);
  });

  it('refuses an unknown code', async () => {
    const { state } = await approvedLogin();
    expect(await provider.exchangeCode('made-up-code', state)).toEqual({ ok: false, reason: 'invalidCode' });
    expect(await provider.exchangeCode('', state)).toEqual({ ok: false, reason: 'invalidCode' });
  });

  it('refuses a code exchanged after the login expired', async () => {
    const { code, state } = await approvedLogin();
    advance(minutes(11));
    expect(await provider.exchangeCode(code, state)).toEqual({ ok: false, reason: 'expired' });
  });

  it('sends error=access_denied with the state when the debtor declines', async () => {
    const login = await provider.authorizationUrl({ redirectUri: callback });
    const answer = await provider.decline(login.orderRef);
    expect(answer).toEqual({
      ok: true,
      country: 'NO',
      redirectTo: `${callback}?error=access_denied&state=${encodeURIComponent(login.state)}`,
    });
  });

  it('never sends the browser to another site', async () => {
    const { back } = await approvedLogin(`https://evil.example${callback}`);
    // Only the path is used; the browser stays on the host that serves the sandbox.
    expect(back.host).toBe('portal.test');
    await expect(provider.authorizationUrl({ redirectUri: '//evil.example/x' })).rejects.toThrow();
    await expect(provider.authorizationUrl({ redirectUri: 'javascript:alert(1)' })).rejects.toThrow();
  });
});

describe('parsePersonalNumber', () => {
  it.each([
    ['SE', '198505172386', '198505172386'],
    ['SE', '19850517-2386', '198505172386'],
    ['SE', ' 19850517 2386 ', '198505172386'],
    ['SE', '8505172386', null],
    ['SE', '1985051723861', null],
    ['SE', '19850517-238a', null],
    ['NO', '17058512345', '17058512345'],
    ['NO', '170585 12345', '17058512345'],
    ['NO', '1705851234', null],
    ['NO', '17058512345-', null],
  ] as const)('%s %j gives %j', (country, value, expected) => {
    expect(parsePersonalNumber(country, value)).toBe(expected);
  });
});

describe('bank-identity provider default', () => {
  it('is the sandbox in the demo mode and off in a production start unless chosen explicitly', async () => {
    const { bankIdConfig, resetBankIdConfig } = await import('#server/auth/bank-id/factory.ts');
    const { resetEnvCache } = await import('#server/env.ts');
    const saved = { ...process.env };
    try {
      delete process.env.BANKID_PROVIDER;
      delete process.env.DEMO;
      process.env.NODE_ENV = 'production';
      // Whatever the base URL: without the demo mode there is no sandbox by default.
      for (const base of ['https://portal.example', 'http://localhost:3000']) {
        process.env.PUBLIC_BASE_URL = base;
        resetEnvCache();
        resetBankIdConfig();
        expect(bankIdConfig().provider).toBe('off');
      }
      process.env.BANKID_PROVIDER = 'sandbox';
      resetBankIdConfig();
      expect(bankIdConfig().provider).toBe('sandbox');
      delete process.env.BANKID_PROVIDER;
      process.env.DEMO = 'true';
      resetEnvCache();
      resetBankIdConfig();
      expect(bankIdConfig().provider).toBe('sandbox');
    } finally {
      process.env = saved;
      resetEnvCache();
      resetBankIdConfig();
    }
  });
});
