import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLetterToken, readLetterToken } from '#server/auth/letter-links.ts';
import { createSession } from '#server/auth/sessions.ts';
import { findSession } from '#server/auth/session.ts';
import * as t from '#server/db/schema.ts';
import { action as extendSession } from '~/routes/$portal.session';
import { loader as rootLoader } from '~/root';
import { action as redeemLink, loader as letterPage } from '~/routes/$portal.l.$token';
import { action as setPassword, loader as setPasswordPage } from '~/routes/$portal.signin_.set-password';
import { requireDebtor } from '~/lib/auth.server';
import { variants } from '#server/variants/config.ts';
import { formRequest, getRequest, run, sessionCookieFrom, useRouteDatabase } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();

async function fileOf(refno: string) {
  const [row] = await database.db.select().from(t.files).where(eq(t.files.refno, refno));
  return row!;
}
async function sessionFor(refno: string, level: 'limited' | 'full', now = new Date()) {
  const file = await fileOf(refno);
  const { cookie } = await createSession(
    database.db,
    { debtorId: file.debtorId, fileId: file.id, loginType: level === 'full' ? 'password' : 'reference', level },
    { now },
  );
  return cookie.split(';')[0]!;
}
const withCookie = (path: string, cookie: string) => getRequest(path, { Cookie: cookie });

describe('server-side session lifetime', () => {
  it('ends a session after 15 minutes without activity, whatever the browser does', async () => {
    const start = new Date('2026-11-22T09:00:00Z');
    const cookie = await sessionFor('100000001', 'full', start);
    const request = withCookie('/serviceportal', cookie);
    expect(await findSession(request, database.db, new Date('2026-11-22T09:14:59Z'))).not.toBeNull();
    expect(await findSession(request, database.db, new Date('2026-11-22T09:15:01Z'))).toBeNull();
  });

  it('ends a session after its absolute lifetime even with activity', async () => {
    const start = new Date('2026-11-22T01:00:00Z');
    const cookie = await sessionFor('100000001', 'full', start);
    const [row] = await database.db.select().from(t.sessions).where(eq(t.sessions.createdAt, start));
    await database.db
      .update(t.sessions)
      .set({ idleExpiresAt: new Date('2026-11-22T12:00:00Z') })
      .where(eq(t.sessions.idHash, row!.idHash));
    expect(await findSession(withCookie('/x', cookie), database.db, new Date('2026-11-22T08:59:00Z'))).not.toBeNull();
    expect(await findSession(withCookie('/x', cookie), database.db, new Date('2026-11-22T09:00:01Z'))).toBeNull();
  });

  it('extends the idle deadline from the warning dialog, and says when the session is gone', async () => {
    const cookie = await sessionFor('100000001', 'full', new Date(Date.now() - 11 * 60_000));
    const extended = await run(extendSession, formRequest('/serviceportal/session', {}, { Cookie: cookie }), params);
    expect((extended.data as { msLeft: number }).msLeft).toBeGreaterThan(14 * 60_000);
    const gone = await run(
      extendSession,
      formRequest('/serviceportal/session', {}, { Cookie: 'portal_session=unknown' }),
      params,
    );
    expect(gone.status).toBe(401);
  });

  it('ignores a forged or unknown session cookie', async () => {
    expect(
      await findSession(withCookie('/x', 'portal_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), database.db),
    ).toBeNull();
  });
});

describe('activity: the idle deadline written at most once a minute', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const at = (iso: string) => vi.setSystemTime(new Date(iso));
  const rowOf = async (cookie: string) => {
    const session = await findSession(withCookie('/x', cookie), database.db, new Date('2026-11-22T09:00:00Z'));
    const [row] = await database.db.select().from(t.sessions).where(eq(t.sessions.idHash, session!.idHash));
    return row!;
  };
  const pageView = (cookie: string) => run(rootLoader, withCookie('/serviceportal/dashboard', cookie), params);
  const guardedView = (cookie: string) =>
    run(() => requireDebtor(withCookie('/serviceportal/dashboard', cookie), variants.de), getRequest('/'), params);

  it('writes nothing for a page view within a minute of the last write, and moves the deadline after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cookie = await sessionFor('100000001', 'full', new Date('2026-11-22T09:00:00Z'));
    at('2026-11-22T09:00:40Z');
    const early = await pageView(cookie);
    await guardedView(cookie);
    let row = await rowOf(cookie);
    expect(row.lastSeenAt).toEqual(new Date('2026-11-22T09:00:00Z'));
    expect(row.idleExpiresAt).toEqual(new Date('2026-11-22T09:15:00Z'));
    // The browser is told the deadline the server keeps, never a later one.
    expect((early.data as { auth: { idleMsLeft: number } }).auth.idleMsLeft).toBe(14 * 60_000 + 20_000);

    at('2026-11-22T09:01:05Z');
    const later = await pageView(cookie);
    row = await rowOf(cookie);
    expect(row.lastSeenAt).toEqual(new Date('2026-11-22T09:01:05Z'));
    expect(row.idleExpiresAt).toEqual(new Date('2026-11-22T09:16:05Z'));
    expect((later.data as { auth: { idleMsLeft: number } }).auth.idleMsLeft).toBe(15 * 60_000);
  });

  it('still signs out after 15 minutes without activity, counted from the last page view at the latest', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cookie = await sessionFor('100000001', 'full', new Date('2026-11-22T09:00:00Z'));
    // Activity every 50 seconds for a quarter of an hour keeps the session.
    let last = new Date('2026-11-22T09:00:00Z');
    for (let step = 1; step <= 20; step++) {
      last = new Date(Date.parse('2026-11-22T09:00:00Z') + step * 50_000);
      vi.setSystemTime(last);
      const view = await guardedView(cookie);
      expect(view.status, `after ${step * 50} s`).not.toBe(302);
      const row = await rowOf(cookie);
      // Never later than 15 minutes after the last activity, never earlier than 14.
      expect(row.idleExpiresAt.getTime()).toBeLessThanOrEqual(last.getTime() + 15 * 60_000);
      expect(row.idleExpiresAt.getTime()).toBeGreaterThan(last.getTime() + 14 * 60_000);
    }
    // Then nothing: 15 minutes after the last activity the session is gone, for the root and the guards alike.
    vi.setSystemTime(new Date(last.getTime() + 15 * 60_000 + 1_000));
    const gone = await guardedView(cookie);
    expect(gone.status).toBe(302);
    expect(gone.headers.get('Location')).toContain('/serviceportal/signin?action=AZonly');
    const root = await pageView(cookie);
    expect((root.data as { auth: { level: string } }).auth.level).toBe('none');
  });

  it('costs a visitor without a session cookie no database query', async () => {
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    try {
      const visitor = await run(rootLoader, getRequest('/serviceportal/legal-notice'), params);
      expect((visitor.data as { auth: { level: string } }).auth.level).toBe('none');
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });
});

