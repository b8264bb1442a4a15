import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspNonce, sameOriginWrites, securityHeaders } from '#server/http/security.ts';

/** A tiny Express app with the portal's middleware, served on a random local port. */
let base = '';
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(cspNonce);
  app.use(securityHeaders({ secure: false, dev: false, frameablePaths: ['/frameable'] }));
  app.use(sameOriginWrites({ allowedOrigins: () => ['https://portal.example'], exemptPaths: ['/webhooks/'] }));
  app.all('*', (_req, res) => {
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
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self' 'nonce-", "worker-src 'self'"]) {
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

describe('cross-site writes', () => {
  const post = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { method: 'POST', headers, body: 'a=1' });

  it.each([
    ['same origin', { Origin: 'SELF' }, 200],
    ['configured public origin', { Origin: 'https://portal.example' }, 200],
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

  it('exempts webhooks (verified by signature instead) and never blocks reads', async () => {
    expect((await post('/webhooks/provider', { Origin: 'https://provider.example' })).status).toBe(200);
    expect((await fetch(`${base}/serviceportal`, { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
  });
});
