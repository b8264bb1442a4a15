/**
 * What the runtime guarantees whatever the request (issue 17): never a 500, problem details in the
 * requested language, no cookie accepted, cache headers, 404/405 for unknown calls, 429 with
 * Retry-After, one file's token never reaching another file, a reference-only token refused where
 * the password is needed, and one sign-in limit across the API and the web form.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '#server/api/registry.ts';
import { pathOf } from '#server/api/define.ts';
import * as t from '#server/db/schema.ts';
import { action as webSignIn } from '~/routes/$portal.signin';
import { context, demoFiles, formRequest, run, solvedCaptcha } from '../helpers/routes.ts';
import { apiCall, apiSignIn, expectProblem, useApiDatabase } from './helpers.ts';

const database = useApiDatabase();
beforeEach(async () => {
  await database.db.delete(t.loginAttempts);
});

const login = '/api/Account/Login';

describe('hostile and broken requests', () => {
  it.each([
    ['no content type', { body: '{"refno":"1"}' }, 415],
    [
      'a form instead of JSON',
      { body: 'refno=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      415,
    ],
    ['broken JSON', { body: '{"refno":', headers: { 'Content-Type': 'application/json' } }, 400],
    ['JSON that is no object', { body: '[1,2,3]', headers: { 'Content-Type': 'application/json' } }, 400],
    ['null', { body: 'null', headers: { 'Content-Type': 'application/json' } }, 400],
    ['an empty body', { body: '', headers: { 'Content-Type': 'application/json' } }, 400],
    ['a deeply nested body', { json: JSON.parse('['.repeat(500) + ']'.repeat(500)) }, 400],
    [
      'a prototype key',
      { body: '{"__proto__":{"pw":"x"},"refno":"1"}', headers: { 'Content-Type': 'application/json' } },
      400,
    ],
    [
      'an oversized body',
      { body: `{"pw":"${'x'.repeat(200_000)}"}`, headers: { 'Content-Type': 'application/json' } },
      413,
    ],
  ] as const)('%s: a problem, never a 500', async (_label, options, status) => {
    const answer = await apiCall('POST', login, options as never);
    expectProblem(answer, status);
  });

  it('a declared length over the limit is refused before reading (413)', async () => {
    const answer = await apiCall('POST', login, {
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '999999999' },
    });
    expectProblem(answer, 413, 'tooLarge');
  });

  it('broken multipart is 400, multipart without boundary too', async () => {
    const token = await apiSignIn('100000001');
    const broken = await apiCall('POST', '/api/Account/UpdateProfile', {
      token,
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
    });
    expectProblem(broken, 400);
    const noBoundary = await apiCall('POST', '/api/Account/UpdateProfile', {
      token,
      body: 'x',
      headers: { 'Content-Type': 'multipart/form-data' },
    });
    expectProblem(noBoundary, 400, 'brokenForm');
  });

  it('every registered POST answers a problem for garbage, never a 500', async () => {
    const token = await apiSignIn('100000001');
    for (const e of endpoints.filter((x) => x.method === 'POST')) {
      const path = pathOf(e).replace(/\{\w+\}/g, 'x');
      for (const options of [
        { token, body: '\u0000\u0001garbage', headers: { 'Content-Type': 'application/json' } },
        { token, json: { a: { b: [1, null, 'x'.repeat(5000)] } } },
      ]) {
        const answer = await apiCall('POST', path, options);
        expect(answer.status, `${e.group}/${e.name}`).toBeLessThan(500);
        expect(JSON.stringify(answer.body)).not.toMatch(/\bat .+\.(ts|js):\d+/);
      }
    }
  });

  it('an unknown path is a 404 problem, a wrong method 405 with Allow', async () => {
    expectProblem(await apiCall('GET', '/api/Nothing/Here'), 404, 'notFound');
    expectProblem(await apiCall('GET', '/api/Account/Login/%E0%A4%A'), 404);
    const wrong = await apiCall('GET', login);
    expectProblem(wrong, 405, 'methodNotAllowed');
    expect(wrong.headers.get('Allow')).toBe('POST');
  });
});

describe('language, caching and cookies', () => {
  it('hl picks the language of the message; an unknown hl is German', async () => {
    const en = await apiCall('GET', '/api/Account/GetSchuldnerName', { hl: 'en' });
    const sv = await apiCall('GET', '/api/Account/GetSchuldnerName', { hl: 'sv' });
    const xx = await apiCall('GET', '/api/Account/GetSchuldnerName', { hl: 'xx' });
    expect(en.body.title).toMatch(/Please sign in/);
    expect(sv.body.title).toMatch(/Logga in/);
    expect(xx.body.title).toMatch(/Bitte melden Sie sich an/);
    expect(xx.headers.get('Content-Language')).toBe('de');
  });

  it('field messages are translated, zod’s own English never reaches a client', async () => {
    const answer = await apiCall('POST', login, { json: { refno: [], pw: 5 }, hl: 'fr' });
    expectProblem(answer, 400, 'invalid');
    for (const issue of answer.body.issues) expect(issue.message).not.toMatch(/Invalid input|expected/);
  });

  it('a session cookie alone gives 401, and answers never set a cookie', async () => {
    const cookie = await demoFiles(database).cookieFor('100000001');
    for (const e of endpoints.filter((x) => x.auth !== 'none' && x.method === 'GET' && !x.params)) {
      const answer = await apiCall('GET', pathOf(e), { headers: { Cookie: cookie } });
      expectProblem(answer, 401, 'signIn');
      expect(answer.headers.get('Set-Cookie')).toBeNull();
    }
  });

  it('answers carry the endpoint’s Cache-Control, errors no-store', async () => {
    const token = await apiSignIn('100000001');
    for (const e of endpoints.filter((x) => x.method === 'GET' && !x.params)) {
      const answer = await apiCall('GET', pathOf(e), { token });
      const expected =
        answer.status !== 200
          ? 'no-store'
          : { private15: 'private, max-age=900', public15: 'public, max-age=900', none: 'no-store' }[e.cache];
      expect(answer.headers.get('Cache-Control'), `${e.group}/${e.name}`).toBe(expected);
    }
  });

  it('the OpenAPI document and the reference page are served', async () => {
    const document = await apiCall('GET', '/api/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    const page = await apiCall('GET', '/api/docs', { hl: 'en' });
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(page.body).toContain('/api/Account/Login');
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[^"]*\.(js|css)/);
    expect((await apiCall('GET', '/api/docs.css')).headers.get('Content-Type')).toMatch(/text\/css/);
  });
});

describe('files and levels', () => {
  it('a token of one file never reaches another file: every GET answers for its own file only', async () => {
    const mine = await apiSignIn('100000001');
    const other = await demoFiles(database).fileOf('100000002');
    const secrets = [other.refno];
    for (const e of endpoints.filter((x) => x.method === 'GET' && !x.params)) {
      const answer = await apiCall(
        'GET',
        `${pathOf(e)}?fileId=${other.id}&refno=${other.refno}&debtorId=${other.debtorId}`,
        {
          token: mine,
        },
      );
      for (const secret of secrets) expect(JSON.stringify(answer.body), `${e.group}/${e.name}`).not.toContain(secret);
    }
  });

  it('a reference-only token is refused (403 stepUp) by every call that needs the password', async () => {
    const limited = await apiSignIn('100000001', { level: 'limited' });
    for (const e of endpoints.filter((x) => x.auth === 'full')) {
      const path = pathOf(e).replace(/\{\w+\}/g, '1');
      const answer = await apiCall(e.method, path, { token: limited, ...(e.method === 'POST' ? { json: {} } : {}) });
      expectProblem(answer, 403, 'stepUp');
    }
  });
});

describe('sign-in limits', () => {
  it('attempts on the API and on the web form count toward one limit, then 429 with Retry-After', async () => {
    const client = '192.0.2.77';
    // Four wrong passwords by API, one by the web form: the reference number's limit (5) is reached.
    for (let i = 0; i < 4; i++) {
      const answer = await apiCall('POST', login, {
        json: { refno: '100000005', pw: 'wrong', token: await solvedCaptcha() },
        client,
      });
      expectProblem(answer, 401, 'wrongCredentials');
    }
    const web = await run(
      webSignIn,
      formRequest('/serviceportal/signin', {
        mode: 'password',
        reference: '100000005',
        password: 'wrong',
        privacy: 'on',
        altcha: await solvedCaptcha(),
      }),
      { portal: 'serviceportal' },
      context(client),
    );
    expect(web.status).toBe(401);
    const locked = await apiCall('POST', login, {
      json: { refno: '100000005', pw: 'Demo-Pass1', token: await solvedCaptcha() },
      client,
      hl: 'en',
    });
    expectProblem(locked, 429, 'locked');
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(locked.body.title).toMatch(/wait \d+ minutes/);
    // And the web form is locked too.
    const webLocked = await run(
      webSignIn,
      formRequest('/serviceportal/signin', {
        mode: 'password',
        reference: '100000005',
        password: 'Demo-Pass1',
        privacy: 'on',
        altcha: await solvedCaptcha(),
      }),
      { portal: 'serviceportal' },
      context(client),
    );
    expect(webLocked.status).toBe(429);
  });
});
