/**
 * The page cache's rules (server/http/page-cache.ts, decision 050): whose request shares a page,
 * which answers are kept, and that every answer carries its own request's nonce.
 */
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createPageCache, sharedCookieValues, visitorPages, withMarks } from '#server/http/page-cache.ts';

function cacheWith(stamp = { value: 'a' }, results: string[] = []) {
  return createPageCache({
    ttlMs: 10_000,
    maxEntries: 10,
    maxTotalBytes: 1_000_000,
    maxBytes: 1_000,
    lookup: visitorPages({
      sharedCookies: ['portal_consent', 'portal_lang'],
      maintenanceStamp: async () => stamp.value,
    }),
    onResult: (result) => results.push(result),
  });
}

function request(init: { method?: string; url?: string; host?: string; cookie?: string; language?: string } = {}) {
  const headers: Record<string, string | undefined> = {
    host: init.host ?? 'portal.example',
    cookie: init.cookie,
    'accept-language': init.language ?? 'de-DE',
  };
  return {
    method: init.method ?? 'GET',
    protocol: 'https',
    originalUrl: init.url ?? '/serviceportal/legal-notice',
    headers,
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

function reply(locals: Record<string, unknown> = {}) {
  const sent: { status?: number; body?: string; headers: Array<[string, string]> } = { headers: [] };
  const res = {
    locals,
    append(name: string, value: string) {
      sent.headers.push([name, value]);
      return res;
    },
    status(code: number) {
      sent.status = code;
      return res;
    },
    send(body: string) {
      sent.body = body;
      return res;
    },
  };
  return { res: res as unknown as Response, sent };
}

const page = (body: string, init: ResponseInit = {}) =>
  new Response(body, {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...init.headers },
  });

describe('which requests share a page', () => {
  it('a visitor without cookies, or with only the consent and language choices', async () => {
    const cache = cacheWith();
    expect(await cache.keyFor(request(), reply().res)).not.toBeNull();
    expect(
      await cache.keyFor(request({ cookie: 'portal_consent=granted; portal_lang=en' }), reply().res),
    ).not.toBeNull();
  });

  it('never a request with a session or any other cookie, a refused request, or anything but GET', async () => {
    const cache = cacheWith();
    expect(await cache.keyFor(request({ cookie: 'portal_session=abc' }), reply().res)).toBeNull();
    expect(await cache.keyFor(request({ cookie: 'portal_consent=granted; portal_chat=c1' }), reply().res)).toBeNull();
    expect(await cache.keyFor(request({ method: 'POST' }), reply().res)).toBeNull();
    expect(await cache.keyFor(request({ method: 'HEAD' }), reply().res)).toBeNull();
    expect(await cache.keyFor(request(), reply({ refusal: { reason: 'crossSite' } }).res)).toBeNull();
  });

  // Each case changes one thing of the plain request: a key that left it out would serve one
  // visitor's page to another, and only that case would fail.
  const plainRequest = { host: 'portal.example', url: '/serviceportal/legal-notice', language: 'de-DE' };
  it.each<[string, Parameters<typeof request>[0]]>([
    ['the host', { host: 'attacker.example' }],
    ['the query', { url: '/serviceportal/legal-notice?x=1' }],
    ['the path', { url: '/serviceportal/imprint' }],
    ['the variant', { url: '/ch/legal-notice' }],
    ['the language asked for', { language: 'en' }],
    ['the consent choice', { cookie: 'portal_consent=granted' }],
    ['the language chosen', { cookie: 'portal_lang=fr' }],
  ])('keys on %s', async (_field, change) => {
    const cache = cacheWith();
    const key = async (init: Parameters<typeof request>[0]) => (await cache.keyFor(request(init), reply().res))?.key;
    const plain = await key(plainRequest);
    expect(plain).toBeDefined();
    expect(await key(plainRequest)).toBe(plain);
    expect(await key({ ...plainRequest, ...change })).not.toBe(plain);
  });

  it('keys on the maintenance switch', async () => {
    const stamp = { value: 'a' };
    const cache = cacheWith(stamp);
    const key = async () => (await cache.keyFor(request(plainRequest), reply().res))?.key;
    const plain = await key();
    stamp.value = 'b';
    expect(await key()).not.toBe(plain);
  });

  it('does not key on the order of the shared cookies', async () => {
    const cache = cacheWith();
    const key = async (cookie: string) => (await cache.keyFor(request({ cookie }), reply().res))?.key;
    expect(await key('portal_lang=en; portal_consent=denied')).toBe(await key(' portal_consent=denied;portal_lang=en'));
    expect(
      sharedCookieValues('portal_lang=en; portal_consent=denied', new Set(['portal_consent', 'portal_lang'])),
    ).toBe(sharedCookieValues(' portal_consent=denied;portal_lang=en', new Set(['portal_consent', 'portal_lang'])));
  });
});

describe('which answers are kept', () => {
  it('a 200 HTML page is kept and served again with the next request’s nonce in every place', async () => {
    const results: string[] = [];
    const cache = cacheWith(undefined, results);
    const key = (await cache.keyFor(request(), reply().res))!;
    expect(cache.get(key)).toBeUndefined();
    const kept = await cache.keep(
      key,
      page('<script nonce="N1+/=">a</script><link nonce="N1+/=">', { headers: { 'Cache-Control': 'no-store' } }),
      { nonce: 'N1+/=' },
    );
    expect(kept).not.toBeNull();
    const hit = cache.get(key)!;
    const { res, sent } = reply();
    cache.send(res, hit, { nonce: 'N2' });
    expect(sent.status).toBe(200);
    expect(sent.body).toBe('<script nonce="N2">a</script><link nonce="N2">');
    expect(sent.headers).toContainEqual(['cache-control', 'no-store']);
    expect(results).toEqual(['miss', 'hit']);
  });

  it.each([
    ['an error page', page('<p>no</p>', { status: 404 })],
    ['a redirect', new Response(null, { status: 302, headers: { Location: '/x' } })],
    ['an answer that sets a cookie', page('<p>x</p>', { headers: { 'Set-Cookie': 'portal_lang=en' } })],
    ['an answer that varies', page('<p>x</p>', { headers: { Vary: 'Cookie' } })],
    ['data rather than a page', new Response('{}', { headers: { 'Content-Type': 'application/json' } })],
  ])('not %s (its body is left unread for the caller)', async (_name, response) => {
    const cache = cacheWith();
    const key = (await cache.keyFor(request(), reply().res))!;
    expect(await cache.keep(key, response, { nonce: 'N' })).toBeNull();
    expect(response.bodyUsed).toBe(false);
    expect(cache.get(key)).toBeUndefined();
  });

  it('a page larger than the limit is sent but not kept', async () => {
    const cache = cacheWith();
    const key = (await cache.keyFor(request(), reply().res))!;
    const big = `<p>${'x'.repeat(2_000)}</p>`;
    expect((await cache.keep(key, page(big), { nonce: 'N' }))?.body).toBe(big);
    expect(cache.get(key)).toBeUndefined();
  });

  it('a kept page is not served after its time', async () => {
    // A clock of the test's own: the limit is exact, whatever the machine's load.
    const clock = { ms: 1_000 };
    const cache = createPageCache({
      ttlMs: 30_000,
      maxEntries: 10,
      maxTotalBytes: 10_000,
      maxBytes: 1_000,
      lookup: visitorPages({ sharedCookies: [], maintenanceStamp: async () => 'a' }),
      now: () => clock.ms,
    });
    const key = (await cache.keyFor(request(), reply().res))!;
    await cache.keep(key, page('<p>x</p>'), { nonce: 'N' });
    clock.ms += 29_999;
    expect(cache.get(key)).toBeDefined();
    clock.ms += 2;
    expect(cache.get(key)).toBeUndefined();
  });
});

describe('the nonce mark', () => {
  it('a kept page is sent with each request’s own nonce in every place the first had its own', async () => {
    const cache = cacheWith();
    const key = (await cache.keyFor(request(), reply().res))!;
    const kept = await cache.keep(key, page('<script nonce="N1">1</script><style nonce="N1"></style>'), {
      nonce: 'N1',
    });
    expect(kept).not.toBeNull();
    const { res, sent } = reply();
    cache.send(res, cache.get(key)!, { nonce: 'N2' });
    expect(sent.body).toBe('<script nonce="N2">1</script><style nonce="N2"></style>');
  });

  it('withMarks leaves a page alone when the nonce is the same', () => {
    expect(withMarks('a N b', { nonce: 'N' }, { nonce: 'N' })).toBe('a N b');
    expect(withMarks('a N b N', { nonce: 'N' }, { nonce: 'M' })).toBe('a M b M');
  });
});
