/**
 * What the runtime guarantees whatever the request (issue 17): never a 500, problem details in the
 * requested language, no cookie accepted, cache headers, 404/405 for unknown calls, 429 with
 * Retry-After, one file's token never reaching another file, a reference-only token refused where
 * the password is needed, and one sign-in limit across the API and the web form.
 */
import { randomUUID } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
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
  it('a token of one file never reaches another file: a GET without parameters ignores the other file’s ids in its query', async () => {
    const mine = await apiSignIn('100000001');
    const other = await demoFiles(database).fileOf('100000002');
    for (const e of endpoints.filter((x) => x.method === 'GET' && !x.params)) {
      const own = await apiCall('GET', pathOf(e), { token: mine });
      const asked = await apiCall(
        'GET',
        `${pathOf(e)}?fileId=${other.id}&refno=${other.refno}&debtorId=${other.debtorId}`,
        { token: mine },
      );
      // The answer the call gives without them (the query may be refused as invalid, never obeyed).
      const label = `${e.group}/${e.name}`;
      if (asked.status === 400) expect(asked.body.code, label).toBe('invalid');
      else expect(asked.status, label).toBe(own.status);
      expect(JSON.stringify(asked.body), label).not.toContain(other.refno);
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

/**
 * Every call that names a file's own thing (an invoice, a payment, a requested document, a
 * feedback visit, the file itself) by its id, in the path or the body: with another file's id it
 * is refused with the status named here, and nothing of that thing comes back. A new endpoint
 * with such an id and no row here fails the last test.
 */
describe('another file’s ids', () => {
  interface Foreign {
    invoiceId: string;
    paymentId: string;
    fieldId: string;
    refno: string;
  }
  const calls: Array<{
    endpoint: string;
    call: (ids: Foreign) => { path: string; json?: Record<string, unknown>; form?: Record<string, string> };
    status: number;
    /** What must hold afterwards when the call succeeds (the id ignored, nothing of its thing taken). */
    after?: () => Promise<void>;
  }> = [
    {
      endpoint: 'GET /api/Forderung/GetRechnungen/{invoiceId}',
      call: (ids) => ({ path: `/api/Forderung/GetRechnungen/${ids.invoiceId}` }),
      status: 404,
    },
    {
      endpoint: 'GET /api/Finshark/ValidatePayment/{id}',
      call: (ids) => ({ path: `/api/Finshark/ValidatePayment/${ids.paymentId}` }),
      status: 404,
    },
    {
      endpoint: 'GET /api/Swish/GetPaymentRequest/{id}',
      call: (ids) => ({ path: `/api/Swish/GetPaymentRequest/${ids.paymentId}` }),
      status: 404,
    },
    {
      endpoint: 'GET /api/Zahlung/GetTwintStatus',
      call: (ids) => ({ path: `/api/Zahlung/GetTwintStatus?TransactionId=${ids.paymentId}` }),
      status: 404,
    },
    {
      endpoint: 'GET /api/Portal/CheckPaymentFeedback/{visitId}/{source}',
      call: (ids) => ({ path: `/api/Portal/CheckPaymentFeedback/${ids.paymentId}/payment` }),
      status: 404,
    },
    {
      endpoint: 'POST /api/Portal/createPaymentFeedback',
      call: (ids) => ({ path: '/api/Portal/createPaymentFeedback', json: { visitId: ids.paymentId, rating: 5 } }),
      status: 404,
    },
    {
      endpoint: 'POST /api/Portal/LeftWithoutPaymentFeedback',
      call: (ids) => ({
        path: '/api/Portal/LeftWithoutPaymentFeedback',
        json: {
          visitId: ids.paymentId,
          rating: 2,
          comment: 'Keine Karte.',
          paymentMethod: 'openAmount',
          source: 'checkout',
        },
      }),
      // The visit is optional here: another file's is not looked up, the feedback is the own file's
      // alone, without that payment's provider.
      status: 201,
      after: async () => {
        const rows = await database.db.select().from(t.feedback).where(eq(t.feedback.source, 'leftWithoutPayment'));
        expect(rows.at(-1)).toMatchObject({ fileId: (await demoFiles(database).fileOf(me)).id, paymentProvider: null });
      },
    },
    {
      endpoint: 'POST /api/Document/UploadDocuments',
      call: (ids) => ({ path: '/api/Document/UploadDocuments', form: { fieldId: ids.fieldId } }),
      status: 404,
    },
    {
      endpoint: 'POST /api/Document/UploadDocumentLater',
      call: (ids) => ({ path: '/api/Document/UploadDocumentLater', json: { fieldId: ids.fieldId } }),
      status: 404,
    },
    {
      endpoint: 'POST /api/Portal/SendNachricht',
      call: (ids) => ({
        path: '/api/Portal/SendNachricht',
        form: {
          SubjectId: '2',
          Subject: 'Inkassokosten',
          Message: 'Ich habe eine Frage zu den Inkassokosten meiner Akte.',
          Mail: 'debtor@example.org',
          Refno: ids.refno,
        },
      }),
      status: 404,
    },
  ];

  /** The signed-in file is 100000004; the things named belong to other files (100000001's, mostly). */
  const me = '100000004';
  async function foreignIds(): Promise<Foreign> {
    const files = demoFiles(database);
    const mine = await files.fileOf(me);
    const victim = await files.fileOf('100000001');
    const [invoice] = await database.db.select().from(t.invoices).where(ne(t.invoices.fileId, mine.id));
    const [field] = await database.db.select().from(t.documentRequests).where(ne(t.documentRequests.fileId, mine.id));
    const paymentId = randomUUID();
    await database.db.insert(t.payments).values({
      id: paymentId,
      fileId: victim.id,
      debtorId: victim.debtorId,
      variant: victim.variant,
      idempotencyKey: paymentId,
      providerId: '1',
      purpose: 'openAmount',
      amountMinor: 1000,
      currency: 'EUR',
      status: 'paid',
      expiresAt: new Date(Date.now() + 3_600_000),
      paidAt: new Date(),
    });
    return { invoiceId: String(invoice!.id), paymentId, fieldId: String(field!.id), refno: victim.refno };
  }

  it.each(calls.map((c) => [c.endpoint, c.status, c] as const))('%s answers %i', async (_label, status, c) => {
    const ids = await foreignIds();
    const token = await apiSignIn(me);
    const { path, json, form } = c.call(ids);
    const method = c.endpoint.split(' ')[0]!;
    const answer = await apiCall(method, path, { token, ...(json ? { json } : {}), ...(form ? { form } : {}) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (status >= 400) expect(answer.headers.get('Content-Type')).toMatch(/problem\+json/);
    expect(JSON.stringify(answer.body)).not.toContain(ids.refno);
    await c.after?.();
  });

  it('covers every endpoint that takes an id of a file’s thing', () => {
    const idName = /^(invoiceId|id|visitId|fieldId|TransactionId|Refno|refno|fileId|paymentId)$/;
    const global = new Set([
      // The sign-in calls take the reference number to sign in with, not a file of the session's.
      'POST /api/Account/Login',
      'POST /api/Account/LoginAzOnly',
      'POST /api/Account/ResetPassword',
      // Ids of the agency's own lists, the same for every file.
      'GET /api/Zahlung/GetAllowedPaymentMethodsForInstallments/{id}',
      'GET /api/Zahlung/GetAllowedPaymentMethodsForSpecialDeal/{id}',
      'GET /api/Portal/GetVideoUrl/{id}',
    ]);
    const fieldsOf = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
    const taking = endpoints
      .filter((e) =>
        [
          ...fieldsOf(e.params),
          ...fieldsOf((e as { query?: unknown }).query),
          ...fieldsOf((e as { body?: unknown }).body),
        ].some((name) => idName.test(name)),
      )
      .map((e) => `${e.method} ${pathOf(e)}`)
      .filter((label) => !global.has(label));
    expect(taking.sort()).toEqual(calls.map((c) => c.endpoint).sort());
  });
});
