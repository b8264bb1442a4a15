import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetBankIdConfig } from '#server/auth/bank-id/factory.ts';
import * as t from '#server/db/schema.ts';
import { action as pageAction, loader as pageLoader } from '~/routes/$portal.signin_.bankid';
import { loader as callbackLoader } from '~/routes/$portal.signin_.bankid_.callback';
import { action as collectAction } from '~/routes/$portal.signin_.bankid_.collect';
import { action as sandboxAction, loader as sandboxLoader } from '~/routes/sandbox.bankid.$orderRef';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { formRequest, getRequest, run, sessionCookieFrom, useTestDatabase } from '../helpers/routes.ts';

let database: TestDatabase;
const se = { portal: 'serviceportal-se' };
const no = { portal: 'serviceportal-no' };

// Opening PGlite, migrating and seeding takes a few seconds on a busy machine.
beforeAll(async () => {
  database = await createTestDatabase();
  useTestDatabase(database);
}, 60_000);
afterAll(async () => database?.dispose());
afterEach(() => {
  delete process.env.BANKID_PROVIDER;
  resetBankIdConfig();
});

type Body = { phase: string; reason?: string; hint?: string; orderRef?: string; launchUrl?: string | null };
const body = (result: { data: unknown }) => result.data as Body;

async function fileOf(refno: string) {
  const [file] = await database.db
    .select({ id: t.files.id, debtorId: t.files.debtorId })
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, 1)));
  return file!;
}

async function sessionsOf(fileId: number) {
  return database.db.select().from(t.sessions).where(eq(t.sessions.fileId, fileId));
}

/** Sweden: POST start on the sign-in page; returns the order and this browser's flow cookie. */
async function startSwedish() {
  const started = await run(pageAction, formRequest('/serviceportal-se/signin/bankid', { intent: 'start' }), se);
  expect(started.status).toBe(200);
  const data = body(started);
  expect(data).toMatchObject({ phase: 'pending', hint: 'outstandingTransaction' });
  return { orderRef: data.orderRef!, launchUrl: data.launchUrl!, cookie: sessionCookieFrom(started.headers) };
}

async function sandboxAnswer(orderRef: string, fields: Record<string, string>) {
  return run(sandboxAction, formRequest(`/sandbox/bankid/${orderRef}`, fields), { orderRef });
}

async function collect(orderRef: string, cookie?: string) {
  return run(
    collectAction,
    formRequest(
      '/serviceportal-se/signin/bankid/collect',
      { orderRef, type: 'auth' },
      cookie ? { Cookie: cookie } : {},
    ),
    se,
  );
}

