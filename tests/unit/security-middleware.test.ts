import express from 'express';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyLimits,
  cspNonce,
  normalizedPath,
  sameOriginWrites,
  securityHeaders,
  type EdgeRefusal,
} from '#server/http/security.ts';

/** A tiny Express app with the portal's middleware, served on a random local port. */
let base = '';
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(cspNonce);
  app.use(securityHeaders({ secure: false, dev: false, frameablePaths: ['/frameable'] }));
  app.use(sameOriginWrites({ allowedOrigins: () => ['https://portal.example'], exemptPaths: ['/webhooks/'] }));
  app.use(bodyLimits());
  app.all('*', (req, res) => {
    // In the portal, Remix answers here; a refused request arrives as a GET of the refusal page.
    const refusal = res.locals.refusal as EdgeRefusal | undefined;
    if (refusal) return void res.status(refusal.status).json({ ...refusal, method: req.method, url: req.originalUrl });
    res.send(`ok ${res.locals.cspNonce as string}`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('security headers', () => {
  it('sends an enforced CSP with a fresh nonce per request', async () => {
    const first = await fetch(`${base}/`);
    const second = await fetch(`${base}/`);
    const csp = first.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toBe(`ok ${nonce}`);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce!);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self' 'nonce-",
      "worker-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets only the named paths be framed by the portal itself', async () => {
    const response = await fetch(`${base}/frameable/card`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});

/** A POST with its path exactly as written, dot segments included. */
function rawPost(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/`,
      { method: 'POST', path, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end('a=1');
  });
}

describe('cross-site writes', () => {
  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: 'a=1' });

  it.each([
    ['same origin', { Origin: 'SELF' }, 200],
    [
      'configured public origin behind its proxy',
      { Origin: 'https://portal.example', 'X-Forwarded-Host': 'portal.example' },
      200,
    ],
    ['configured public origin without the proxy’s forwarded host', { Origin: 'https://portal.example' }, 403],
    ['X-Forwarded-Host differing from Origin', { Origin: 'SELF', 'X-Forwarded-Host': 'evil.example' }, 403],
    ['an Origin that is not a URL', { Origin: 'garbage' }, 403],
    ['another site', { Origin: 'https://evil.example' }, 403],
    ['Origin null from a same-origin page', { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }, 200],
    ['Origin null from another site', { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['no Origin, cross-site fetch metadata', { 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['no Origin, foreign Referer', { Referer: 'https://evil.example/page' }, 403],
    ['no browser headers at all (server to server)', {}, 200],
  ])('%s', async (_name, headers, status) => {
    const resolved = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === 'SELF' ? base : v]));
    expect((await post('/serviceportal/signin', resolved)).status).toBe(status);
  });

  it('answers a refusal with the portal’s page for it, in the variant of the path, without reading the body', async () => {
    const refused = await post('/serviceportal-at/signin', { Origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      status: 403,
      reason: 'crossSite',
      method: 'GET',
      url: '/serviceportal-at/refused',
    });
    const outside = await post('/sandbox/pay/x', { Origin: 'https://evil.example' });
    expect(await outside.json()).toMatchObject({ url: '/serviceportal/refused' });
  });

  it('matches exempt paths after resolving dot segments', async () => {
    // Remix resolves the dots and runs the consent page's action: the exemption must not apply.
    // Sent as written (fetch would resolve the dots before sending).
    for (const path of [
      '/webhooks/../serviceportal/consent',
      '/webhooks/%2e%2e/serviceportal/consent',
      '/webhooks/.%2E/serviceportal/consent',
    ]) {
      expect(await rawPost(path, { Origin: 'https://evil.example' }), path).toBe(403);
    }
    expect(await rawPost('/webhooks/provider', { Origin: 'https://evil.example' })).toBe(200);
  });

  it('reads a target that starts with // as the path the router sees, not as a host before an exempt path', async () => {
    // The router reads `//evil.example/webhooks/provider` as that path (a page of the portal, not a
    // webhook): the exemption must not apply. The hostile-input properties found this as a 500.
    expect(normalizedPath('//evil.example/webhooks/provider')).toBe('//evil.example/webhooks/provider');
    expect(normalizedPath('/webhooks/../serviceportal')).toBe('/serviceportal');
    expect(normalizedPath('http://portal.example/webhooks/provider')).toBe('/webhooks/provider');
    expect(await rawPost('//evil.example/webhooks/provider', { Origin: 'https://evil.example' })).toBe(403);
  });

  it('exempts webhooks (verified by signature instead) and never blocks reads', async () => {
    expect((await post('/webhooks/provider', { Origin: 'https://provider.example' })).status).toBe(200);
    expect((await fetch(`${base}/serviceportal`, { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('body limits', () => {
  /** Declares `length` bytes but sends only three: an answer proves nothing waited for the body. */
  const declared = (type: string, length: number, path = '/serviceportal/feedback') =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${base}${path}`,
        { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': String(length) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('a=1');
    });

  it.each([
    ['a url-encoded form of 128 KiB', 'application/x-www-form-urlencoded', 128 * 1024, 200],
    ['a url-encoded form over 128 KiB', 'application/x-www-form-urlencoded', 128 * 1024 + 1, 413],
    ['a JSON body of 30 MB', 'application/json', 30 * 1024 * 1024, 413],
    ['multipart within 10 MB and the form', 'multipart/form-data; boundary=x', 10 * 1024 * 1024, 200],
    ['multipart over 10 MB and the form', 'multipart/form-data; boundary=x', 11 * 1024 * 1024, 413],
  ])('%s', async (_name, type, length, status) => {
    expect(await declared(type, length)).toBe(status);
  });

  it('lets a letter batch of up to 1 GiB through to the agency import only (decision 096)', async () => {
    expect(await declared('application/x-ndjson', 500 * 1024 * 1024, '/agency/v1/imports')).toBe(200);
    expect(await declared('application/x-ndjson', 1024 * 1024 * 1024 + 1, '/agency/v1/imports')).toBe(413);
    expect(await declared('application/x-ndjson', 30 * 1024 * 1024)).toBe(413);
    expect(await declared('application/json', 30 * 1024 * 1024, '/agency/v1/imports')).toBe(413);
  });
});