describe('guards', () => {
  it('sends a visitor to reference-only sign-in and remembers the page', async () => {
    const result = await run(
      () => requireDebtor(getRequest('/serviceportal/dashboard?x=1'), variants.de),
      getRequest('/'),
      params,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe(
      '/serviceportal/signin?action=AZonly&returnTo=%2Fserviceportal%2Fdashboard%3Fx%3D1',
    );
  });

  it('asks a reference-only session for the password where full login is needed', async () => {
    const cookie = await sessionFor('100000002', 'limited');
    const limitedOk = await requireDebtor(withCookie('/serviceportal/dashboard', cookie), variants.de);
    expect(limitedOk.level).toBe('limited');
    const result = await run(
      () => requireDebtor(withCookie('/serviceportal/claim-information', cookie), variants.de, { level: 'full' }),
      getRequest('/'),
      params,
    );
    expect(result.headers.get('Location')).toBe('/serviceportal/signin?returnTo=%2Fserviceportal%2Fclaim-information');
  });

  it('sends a forced password change to set-password before anything else', async () => {
    const cookie = await sessionFor('100000009', 'full');
    const result = await run(
      () => requireDebtor(withCookie('/serviceportal/dashboard', cookie), variants.de),
      getRequest('/'),
      params,
    );
    expect(result.headers.get('Location')).toBe('/serviceportal/signin/set-password');
  });
});

describe('forced password change', () => {
  it('refuses weak, common and personal passwords with the rule that failed', async () => {
    const cookie = await sessionFor('100000009', 'full');
    const page = await run(setPasswordPage, withCookie('/serviceportal/signin/set-password', cookie), params);
    expect(page.status).toBe(200);
    for (const [password, key] of [
      ['short1', 'errors.password.tooShort'],
      ['onlyletters', 'errors.password.notComplex'],
      ['12345678', 'errors.password.notComplex'],
      ['Passwort123', 'errors.password.tooWeak'],
      ['Schulz-100000009', 'errors.password.tooWeak'],
      ['Demo-Pass1', 'errors.password.sameAsOld'],
    ] as const) {
      const result = await run(
        setPassword,
        formRequest(
          '/serviceportal/signin/set-password',
          { newPassword: password, confirmPassword: password },
          { Cookie: cookie },
        ),
        params,
      );
      expect(result.status, password).toBe(400);
      const errors = (result.data as { result: { error: Record<string, string[]> } }).result.error;
      expect(errors.newPassword, password).toEqual([key]);
      expect(JSON.stringify(result.data)).not.toContain(password);
    }
    const mismatch = await run(
      setPassword,
      formRequest(
        '/serviceportal/signin/set-password',
        { newPassword: 'Lindenbaum-Kaffee-42', confirmPassword: 'Lindenbaum-Kaffee-43' },
        { Cookie: cookie },
      ),
      params,
    );
    expect((mismatch.data as { result: { error: Record<string, string[]> } }).result.error.confirmPassword).toEqual([
      'errors.confirmMismatch',
    ]);
  });

  it('stores a good password, clears the flag, and replaces every session of the debtor', async () => {
    const cookie = await sessionFor('100000009', 'full');
    const result = await run(
      setPassword,
      formRequest(
        '/serviceportal/signin/set-password',
        { newPassword: 'Lindenbaum-Kaffee-42', confirmPassword: 'Lindenbaum-Kaffee-42' },
        { Cookie: cookie },
      ),
      params,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/serviceportal/dashboard?password=changed');
    const fresh = sessionCookieFrom(result.headers);
    expect(fresh).not.toBe(cookie);
    expect(await findSession(withCookie('/x', cookie), database.db)).toBeNull();
    const session = await findSession(withCookie('/x', fresh), database.db);
    expect(session?.mustChangePassword).toBe(false);
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, session!.debtorId));
    expect(debtor!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(debtor!.passwordChangedAt).not.toBeNull();
  });
});

describe('letter links (QR code)', () => {
  it('shows a page on GET without using the link up', async () => {
    const token = createLetterToken('100000001', 1);
    const page = await run(letterPage, getRequest(`/serviceportal/l/${token}`), { ...params, token });
    expect((page.data as { looksValid: boolean }).looksValid).toBe(true);
    const used = await database.db.select().from(t.letterLinks);
    expect(used).toHaveLength(0);
  });

  it('signs in once by POST, at the level the file allows; a second use is refused', async () => {
    const token = createLetterToken('100000001', 1);
    const first = await run(redeemLink, formRequest(`/serviceportal/l/${token}`, { token }), { ...params, token });
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toBe('/serviceportal/dashboard');
    const session = await findSession(withCookie('/x', sessionCookieFrom(first.headers)), database.db);
    expect(session?.level).toBe('limited');
    expect(session?.loginType).toBe('letterLink');
    const second = await run(redeemLink, formRequest(`/serviceportal/l/${token}`, { token }), { ...params, token });
    expect(second.status).toBe(400);
    expect(second.data).toEqual({ error: 'used' });
  });

  it('gives full access where the server says so', async () => {
    const file = await fileOf('100000002');
    await database.db.update(t.files).set({ letterLinkIsFullLogin: true }).where(eq(t.files.id, file.id));
    const token = createLetterToken('100000002', 1);
    const result = await run(redeemLink, formRequest(`/serviceportal/l/${token}`, { token }), { ...params, token });
    const session = await findSession(withCookie('/x', sessionCookieFrom(result.headers)), database.db);
    expect(session?.level).toBe('full');
  });

  it('refuses expired, tampered and foreign tokens', async () => {
    const expired = createLetterToken('100000001', 1, { validDays: 1, now: new Date('2020-01-01T00:00:00Z') });
    expect(readLetterToken(expired)).toBeNull();
    const valid = createLetterToken('100000001', 1);
    const [body, signature] = valid.split('.');
    const tampered = `${Buffer.from(Buffer.from(body!, 'base64url').toString().replace('100000001', '100000002')).toString('base64url')}.${signature}`;
    expect(readLetterToken(tampered)).toBeNull();
    const result = await run(redeemLink, formRequest('/serviceportal/l/x', { token: tampered }), {
      ...params,
      token: 'x',
    });
    expect(result.data).toEqual({ error: 'invalid' });
  });

  it('refuses a file with a running measure', async () => {
    const token = createLetterToken('100000007', 1);
    const result = await run(redeemLink, formRequest(`/serviceportal/l/${token}`, { token }), { ...params, token });
    expect(result.status).toBe(403);
  });
});