describe('Sweden: order, poll, sign-in', () => {
  it('signs the debtor of 400000001 in with a full session once the order is approved for 198505172386', async () => {
    const { orderRef, launchUrl, cookie } = await startSwedish();
    // The sandbox app's page follows the journey's variant and language (decision 029).
    expect(launchUrl).toMatch(new RegExp(`^/sandbox/bankid/${orderRef}\\?variant=se&hl=[a-z]{2}$`));
    expect(cookie).toMatch(/^portal_bankid=/);

    // The sandbox app opens: the hint moves on.
    const opened = await run(sandboxLoader, getRequest(launchUrl), { orderRef });
    expect(opened.data).toMatchObject({ country: 'SE', finished: false });
    const waiting = await collect(orderRef, cookie);
    expect(waiting.status).toBe(200);
    expect(body(waiting)).toEqual({ phase: 'pending', orderRef, launchUrl, hint: 'userSign' });

    const approved = await sandboxAnswer(orderRef, {
      intent: 'approve',
      country: 'SE',
      personalNumber: '198505172386',
    });
    expect(approved.data).toEqual({ done: 'approved' });

    const done = await collect(orderRef, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/serviceportal-se/dashboard');
    const cookies = done.headers.getSetCookie();
    expect(cookies[0]).toMatch(/^portal_session=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax; HttpOnly$/);
    expect(cookies[1]).toMatch(/^portal_bankid=; .*Max-Age=0/);

    const file = await fileOf('400000001');
    const sessions = await sessionsOf(file.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ debtorId: file.debtorId, loginType: 'bankId', level: 'full' });

    // The order is used up: polling it again signs nobody in.
    const again = await collect(orderRef, cookie);
    expect(body(again)).toEqual({ phase: 'failed', reason: 'unknownOrder' });
  });

  it('works without JavaScript: "I have confirmed – continue" posts a collect to the page', async () => {
    const { orderRef, cookie } = await startSwedish();
    const early = await run(
      pageAction,
      formRequest('/serviceportal-se/signin/bankid', { intent: 'collect', orderRef }, { Cookie: cookie }),
      se,
    );
    expect(body(early)).toMatchObject({ phase: 'pending', hint: 'outstandingTransaction' });
    await sandboxAnswer(orderRef, { intent: 'approve', country: 'SE', personalNumber: '19850517-2386' });
    const done = await run(
      pageAction,
      formRequest('/serviceportal-se/signin/bankid', { intent: 'collect', orderRef }, { Cookie: cookie }),
      se,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/serviceportal-se/dashboard');
  });

  it('fails with a clear reason for a person without a file, and opens no session', async () => {
    const before = await database.db.select().from(t.sessions);
    const { orderRef, cookie } = await startSwedish();
    await sandboxAnswer(orderRef, { intent: 'approve', country: 'SE', personalNumber: '199001011234' });
    const result = await collect(orderRef, cookie);
    expect(result.status).toBe(404);
    expect(body(result)).toEqual({ phase: 'failed', reason: 'unknownPerson' });
    expect(result.headers.get('Set-Cookie')).toMatch(/^portal_bankid=; /);
    expect(await database.db.select().from(t.sessions)).toHaveLength(before.length);
    const [entry] = await database.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'signin.failed.unknownPerson'));
    expect(entry).toBeDefined();
    const audit = JSON.stringify(await database.db.select().from(t.auditLog));
    expect(audit).not.toContain('199001011234');
    expect(audit).not.toContain(orderRef);
  });

  it('refuses sign-in while an enforcement measure runs on the file', async () => {
    const file = await fileOf('400000001');
    await database.db.update(t.files).set({ statusCode: '42' }).where(eq(t.files.id, file.id));
    try {
      const { orderRef, cookie } = await startSwedish();
      await sandboxAnswer(orderRef, { intent: 'approve', country: 'SE', personalNumber: '198505172386' });
      const result = await collect(orderRef, cookie);
      expect(result.status).toBe(403);
      expect(body(result)).toEqual({ phase: 'failed', reason: 'measureRunning' });
    } finally {
      await database.db.update(t.files).set({ statusCode: '1' }).where(eq(t.files.id, file.id));
    }
  });

  it('shows the reason when the debtor declines in the app', async () => {
    const { orderRef, cookie } = await startSwedish();
    expect((await sandboxAnswer(orderRef, { intent: 'decline', country: 'SE' })).data).toEqual({ done: 'declined' });
    expect(body(await collect(orderRef, cookie))).toEqual({ phase: 'failed', reason: 'userCancel' });
  });

  it('cancels the order with the Cancel button', async () => {
    const { orderRef, cookie } = await startSwedish();
    const cancelled = await run(
      pageAction,
      formRequest('/serviceportal-se/signin/bankid', { intent: 'cancel' }, { Cookie: cookie }),
      se,
    );
    expect(cancelled.data).toEqual({ phase: 'cancelled' });
    expect(cancelled.headers.get('Set-Cookie')).toMatch(/^portal_bankid=; /);
    const late = await sandboxAnswer(orderRef, { intent: 'approve', country: 'SE', personalNumber: '198505172386' });
    expect(late.status).toBe(409);
    expect(body(await collect(orderRef, cookie))).toEqual({ phase: 'failed', reason: 'cancelled' });
  });

  it('only the browser that started the order can collect it', async () => {
    const { orderRef, cookie } = await startSwedish();
    await sandboxAnswer(orderRef, { intent: 'approve', country: 'SE', personalNumber: '198505172386' });
    expect(body(await collect(orderRef))).toEqual({ phase: 'failed', reason: 'unknownOrder' });
    const other = await startSwedish();
    expect(body(await collect(orderRef, other.cookie))).toEqual({ phase: 'failed', reason: 'unknownOrder' });
    // The rightful browser still gets in.
    expect((await collect(orderRef, cookie)).status).toBe(302);
  });

  it('asks again for a personal number in the wrong format, in the sandbox app', async () => {
    const { orderRef } = await startSwedish();
    const wrong = await sandboxAnswer(orderRef, { intent: 'approve', country: 'SE', personalNumber: '12345' });
    expect(wrong.status).toBe(400);
    expect((wrong.data as { result: { error: Record<string, string[]> } }).result.error.personalNumber).toEqual([
      'sandbox.errors.formatSE',
    ]);
    const empty = await sandboxAnswer(orderRef, { intent: 'approve', country: 'SE', personalNumber: '' });
    expect((empty.data as { result: { error: Record<string, string[]> } }).result.error.personalNumber).toEqual([
      'sandbox.errors.required',
    ]);
  });
});

