import { beforeEach, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { demoFiles, solvedCaptcha } from '../helpers/routes.ts';
import { apiCall, apiSignIn, endpointOf, expectProblem, expectSchema, useApiDatabase } from './helpers.ts';

const database = useApiDatabase();
beforeEach(async () => {
  await database.db.delete(t.loginAttempts);
});

describe('Account/Login and LoginAzOnly', () => {
  it('answers a full bearer token for the right password, kept on the server as an API session', async () => {
    const answer = await apiCall('POST', '/api/Account/Login', {
      json: { refno: '100000001', subcase: null, pw: 'Demo-Pass1', usedAutoLogin: false, token: await solvedCaptcha() },
    });
    expect(answer.status).toBe(200);
    expectSchema(endpointOf('Account', 'Login').response, answer.body);
    expect(answer.body.level).toBe('full');
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('Set-Cookie')).toBeNull();
    const sessions = await database.db.select().from(t.sessions);
    expect(sessions.some((s) => s.channel === 'api' && s.level === 'full')).toBe(true);
  });

  it('answers a limited token for the reference number only', async () => {
    const answer = await apiCall('POST', '/api/Account/LoginAzOnly', {
      json: { refno: 100000001, token: await solvedCaptcha() },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.level).toBe('limited');
  });

  it('refuses without a valid captcha proof, and a proof is good once', async () => {
    expectProblem(
      await apiCall('POST', '/api/Account/Login', { json: { refno: '100000001', pw: 'Demo-Pass1', token: 'x' } }),
      400,
      'captcha',
    );
    const proof = await solvedCaptcha();
    const first = await apiCall('POST', '/api/Account/LoginAzOnly', { json: { refno: '100000001', token: proof } });
    expect(first.status).toBe(200);
    const again = await apiCall('POST', '/api/Account/LoginAzOnly', { json: { refno: '100000001', token: proof } });
    expectProblem(again, 400, 'captcha');
  });

  it('says wrong credentials with 401 in the requested language', async () => {
    const answer = await apiCall('POST', '/api/Account/Login', {
      json: { refno: '100000001', pw: 'wrong', token: await solvedCaptcha() },
      hl: 'en',
    });
    expectProblem(answer, 401, 'wrongCredentials');
    expect(answer.body.title).toMatch(/not correct/);
    expect(answer.headers.get('Content-Language')).toBe('en');
  });

  it('names the invalid fields', async () => {
    const answer = await apiCall('POST', '/api/Account/Login', { json: { refno: '100000001' }, hl: 'en' });
    expectProblem(answer, 400, 'invalid');
    const paths = (answer.body.issues as Array<{ path: string; message: string }>).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['pw', 'token']));
    expect(JSON.stringify(answer.body.issues)).not.toMatch(/expected string/);
  });
});

describe('Account/GetSchuldnerName', () => {
  it("answers the debtor's name for a limited token, private for 15 minutes", async () => {
    const token = await apiSignIn('100000001', { level: 'limited' });
    const answer = await apiCall('GET', '/api/Account/GetSchuldnerName', { token });
    expect(answer.status).toBe(200);
    expectSchema(endpointOf('Account', 'GetSchuldnerName').response, answer.body);
    expect(answer.headers.get('Cache-Control')).toBe('private, max-age=900');
  });

  it('answers 401 without a token and with a session cookie only', async () => {
    expectProblem(await apiCall('GET', '/api/Account/GetSchuldnerName'), 401, 'signIn');
    const cookie = await demoFiles(database).cookieFor('100000001');
    expectProblem(
      await apiCall('GET', '/api/Account/GetSchuldnerName', { headers: { Cookie: cookie } }),
      401,
      'signIn',
    );
    // The web session's token as a bearer token opens nothing either: the API keeps its own sessions.
    const webToken = cookie.split('=')[1]!;
    expectProblem(await apiCall('GET', '/api/Account/GetSchuldnerName', { token: webToken }), 401, 'tokenInvalid');
  });
});
