/**
 * The page cache through the portal's edge (tests/helpers/remix-app.ts → server/http/remix-handler.ts):
 * a visitor's public page is rendered once and served again with each request's own nonce, and a
 * signed-in debtor's pages are never shared in either direction (decision 050).
 */
import { describe, expect, it } from 'vitest';
import { metrics } from '#server/http/metrics.ts';
import { useEdgeServer } from '../helpers/remix-app.ts';
import { demoFiles, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);

const edge = useEdgeServer();

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${edge.base}${path}`, { headers, redirect: 'manual' });
  const body = await response.text();
  const csp = response.headers.get('Content-Security-Policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const nonces = [...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
  return { status: response.status, body, nonce, nonces };
}

async function count(result: 'hit' | 'miss' | 'skip') {
  const values = await metrics().pageCacheResults.get();
  return values.values.find((v) => v.labels.cache === 'visitor' && v.labels.result === result)?.value ?? 0;
}

describe('a visitor’s public page', () => {
  it('is rendered once and served again, each time with the request’s own nonce everywhere', async () => {
    const path = '/serviceportal/legal-notice?cache-test=1';
    const hits = await count('hit');
    const first = await get(path);
    const second = await get(path);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await count('hit')).toBe(hits + 1);
    for (const answer of [first, second]) {
      expect(answer.nonce).toBeTruthy();
      expect(answer.nonces.length).toBeGreaterThan(0);
      expect(new Set(answer.nonces)).toEqual(new Set([answer.nonce]));
    }
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body.split(second.nonce!).join('N')).toBe(first.body.split(first.nonce!).join('N'));
  });

  it('is not the page of a language or consent choice other than the visitor’s', async () => {
    const path = '/serviceportal/legal-notice?cache-test=2';
    const german = await get(path, { 'Accept-Language': 'de-DE' });
    const english = await get(path, { 'Accept-Language': 'de-DE', Cookie: 'portal_lang=en' });
    expect(german.body).toContain('<html lang="de"');
    expect(english.body).toContain('<html lang="en"');
  });
});

describe('a signed-in debtor', () => {
  it('never gets the visitor’s kept page, and the visitor never gets the debtor’s', async () => {
    const path = '/serviceportal/legal-notice?cache-test=3';
    const cookie = await cookieFor('100000001');
    const skips = await count('skip');
    const visitor = await get(path);
    const debtor = await get(path, { Cookie: cookie });
    const visitorAgain = await get(path);
    expect(await count('skip')).toBe(skips + 1);
    // Only the signed-in page offers to sign out.
    expect(visitor.body).not.toContain('/signout');
    expect(debtor.body).toContain('/signout');
    expect(visitorAgain.body).not.toContain('/signout');
  });

  it('a debtor’s cookie beside the consent choice still keeps the page the debtor’s own', async () => {
    const cookie = await cookieFor('100000001');
    const debtor = await get('/serviceportal/legal-notice?cache-test=4', {
      Cookie: `portal_consent=granted; ${cookie}`,
    });
    expect(debtor.body).toContain('/signout');
  });
});