describe('Norway: redirect, callback with code and state', () => {
  async function startNorwegian() {
    const started = await run(pageLoader, getRequest('/serviceportal-no/signin/bankid'), no);
    expect(started.status).toBe(302);
    const location = started.headers.get('Location')!;
    expect(location).toMatch(/^\/sandbox\/bankid\/[0-9a-f-]{36}\?variant=no&hl=[a-z]{2}$/);
    return {
      orderRef: new URL(location, 'http://x').pathname.split('/').pop()!,
      cookie: sessionCookieFrom(started.headers),
    };
  }

  async function approveNorwegian(orderRef: string, personalNumber = '17058512345') {
    const answer = await sandboxAnswer(orderRef, { intent: 'approve', country: 'NO', personalNumber });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('Location')!, 'http://portal.test');
    expect(back.pathname).toBe('/serviceportal-no/signin/bankid/callback');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  const callback = (query: Record<string, string>, cookie?: string) =>
    run(
      callbackLoader,
      getRequest(
        `/serviceportal-no/signin/bankid/callback?${new URLSearchParams(query)}`,
        cookie ? { Cookie: cookie } : {},
      ),
      no,
    );

  it('signs the debtor of 500000001 in after the provider sends code and state back', async () => {
    const { orderRef, cookie } = await startNorwegian();
    const { code, state } = await approveNorwegian(orderRef);
    const result = await callback({ code, state }, cookie);
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/serviceportal-no/dashboard');
    const file = await fileOf('500000001');
    expect(await sessionsOf(file.id)).toEqual([expect.objectContaining({ loginType: 'bankId', level: 'full' })]);

    // The code works once.
    const reused = await callback({ code, state }, cookie);
    expect(reused.status).toBe(400);
    expect(reused.data).toMatchObject({ reason: 'invalidCode' });
  });

  it('refuses a state that is not the one this browser was given', async () => {
    const { orderRef, cookie } = await startNorwegian();
    const { code } = await approveNorwegian(orderRef);
    const sessionsBefore = (await database.db.select().from(t.sessions)).length;
    const wrong = await callback({ code, state: 'not-the-state' }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ reason: 'stateMismatch' });
    expect(wrong.headers.get('Set-Cookie')).toMatch(/^portal_bankid=; /);
    // Code and state of someone else's login pushed into a browser without this login: refused too.
    const other = await startNorwegian();
    const foreign = await approveNorwegian(other.orderRef);
    expect((await callback(foreign)).data).toMatchObject({ reason: 'stateMismatch' });
    expect((await callback(foreign, cookie)).data).toMatchObject({ reason: 'stateMismatch' });
    expect((await database.db.select().from(t.sessions)).length).toBe(sessionsBefore);
  });

  it('explains a declined login', async () => {
    const { orderRef, cookie } = await startNorwegian();
    const answer = await sandboxAnswer(orderRef, { intent: 'decline', country: 'NO' });
    const back = new URL(answer.headers.get('Location')!, 'http://portal.test');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const result = await callback(Object.fromEntries(back.searchParams), cookie);
    expect(result.data).toMatchObject({ reason: 'userCancel' });
  });

  it('fails clearly for a person without a Norwegian file', async () => {
    const { orderRef, cookie } = await startNorwegian();
    const { code, state } = await approveNorwegian(orderRef, '01019912345');
    const result = await callback({ code, state }, cookie);
    expect(result.status).toBe(404);
    expect(result.data).toMatchObject({ reason: 'unknownPerson' });
  });
});

describe('where bank-identity login exists', () => {
  it('answers 404 on /serviceportal for every bank-identity route', async () => {
    const de = { portal: 'serviceportal' };
    expect((await run(pageLoader, getRequest('/serviceportal/signin/bankid'), de)).status).toBe(404);
    expect((await run(pageAction, formRequest('/serviceportal/signin/bankid', { intent: 'start' }), de)).status).toBe(
      404,
    );
    expect(
      (await run(collectAction, formRequest('/serviceportal/signin/bankid/collect', { orderRef: 'x' }), de)).status,
    ).toBe(404);
    expect(
      (await run(callbackLoader, getRequest('/serviceportal/signin/bankid/callback?code=a&state=b'), de)).status,
    ).toBe(404);
  });

  it('keeps each country to its own flow', async () => {
    expect(
      (await run(collectAction, formRequest('/serviceportal-no/signin/bankid/collect', { orderRef: 'x' }), no)).status,
    ).toBe(404);
    expect(
      (await run(callbackLoader, getRequest('/serviceportal-se/signin/bankid/callback?code=a&state=b'), se)).status,
    ).toBe(404);
    expect(
      (await run(pageAction, formRequest('/serviceportal-no/signin/bankid', { intent: 'start' }), no)).status,
    ).toBe(405);
  });

  it('answers 404 everywhere, sandbox included, when the provider is switched off', async () => {
    const { orderRef } = await startSwedish();
    process.env.BANKID_PROVIDER = 'off';
    resetBankIdConfig();
    expect((await run(pageLoader, getRequest('/serviceportal-se/signin/bankid'), se)).status).toBe(404);
    expect((await run(sandboxLoader, getRequest(`/sandbox/bankid/${orderRef}`), { orderRef })).status).toBe(404);
  });

  it('the sandbox app answers 404 for an order it does not know', async () => {
    const orderRef = '00000000-0000-4000-8000-000000000000';
    expect((await run(sandboxLoader, getRequest(`/sandbox/bankid/${orderRef}`), { orderRef })).status).toBe(404);
  });
});
