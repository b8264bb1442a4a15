/**
 * A debtor's own dashboard and claim information through the portal's edge
 * (tests/helpers/remix-app.ts → server/http/remix-handler.ts, decision 056): rendered once and
 * served again to the same session while the file is unchanged, with each request's own nonce and
 * idle count; new as soon as anything on the file is written, whoever writes it; never served to
 * another session, a signed-out one, or after the debtor's state changed.
 */
import { eq, sql } from 'drizzle-orm';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { metrics } from '#server/http/metrics.ts';
import { sha256Hex } from '#server/security/crypto.ts';
import { ownPagePath, ownPages } from '#server/http/own-pages.ts';
import { useEdgeServer } from '../helpers/remix-app.ts';
import { demoFiles, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor, fileOf } = demoFiles(database);

const edge = useEdgeServer();

const minute = 60_000;

async function get(path: string, cookie: string) {
  const response = await fetch(`${edge.base}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? '';
  return { status: response.status, location: response.headers.get('Location'), body, nonce };
}

async function count(result: 'hit' | 'miss' | 'skip') {
  const values = await metrics().pageCacheResults.get();
  return values.values.find((v) => v.labels.cache === 'debtor' && v.labels.result === result)?.value ?? 0;
}

/** A number that can be the idle count: within the idle timeout (15 minutes) of the deadline. */
const isIdleCount = (n: number) => n > 14 * minute - 5_000 && n <= 15 * minute;
const wholeNumbers = /(?<![\d.])(\d{5,6})(?![\d.])/g;

/** The idle counts in a page's data. */
function idleCounts(body: string): number[] {
  return [...body.matchAll(wholeNumbers)].map((m) => Number(m[1])).filter(isIdleCount);
}

/** The page with its per-request values (nonce, idle count) taken out. */
function normalised(page: { body: string; nonce: string }): string {
  return page.body
    .split(page.nonce)
    .join('NONCE')
    .replace(wholeNumbers, (n) => (isIdleCount(Number(n)) ? 'IDLE' : n));
}

/** The session row behind a cookie as the browser sends it. */
const ofSession = (cookie: string) => eq(schema.sessions.idHash, sha256Hex(cookie.slice(cookie.indexOf('=') + 1)));

async function idleExpiresAt(cookie: string): Promise<Date> {
  const [row] = await database.db
    .select({ at: schema.sessions.idleExpiresAt })
    .from(schema.sessions)
    .where(ofSession(cookie));
  return row!.at;
}

describe('a debtor’s dashboard', () => {
  it('is rendered once and served again, with the request’s own nonce and idle count, never the mark', async () => {
    const cookie = await cookieFor('100000001');
    const [hits, misses] = [await count('hit'), await count('miss')];
    const first = await get('/serviceportal/dashboard', cookie);
    const second = await get('/serviceportal/dashboard', cookie);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await count('miss')).toBe(misses + 1);
    expect(await count('hit')).toBe(hits + 1);
    expect(first.body).toContain('100000001');
    for (const page of [first, second]) {
      // The mark (15 digits starting with 8) never leaves the server; the count is there once.
      expect(page.body).not.toMatch(/(?<!\d)8\d{14}(?!\d)/);
      expect(idleCounts(page.body)).toHaveLength(1);
      expect(new Set([...page.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([page.nonce]));
    }
    expect(second.nonce).not.toBe(first.nonce);
    expect(normalised(second)).toBe(normalised(first));
  });

  it('is rendered anew as soon as the file changes, whoever writes it', async () => {
    const cookie = await cookieFor('100000001');
    const file = await fileOf('100000001');
    await get('/serviceportal/dashboard', cookie);
    const kept = await get('/serviceportal/dashboard', cookie);
    // The agency's own system books a payment straight into the database.
    await database.db
      .update(schema.files)
      .set({ paymentsMinor: sql`${schema.files.paymentsMinor} + 1234` })
      .where(eq(schema.files.id, file.id));
    const misses = await count('miss');
    const after = await get('/serviceportal/dashboard', cookie);
    expect(await count('miss')).toBe(misses + 1);
    expect(normalised(after)).not.toBe(normalised(kept));
    await database.db
      .update(schema.files)
      .set({ paymentsMinor: sql`${schema.files.paymentsMinor} - 1234` })
      .where(eq(schema.files.id, file.id));
  });

  it('is not served to another session, another login level or another file', async () => {
    const full = await cookieFor('100000001');
    const limited = await cookieFor('100000001', 'limited');
    const other = await cookieFor('100000002');
    await get('/serviceportal/dashboard', full);
    const misses = await count('miss');
    const limitedPage = await get('/serviceportal/dashboard', limited);
    const otherPage = await get('/serviceportal/dashboard', other);
    expect(await count('miss')).toBe(misses + 2);
    expect(otherPage.body).toContain('100000002');
    expect(otherPage.body).not.toContain('100000001');
    expect(limitedPage.status).toBe(200);
  });

  it('is not served once the session has ended: the guard sends the request to sign in', async () => {
    const cookie = await cookieFor('100000001');
    expect((await get('/serviceportal/dashboard', cookie)).status).toBe(200);
    expect((await get('/serviceportal/dashboard', cookie)).status).toBe(200);
    await database.db
      .update(schema.sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1_000) })
      .where(ofSession(cookie));
    const ended = await get('/serviceportal/dashboard', cookie);
    expect(ended.status).toBe(302);
    expect(ended.location).toContain('/signin');
  });

  it('is not served after the debtor must change the password: that page comes first', async () => {
    const cookie = await cookieFor('100000001');
    const file = await fileOf('100000001');
    await get('/serviceportal/dashboard', cookie);
    await get('/serviceportal/dashboard', cookie);
    await database.db
      .update(schema.debtors)
      .set({ mustChangePassword: true })
      .where(eq(schema.debtors.id, file.debtorId));
    try {
      const page = await get('/serviceportal/dashboard', cookie);
      expect(page.status).toBe(302);
      expect(page.location).toContain('/signin/set-password');
    } finally {
      await database.db
        .update(schema.debtors)
        .set({ mustChangePassword: false })
        .where(eq(schema.debtors.id, file.debtorId));
    }
  });

  it('a page served again still counts as activity: the idle deadline moves on (at most once a minute)', async () => {
    const cookie = await cookieFor('100000001');
    await get('/serviceportal/dashboard', cookie);
    // The last activity was written two minutes ago.
    const earlier = new Date(Date.now() + 13 * minute);
    await database.db.update(schema.sessions).set({ idleExpiresAt: earlier }).where(ofSession(cookie));
    const hits = await count('hit');
    const page = await get('/serviceportal/dashboard', cookie);
    expect(await count('hit')).toBe(hits + 1);
    const deadline = await idleExpiresAt(cookie);
    expect(deadline.getTime()).toBeGreaterThan(Date.now() + 14 * minute);
    // The page carries the count to the new deadline, not the old one.
    expect(idleCounts(page.body)[0]).toBeGreaterThan(14 * minute);
  });
});

describe('which requests the debtor’s cache answers', () => {
  it('claim information is kept like the dashboard; other pages and data requests are not', async () => {
    const cookie = await cookieFor('100000001');
    const hits = await count('hit');
    await get('/serviceportal/claim-information', cookie);
    await get('/serviceportal/claim-information', cookie);
    expect(await count('hit')).toBe(hits + 1);
    const skips = await count('skip');
    await get('/serviceportal/dashboard.data', cookie);
    await get('/serviceportal/debtor/profile', cookie);
    expect(await count('skip')).toBe(skips + 2);
    expect(ownPagePath.test('/serviceportal/dashboard')).toBe(true);
    expect(ownPagePath.test('/ch/claim-information/')).toBe(true);
    expect(ownPagePath.test('/serviceportal/dashboard.data')).toBe(false);
    expect(ownPagePath.test('/serviceportal/uploads/dashboard/x')).toBe(false);
  });

  it('the key holds the agency day, the maintenance state, the language and the other cookies', async () => {
    const cookie = await cookieFor('100000001');
    const now = { value: new Date() };
    const stamp = { value: 'a' };
    const lookup = ownPages({ maintenanceStamp: async () => stamp.value, now: () => now.value });
    const key = async (headers: Record<string, string> = {}) => {
      const all: Record<string, string> = { host: 'portal.test', cookie, 'accept-language': 'de', ...headers };
      const req = {
        path: '/serviceportal/dashboard',
        originalUrl: '/serviceportal/dashboard',
        protocol: 'http',
        headers: all,
        get: (name: string) => all[name.toLowerCase()],
      } as unknown as Request;
      return (await lookup(req, {} as never))?.key;
    };
    const plain = await key();
    expect(plain).toBeDefined();
    expect(await key()).toBe(plain);
    const others = [
      await key({ 'accept-language': 'en' }),
      await key({ cookie: `${cookie}; portal_lang=en` }),
      await key({ host: 'other.test' }),
    ];
    stamp.value = 'b';
    others.push(await key());
    stamp.value = 'a';
    now.value = new Date(now.value.getTime() + 24 * 60 * minute);
    const later = new Date(now.value.getTime() + 10 * minute);
    await database.db
      .update(schema.sessions)
      .set({ idleExpiresAt: later, absoluteExpiresAt: later })
      .where(ofSession(cookie));
    others.push(await key());
    expect(new Set([plain, ...others]).size).toBe(others.length + 1);
    expect(await key({ cookie: 'portal_session=unknown' })).toBeUndefined();
  });
});
