/**
 * Issue 25, finding 10: a debtor whose session has ended is sent to sign in with the reason (idle,
 * expired, ended) and the page they were going to; the sign-in page says it, and the stale
 * cookie goes.
 */
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { sha256Hex } from '#server/security/crypto.ts';
import { eq } from 'drizzle-orm';
import { loader as dashboard } from '~/routes/$portal.dashboard';
import { loader as signInPage } from '~/routes/$portal.signin';
import { demoFiles, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);
const params = { portal: 'serviceportal' };
const ofSession = (cookie: string) => eq(schema.sessions.idHash, sha256Hex(cookie.slice(cookie.indexOf('=') + 1)));
const past = () => new Date(Date.now() - 1_000);

async function openDashboard(cookie?: string) {
  const result = await run(
    dashboard,
    getRequest('/serviceportal/dashboard?tab=documents', cookie ? { Cookie: cookie } : {}),
    params,
  );
  return {
    status: result.status,
    location: result.headers.get('Location') ?? '',
    cookie: result.headers.get('Set-Cookie'),
  };
}

async function signInData(query: string, cookie?: string) {
  const result = await run(
    signInPage,
    getRequest(`/serviceportal/signin${query}`, cookie ? { Cookie: cookie } : {}),
    params,
  );
  return { data: result.data as { ended: string | null; returnTo: string }, cookie: result.headers.get('Set-Cookie') };
}

describe('a session that has ended', () => {
  it('after the idle deadline: sign in with the reason and the way back; the stale cookie is cleared', async () => {
    const cookie = await cookieFor('100000001');
    await database.db.update(schema.sessions).set({ idleExpiresAt: past() }).where(ofSession(cookie));
    const answer = await openDashboard(cookie);
    expect(answer.status).toBe(302);
    const location = new URL(answer.location, 'http://portal.test');
    expect(location.pathname).toBe('/serviceportal/signin');
    expect(location.searchParams.get('ended')).toBe('idle');
    expect(location.searchParams.get('returnTo')).toBe('/serviceportal/dashboard?tab=documents');
    expect(answer.cookie).toMatch(/^portal_session=;.*Max-Age=0/i);

    const page = await signInData(location.search);
    expect(page.data.ended).toBe('idle');
    expect(page.data.returnTo).toBe('/serviceportal/dashboard?tab=documents');
  });

  it('past the absolute deadline: expired; a session that is gone: ended', async () => {
    const expired = await cookieFor('100000001');
    await database.db.update(schema.sessions).set({ absoluteExpiresAt: past() }).where(ofSession(expired));
    expect(new URL((await openDashboard(expired)).location, 'http://x').searchParams.get('ended')).toBe('expired');

    const gone = await cookieFor('100000001');
    await database.db.delete(schema.sessions).where(ofSession(gone));
    expect(new URL((await openDashboard(gone)).location, 'http://x').searchParams.get('ended')).toBe('ended');
  });

  it('without a session cookie: no reason, nothing cleared', async () => {
    const answer = await openDashboard();
    expect(answer.status).toBe(302);
    expect(new URL(answer.location, 'http://x').searchParams.has('ended')).toBe(false);
    expect(answer.cookie).toBeNull();
    expect((await signInData('')).data.ended).toBeNull();
  });

  it('the sign-in page reads the stale cookie itself (an action found no session) and ignores an unknown reason', async () => {
    const cookie = await cookieFor('100000001');
    await database.db.update(schema.sessions).set({ idleExpiresAt: past() }).where(ofSession(cookie));
    const page = await signInData('?action=AZonly&returnTo=%2Fserviceportal%2Fservice%2Fcontact', cookie);
    expect(page.data.ended).toBe('idle');
    expect(page.cookie).toMatch(/^portal_session=;/);
    expect((await signInData('?ended=%3Cscript%3E')).data.ended).toBeNull();
    // A live session is not "ended".
    const live = await cookieFor('100000001');
    expect((await signInData('', live)).data.ended).toBeNull();
  });
});
