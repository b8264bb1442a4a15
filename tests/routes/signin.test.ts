import * as argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { hashPassword } from '#server/auth/passwords.ts';
import * as t from '#server/db/schema.ts';
import { findSession } from '#server/auth/session.ts';
import { securityConfig } from '#server/config/security.ts';
import { action, loader } from '~/routes/$portal.signin';
import { loader as captchaLoader } from '~/routes/$portal.captcha';
import { action as signOut } from '~/routes/$portal.signout';
import {
  context,
  formRequest,
  getRequest,
  run,
  sessionCookieFrom,
  solvedCaptcha,
  useRouteDatabase,
} from '../helpers/routes.ts';

// argon2 as it is, with its verify calls counted (which hash, which password): the work a sign-in does.
vi.mock('argon2', async (original) => {
  const real = await original<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
beforeEach(async () => {
  await database.db.delete(t.loginAttempts);
});

async function post(
  fields: Record<string, string>,
  options: { cookie?: string; client?: string; captcha?: string | null } = {},
) {
  const captcha = options.captcha === undefined ? await solvedCaptcha() : options.captcha;
  const body: Record<string, string> = { privacy: 'on', ...fields };
  if (captcha) body.altcha = captcha;
  return run(
    action,
    formRequest('/serviceportal/signin', body, options.cookie ? { Cookie: options.cookie } : {}),
    params,
    context(options.client),
  );
}

const fieldErrors = (data: unknown) => (data as { result: { error?: Record<string, string[]> } }).result.error ?? {};

describe('sign-in with the reference number only', () => {
  it('opens a limited session and goes to the dashboard', async () => {
    const response = await post({ mode: 'reference', reference: '100000001' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/serviceportal/dashboard');
    const cookie = response.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^portal_session=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax; HttpOnly$/);
    const sessions = await database.db.select().from(t.sessions);
    expect(sessions.some((s) => s.level === 'limited' && s.loginType === 'reference')).toBe(true);
  });

  it('accepts a subcase written with a dash or a slash', async () => {
    for (const reference of ['100000010-2', '100000010/3', ' 100000010 - 2 '.replace(/ /g, '')]) {
      const response = await post({ mode: 'reference', reference });
      expect(response.status, reference).toBe(302);
    }
  });

  it('says when a number is unknown, and counts the failure', async () => {
    const response = await post({ mode: 'reference', reference: '999999999' });
    expect(response.status).toBe(404);
    expect(fieldErrors(response.data).reference).toEqual(['errors.unknown']);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.loginAttempts)
      .where(eq(t.loginAttempts.succeeded, false));
    expect(row!.n).toBe(2);
  });

  it.each([
    ['12345', 'errors.tooShort'],
    ['12345678a', 'errors.format'],
    ['1000000011', 'errors.format'],
    ['', 'errors.referenceRequired'],
  ])('rejects %j with %s', async (reference, key) => {
    const response = await post({ mode: 'reference', reference });
    expect(response.status).toBe(400);
    expect(fieldErrors(response.data).reference).toEqual([key]);
  });
});

describe('sign-in with reference number and password', () => {
  it('opens a full session', async () => {
    const response = await post({ mode: 'password', reference: '100000001', password: 'Demo-Pass1' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/serviceportal/dashboard');
  });

  it('goes to the claims list for a debtor with several files', async () => {
    const response = await post({ mode: 'password', reference: '100000010', password: 'Demo-Pass1' });
    expect(response.headers.get('Location')).toBe('/serviceportal/claims-list');
  });

  it('sends a debtor with a forced password change to set-password first', async () => {
    const response = await post({ mode: 'password', reference: '100000009', password: 'Demo-Pass1' });
    expect(response.headers.get('Location')).toBe('/serviceportal/signin/set-password');
  });

  it("sends the debtor to the file's own variant", async () => {
    const response = await post({ mode: 'password', reference: '400000001', password: 'Demo-Pass1' });
    expect(response.headers.get('Location')).toBe('/serviceportal-se/dashboard');
  });

  it('returns to the page the debtor wanted, but only inside the portal', async () => {
    const inside = await post({
      mode: 'password',
      reference: '100000001',
      password: 'Demo-Pass1',
      returnTo: '/serviceportal/claim-information#files',
    });
    expect(inside.headers.get('Location')).toBe('/serviceportal/claim-information#files');
    const outside = await post({
      mode: 'password',
      reference: '100000001',
      password: 'Demo-Pass1',
      returnTo: 'https://evil.example/',
    });
    expect(outside.headers.get('Location')).toBe('/serviceportal/dashboard');
  });

  it('gives the same answer for a wrong password and an unknown number, and never echoes the password', async () => {
    const wrong = await post({ mode: 'password', reference: '100000001', password: 'Wrong-Pass1' });
    const unknown = await post({ mode: 'password', reference: '999999998', password: 'Wrong-Pass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(fieldErrors(wrong.data)).toEqual(fieldErrors(unknown.data));
    expect(fieldErrors(wrong.data).password).toEqual(['errors.wrongCredentials']);
    expect(JSON.stringify(wrong.data)).not.toContain('Wrong-Pass1');
  });

  it('requires the password in password mode', async () => {
    const response = await post({ mode: 'password', reference: '100000001' });
    expect(response.status).toBe(400);
    expect(fieldErrors(response.data).password).toEqual(['errors.passwordRequired']);
  });

  it('refuses sign-in while an enforcement measure runs', async () => {
    const response = await post({ mode: 'password', reference: '100000007', password: 'Demo-Pass1' });
    expect(response.status).toBe(403);
    expect((response.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      'errors.measureRunning',
    ]);
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });

  it('rotates the session on step-up from reference-only to full', async () => {
    const limited = await post({ mode: 'reference', reference: '100000002' });
    const firstCookie = sessionCookieFrom(limited.headers);
    const full = await post(
      { mode: 'password', reference: '100000002', password: 'Demo-Pass1' },
      { cookie: firstCookie },
    );
    const secondCookie = sessionCookieFrom(full.headers);
    expect(secondCookie).not.toBe(firstCookie);
    const stepUpLoader = await run(loader, getRequest('/serviceportal/signin', { Cookie: secondCookie }), params);
    expect((stepUpLoader.data as { stepUp: boolean }).stepUp).toBe(false);
    const oldStillThere = await run(loader, getRequest('/serviceportal/signin', { Cookie: firstCookie }), params);
    expect((oldStillThere.data as { stepUp: boolean }).stepUp).toBe(false);
  });
});

describe('the step-up of a reference-only session', () => {
  it('shows the session’s reference and asks only for the password: no privacy tick, no captcha again', async () => {
    const limited = await post({ mode: 'reference', reference: '100000010-2' });
    const cookie = sessionCookieFrom(limited.headers);
    const page = await run(
      loader,
      getRequest('/serviceportal/signin?returnTo=%2Fserviceportal%2Fdebtor%2Fprofile', { Cookie: cookie }),
      params,
    );
    expect(page.data).toMatchObject({ stepUp: true, stepUpReference: '100000010-2' });

    const missing = await run(
      action,
      formRequest('/serviceportal/signin', { intent: 'stepUp' }, { Cookie: cookie }),
      params,
    );
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing.data).password).toEqual(['errors.passwordRequired']);

    const wrong = await run(
      action,
      formRequest('/serviceportal/signin', { intent: 'stepUp', password: 'Wrong-1x' }, { Cookie: cookie }),
      params,
    );
    expect(wrong.status).toBe(401);
    expect(fieldErrors(wrong.data).password).toEqual(['errors.wrongCredentials']);

    // A reference in the form is ignored: the session names the file.
    const full = await run(
      action,
      formRequest(
        '/serviceportal/signin',
        { intent: 'stepUp', password: 'Demo-Pass1', reference: '100000001', returnTo: '/serviceportal/debtor/profile' },
        { Cookie: cookie },
      ),
      params,
    );
    expect(full.status).toBe(302);
    expect(full.headers.get('Location')).toBe('/serviceportal/debtor/profile');
    const session = await findSession(getRequest('/x', { Cookie: sessionCookieFrom(full.headers) }), database.db);
    const [file] = await database.db.select().from(t.files).where(eq(t.files.id, session!.fileId));
    expect(session?.level).toBe('full');
    expect([file?.refno, file?.subcase]).toEqual(['100000010', 2]);
  });

  it('counts wrong step-up passwords towards the lock like any sign-in', async () => {
    const limited = await post({ mode: 'reference', reference: '100000004' });
    const cookie = sessionCookieFrom(limited.headers);
    for (let i = 0; i < 5; i++) {
      const r = await run(
        action,
        formRequest('/serviceportal/signin', { intent: 'stepUp', password: `Wrong-${i}x` }, { Cookie: cookie }),
        params,
        context(`198.51.100.${i}`),
      );
      expect(r.status).toBe(401);
    }
    const locked = await run(
      action,
      formRequest('/serviceportal/signin', { intent: 'stepUp', password: 'Demo-Pass1' }, { Cookie: cookie }),
      params,
    );
    expect(locked.status).toBe(429);
  });

  it('without a reference-only session, a step-up post leads to the full sign-in form', async () => {
    const response = await run(
      action,
      formRequest('/serviceportal/signin', {
        intent: 'stepUp',
        password: 'Demo-Pass1',
        returnTo: '/serviceportal/debtor/profile',
      }),
      params,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/serviceportal/signin?returnTo=%2Fserviceportal%2Fdebtor%2Fprofile');
    expect(response.headers.get('Set-Cookie')).toBeNull();
    // The full form as before for a visitor.
    const page = await run(loader, getRequest('/serviceportal/signin'), params);
    expect(page.data).toMatchObject({ stepUp: false, stepUpReference: null });
  });
});

describe('the checks before any lookup', () => {
  it('requires the privacy confirmation', async () => {
    const response = await post({ mode: 'reference', reference: '100000001', privacy: '' });
    expect(response.status).toBe(400);
    expect(fieldErrors(response.data).privacy).toEqual(['errors.privacy']);
  });

  it('requires a solved captcha, and each solution counts once', async () => {
    const missing = await post({ mode: 'reference', reference: '100000001' }, { captcha: null });
    expect(fieldErrors(missing.data).captcha).toEqual(['errors.captcha']);
    const solution = await solvedCaptcha();
    expect((await post({ mode: 'reference', reference: '100000001' }, { captcha: solution })).status).toBe(302);
    const replay = await post({ mode: 'reference', reference: '100000001' }, { captcha: solution });
    expect(replay.status).toBe(400);
    expect(fieldErrors(replay.data).captcha).toEqual(['errors.captcha']);
  });

  it('drops submissions with a filled honeypot', async () => {
    const response = await post({ mode: 'reference', reference: '100000001', website: 'http://spam.example' });
    expect(response.status).toBe(400);
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });
});

describe('the captcha after failed attempts (issue 25, finding 7)', () => {
  const saved = process.env.CAPTCHA_HARDEST_NUMBER;
  beforeEach(() => {
    process.env.CAPTCHA_HARDEST_NUMBER = '16000';
    onTestFinished(() => {
      process.env.CAPTCHA_HARDEST_NUMBER = saved;
    });
  });
  const challengeSize = async (client: string, query = '') => {
    const response = await run(captchaLoader, getRequest(`/serviceportal/captcha${query}`), params, context(client));
    return ((await response.response!.json()) as { maxnumber: number }).maxnumber;
  };

  it('gives a first attempt a small puzzle and the next one from that address a larger one', async () => {
    expect(await challengeSize('198.51.100.70')).toBe(2000);
    const wrong = await post(
      { mode: 'password', reference: '100000001', password: 'Wrong-1x' },
      { client: '198.51.100.70' },
    );
    expect(wrong.status).toBe(401);
    expect(await challengeSize('198.51.100.70')).toBe(4000);
    // Another address is not slowed down by it, unless the form asks for more.
    expect(await challengeSize('198.51.100.71')).toBe(2000);
    expect(await challengeSize('198.51.100.71', '?failures=2')).toBe(8000);
    expect(await challengeSize('198.51.100.71', '?failures=-3')).toBe(2000);

    // A first-size solution is not enough any more; the answer says why and how large a puzzle to fetch.
    const easy = await post(
      { mode: 'password', reference: '100000001', password: 'Demo-Pass1' },
      { client: '198.51.100.70' },
    );
    expect(easy.status).toBe(400);
    expect(fieldErrors(easy.data).captcha).toEqual(['errors.captchaHarder']);
    expect((easy.data as { captchaFailures: number }).captchaFailures).toBe(1);
    const right = await post(
      { mode: 'password', reference: '100000001', password: 'Demo-Pass1' },
      { client: '198.51.100.70', captcha: await solvedCaptcha(1) },
    );
    expect(right.status).toBe(302);
  });

  it("asks for a larger puzzle for a reference number's failures from other addresses", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await post(
        { mode: 'password', reference: '100000004', password: `Wrong-${i}x` },
        { client: `198.51.100.8${i}`, captcha: await solvedCaptcha(i) },
      );
      expect(r.status).toBe(401);
    }
    const fresh = await post(
      { mode: 'password', reference: '100000004', password: 'Demo-Pass1' },
      { client: '198.51.100.89' },
    );
    expect(fieldErrors(fresh.data).captcha).toEqual(['errors.captchaHarder']);
    expect((fresh.data as { captchaFailures: number }).captchaFailures).toBe(2);
    // A broken solution is still the plain captcha error.
    const broken = await post(
      { mode: 'password', reference: '100000004', password: 'Demo-Pass1' },
      { client: '198.51.100.89', captcha: 'bm90IGEgc29sdXRpb24=' },
    );
    expect(fieldErrors(broken.data).captcha).toEqual(['errors.captcha']);
  });
});

describe('brute force', () => {
  it('locks a reference number after 5 failures, with the time to wait, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await post(
        { mode: 'password', reference: '100000004', password: `Wrong-${i}x` },
        { client: `198.51.100.${i}` },
      );
      expect(r.status).toBe(401);
    }
    const locked = await post(
      { mode: 'password', reference: '100000004', password: 'Demo-Pass1' },
      { client: '198.51.100.99' },
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(800);
    expect((locked.data as { retryMinutes: number }).retryMinutes).toBe(15);
  });

  it('locks a client address after 10 failures across numbers', async () => {
    for (let i = 0; i < 10; i++) {
      await post({ mode: 'reference', reference: `99999${String(i).padStart(4, '0')}` }, { client: '192.0.2.50' });
    }
    const locked = await post({ mode: 'reference', reference: '100000001' }, { client: '192.0.2.50' });
    expect(locked.status).toBe(429);
    const otherClient = await post({ mode: 'reference', reference: '100000001' }, { client: '192.0.2.51' });
    expect(otherClient.status).toBe(302);
  });

  it('locks an existing and an unknown number at the configured count with the same answers, after the same work', async () => {
    // Issue 18: an attacker learns nothing from the answers, their number or the work behind them.
    const limit = securityConfig().signIn.referenceMaxFailures;
    const verify = vi.mocked(argon2.verify);
    // The clock moves one second per attempt, the same for both numbers, so the waits they are
    // told are compared without the machine's speed in them: on a busy machine one number's
    // attempts took longer than the other's and their Retry-After differed by a second.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const attempt = async (reference: string, i: number) => {
      vi.setSystemTime(Date.now() + 1000);
      verify.mockClear();
      const answer = await post(
        { mode: 'password', reference, password: `Wrong-Pass${i}` },
        { client: `203.0.113.${reference === '100000003' ? 100 + i : 150 + i}` },
      );
      // The hash it was checked against (a real one, or the stand-in for an unknown number).
      const hashes = verify.mock.calls.map(([hash]) => String(hash).replace(/\$[^$]+\$[^$]+$/, ''));
      return { status: answer.status, retryAfter: answer.headers.get('Retry-After'), data: answer.data, hashes };
    };
    const production = (await hashPassword('x')).replace(/\$[^$]+\$[^$]+$/, '');
    for (let i = 0; i <= limit; i++) {
      const existing = await attempt('100000003', i);
      const unknown = await attempt('999999996', i);
      const expected = i < limit ? 401 : 429;
      expect({ i, existing: existing.status, unknown: unknown.status }).toEqual({
        i,
        existing: expected,
        unknown: expected,
      });
      expect(unknown.retryAfter).toBe(existing.retryAfter);
      // The same answer but for the number itself and the captcha solution sent with it.
      const same = (data: unknown, reference: string) =>
        JSON.stringify(data)
          .replace(reference, 'REF')
          .replace(/"altcha":"[^"]*"/, '"altcha":"…"');
      expect(same(unknown.data, '999999996')).toBe(same(existing.data, '100000003'));
      // Before the limit both run one argon2id verify with the production cost parameters (the
      // demo hash is a fast one, so only the unknown number's stand-in is compared to production);
      // at the limit neither runs any.
      expect(existing.hashes.length, `attempt ${i}`).toBe(i < limit ? 1 : 0);
      expect(unknown.hashes, `attempt ${i}`).toEqual(i < limit ? [production] : []);
    }
  });

  it('writes every attempt to the audit log without the reference number in clear', async () => {
    await post({ mode: 'reference', reference: '999999997' });
    const rows = await database.db.select().from(t.auditLog);
    expect(rows.some((r) => r.action === 'signin.failed.unknown')).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/999999997|100000001/);
    expect(JSON.stringify(await database.db.select().from(t.loginAttempts))).not.toMatch(/999999997|100000001/);
  });
});

describe('sign-out', () => {
  it('deletes the server session and clears the cookie', async () => {
    const signedIn = await post({ mode: 'password', reference: '100000001', password: 'Demo-Pass1' });
    const cookie = sessionCookieFrom(signedIn.headers);
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(t.sessions);
    const out = await run(signOut, formRequest('/serviceportal/signout', {}, { Cookie: cookie }), params);
    expect(out.status).toBe(302);
    expect(out.headers.get('Location')).toBe('/serviceportal');
    expect(out.headers.get('Set-Cookie')).toMatch(/Max-Age=0/);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(t.sessions);
    expect(after[0]!.n).toBe(before[0]!.n - 1);
  });
});
