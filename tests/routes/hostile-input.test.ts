/**
 * Hostile input against every route action (findings 9 to 11 of issue 10): the seven causes of
 * the 1,397 answers of 500, and bodies over their limit, posted to each action of app/routes.
 * The actions are found from the route files, so a new action is covered without touching this
 * test. Each request goes through the portal's own edge in-process: the Express request guards
 * of server/http/main.ts (`requestGuards`), the Express adapter's conversion into a Request,
 * Remix's own check of Origin against the host for page actions, then the route's action (or,
 * for a refused request, the refusal page's loader) against a seeded database.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
// The adapter's own conversion (not re-exported by the package's index) and Remix's check that
// aborts a page action whose Origin is not the host: both decided 500s in the attack.
import { createRemixRequest } from '@remix-run/express/dist/server.js';
import { throwIfPotentialCSRFAttack } from '@remix-run/server-runtime/dist/actions.js';
import { eq } from 'drizzle-orm';
import express from 'express';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { asyncHandler } from '#server/http/async-handler.ts';
import { requestGuards, type EdgeRefusal } from '#server/http/security.ts';
import { context, demoFiles, run, useRouteDatabase } from '../helpers/routes.ts';
import { routeTargets, type RouteTarget } from '../security/targets.ts';
import { useUploadFolder } from '../helpers/uploads.ts';

const appFolder = fileURLToPath(new URL('../../app', import.meta.url));

/**
 * The JSON API's splat: a call that takes a multipart body. Every other parameter, and the routes
 * that need another variant or a query, come from the route table's enumeration of the security
 * tests (tests/security/targets.ts), which fails on a parameter it has no value for.
 */
const values = { '*': 'Account/UpdateProfile' };
/**
 * Resource routes that take a small JSON body (the chat pane's messages): any other body is a 400
 * from the route itself before it is read, a JSON body that is no message too (its own 413 for
 * an oversized JSON body is in tests/routes/assistant-chat.test.ts).
 */
const readsJson = new Set(['$portal.assistant.chat']);
/**
 * Actions that answer before they read a form, for the signed-in debtor of 100000001 and the
 * test's parameters. Every other action must refuse a bad body with its reason; an entry here
 * that starts refusing fails the test too, so the list stays true.
 */
const answersBeforeReading: Record<string, string> = {
  '$portal.session': 'extends the session; reads no form at all',
  '$portal.checkout.pay-direct_.confirmation.$paymentId': 'payment 1 is not the file’s: 404 first',
  '$portal.checkout.pay-direct_.payment.$paymentId': 'payment 1 is not the file’s: 404 first',
  '$portal.installment-plan': 'the file has no plan: sent to choose one first',
  '$portal.skip-installment': 'the file has no plan: nothing to skip',
  'sandbox.pay.$sessionId': 'no such sandbox session: 404 first',
  '$portal.signin_.set-password':
    'the session has no forced password change: sent to the dashboard first (decision 018)',
  // The review desk's own session (decision 041); the debtor's cookie is none: sent to the staff
  // sign-in before anything is read. tests/routes/staff.test.ts posts bad bodies with a staff session.
  'staff.accounts': 'no staff session: sent to the staff sign-in first',
  'staff.entries.$id': 'no staff session: sent to the staff sign-in first',
  'staff._index': 'no staff session: sent to the staff sign-in first (deleting flagged entries)',
  'staff.code': 'no password step waiting for its code: sent to the staff sign-in first',
  'staff.signout': 'signs out whatever the body; reads no form at all',
  '$portal.assistant.closed': 'a beacon: records the open conversation as closed whatever the body; reads none',
  // The JSON API reads no cookie: without a bearer token it answers 401 before any body.
  // tests/api/runtime.test.ts posts broken, oversized and wrongly typed bodies with a token.
  'api.$': 'no bearer token: 401 problem before the body is read',
  // The agency API likewise (decision 086): no operation at the splat's path, or no bearer token,
  // answers a problem before the body is read. tests/db/agency-api.test.ts sends it bodies with a token.
  'agency.v1.$': 'no such operation or no bearer token: a problem before the body is read',
};

let routes: RouteTarget[] = [];
let refusedRoute: RouteTarget;
let base = '';
let close = () => {};

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);
useUploadFolder();

/** Finds the route of a path the way the tests built it (refusal page included). */
function routeFor(pathname: string): RouteTarget | undefined {
  if (/^\/[^/]+\/refused$/.test(pathname)) return { ...refusedRoute, params: { portal: pathname.split('/')[1]! } };
  return routes.find((r) => r.path.split('?')[0] === pathname);
}

beforeAll(async () => {
  const all = await routeTargets(values);
  routes = all.filter((route) => typeof route.module.action === 'function');
  const refused = all.find((route) => route.name === '$portal.refused');
  if (!refused) throw new Error('the refusal page is missing');
  refusedRoute = refused;

  const app = express();
  app.use(...requestGuards({ allowedOrigins: () => [] }));
  app.all(
    '*',
    asyncHandler(async (req, res) => {
      const request = createRemixRequest(req, res);
      const refusal = res.locals.refusal as EdgeRefusal | undefined;
      const route = routeFor(new URL(request.url).pathname);
      if (!route) return void res.status(404).json({ error: 'no route' });
      try {
        // Remix checks Origin against the host before a page's action (not a resource route's).
        if (request.method !== 'GET' && route.isPage) throwIfPotentialCSRFAttack(request.headers);
        const fn = request.method === 'GET' ? route.module.loader : route.module.action;
        const result = await run(fn as (args: ActionFunctionArgs) => unknown, request, route.params, {
          ...context(),
          refusal,
        });
        const body = result.response ? await result.response.text() : JSON.stringify(result.data ?? null);
        res.status(result.status);
        res.set('X-Body-Read', request.bodyUsed ? 'yes' : 'no');
        const location = result.headers.get('Location');
        if (location) res.set('X-Location', encodeURIComponent(location));
        res.type('application/json').send(body);
      } catch (error) {
        // What Remix does with anything else thrown: a 500.
        res.status(500).json({ error: String(error) });
      }
    }),
  );
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

interface Answer {
  status: number;
  body: string;
  bodyRead: boolean;
  location: string | null;
}

/** One POST exactly as written: raw path, chosen headers, body as given (no added content type). */
async function post(
  path: string,
  headers: Record<string, string>,
  body: Buffer | string,
  options: { chunked?: boolean; declaredLength?: number } = {},
): Promise<Answer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  // A fresh session for every post: the sign-out and password actions end the one they get.
  const cookie = await cookieFor('100000001');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/`,
      {
        method: 'POST',
        path,
        headers: {
          Cookie: cookie,
          ...headers,
          ...(options.chunked
            ? { 'Transfer-Encoding': 'chunked' }
            : { 'Content-Length': String(options.declaredLength ?? bytes.length) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const location = res.headers['x-location'];
          // A declared length that is never sent: the answer came without waiting for it.
          if (options.declaredLength) req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            bodyRead: res.headers['x-body-read'] === 'yes',
            location: typeof location === 'string' ? decodeURIComponent(location) : null,
          });
        });
      },
    );
    req.on('error', reject);
    if (options.declaredLength) req.write(bytes);
    else req.end(bytes);
  });
}

const boundary = '----hostile-boundary';
const multipartType = `multipart/form-data; boundary=${boundary}`;
const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const textPart = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const closing = `--${boundary}--\r\n`;

const refusedAs = (answer: Answer) => {
  try {
    const parsed = JSON.parse(answer.body) as { refused?: unknown; code?: unknown; type?: unknown };
    // The JSON API and the agency API name a refused request as a problem's code (application/problem+json).
    const edgeCodes = ['tooLarge', 'brokenForm', 'fieldTooLarge', 'tooManyFields', 'crossSite'];
    const isApi = typeof parsed.type === 'string' && /^\/(api|agency)\//.test(parsed.type);
    const refused = isApi ? (edgeCodes.includes(String(parsed.code)) ? parsed.code : null) : parsed.refused;
    // Upload routes answer a list of refused files under the same name: not a refused request.
    return typeof refused === 'string' ? refused : null;
  } catch {
    return null;
  }
};

/** The body causes: what is posted and the refusal it must get once the action reads it. */
const bodyCauses: Array<{
  name: string;
  headers: Record<string, string>;
  body: Buffer | string;
  chunked?: boolean;
  status: number;
  refused: string;
}> = [
  {
    name: 'JSON',
    headers: { 'Content-Type': 'application/json' },
    body: '{"intent":"pay","amount":1}',
    status: 400,
    refused: 'notAForm',
  },
  {
    name: 'text/plain',
    headers: { 'Content-Type': 'text/plain' },
    body: 'intent=pay',
    status: 400,
    refused: 'notAForm',
  },
  { name: 'no content type', headers: {}, body: 'intent=pay', status: 400, refused: 'notAForm' },
  {
    name: 'multipart without a boundary',
    headers: { 'Content-Type': 'multipart/form-data' },
    body: `${textPart('intent', 'pay')}${closing}`,
    status: 400,
    refused: 'brokenForm',
  },
  {
    name: 'truncated multipart',
    headers: { 'Content-Type': multipartType },
    body: `${textPart('intent', 'pay')}--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc`,
    status: 400,
    refused: 'brokenForm',
  },
  {
    name: 'a multipart text field over 64 KiB',
    headers: { 'Content-Type': multipartType },
    body: `${textPart('message', 'x'.repeat(70 * 1024))}${closing}`,
    status: 400,
    refused: 'fieldTooLarge',
  },
  {
    // Issue 31, finding 1: repeats of one name cost conform the square of their number (30,000
    // held the event loop for 9 s); they are counted and refused before anything parses them.
    name: '5,000 repeats of one url-encoded name',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: Array.from({ length: 5_000 }, () => 'intent=pay').join('&'),
    status: 413,
    refused: 'tooManyFields',
  },
  {
    name: '300 distinct url-encoded names',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: Array.from({ length: 300 }, (_, i) => `f${i}=1`).join('&'),
    status: 413,
    refused: 'tooManyFields',
  },
  {
    name: 'one multipart name 21 times',
    headers: { 'Content-Type': multipartType },
    body: `${textPart('uploadId', '1').repeat(21)}${closing}`,
    status: 413,
    refused: 'tooManyFields',
  },
  {
    // Issue 31, finding 3: a part without a name met `withoutNul(undefined)` in readForm (500).
    name: 'a multipart part without a name',
    headers: { 'Content-Type': multipartType },
    body: `${textPart('intent', 'pay')}--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n${closing}`,
    status: 400,
    refused: 'brokenForm',
  },
  {
    name: 'a url-encoded body over 128 KiB sent without a length',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `message=${'x'.repeat(200 * 1024)}`,
    chunked: true,
    status: 413,
    refused: 'tooLarge',
  },
];

describe('every route action', () => {
  it('is found in app/routes', () => {
    // A floor, not the list: new actions join by themselves.
    expect(routes.length).toBeGreaterThanOrEqual(37);
    expect(routes.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        '$portal.signin',
        '$portal.upload-center',
        '$portal.modals',
        'payments.webhook.$provider',
      ]),
    );
  });

  it.each(bodyCauses.map((c) => [c.name, c] as const))(
    'refuses %s with its status and reason, never 500',
    async (_name, cause) => {
      for (const route of routes) {
        const answer = await post(route.path, { Origin: base, ...cause.headers }, cause.body, {
          chunked: cause.chunked,
        });
        expect(answer.status, `${route.name}: ${answer.body.slice(0, 300)}`).not.toBe(500);
        // A webhook's body is its own business (JSON, checked by its signature).
        if (route.reads === 'signed') continue;
        if (readsJson.has(route.name)) {
          // Not JSON (whatever its size, it is not read), or JSON that is no message: 400.
          expect({ route: route.name, status: answer.status }).toEqual({ route: route.name, status: 400 });
          continue;
        }
        const expected = answersBeforeReading[route.name]
          ? { status: answer.status, refused: null }
          : { status: cause.status, refused: cause.refused };
        expect({ route: route.name, status: answer.status, refused: refusedAs(answer) }).toEqual({
          route: route.name,
          ...expected,
        });
      }
    },
  );

  it('takes an upload named with ";" and "=" like any other, never 500', async () => {
    for (const route of routes) {
      const body = Buffer.concat([
        Buffer.from(textPart('intent', 'send')),
        filePart('files', 'Rechnung; Mai=1.png', pngHead),
        Buffer.from(closing),
      ]);
      const answer = await post(route.path, { Origin: base, 'Content-Type': multipartType }, body);
      expect(answer.status, `${route.name}: ${answer.body.slice(0, 300)}`).not.toBe(500);
      expect(refusedAs(answer), route.name).toBeNull();
    }
  });

  it('never puts a returnTo with CR or LF into a header, never 500', async () => {
    for (const route of routes) {
      const body = new URLSearchParams({
        returnTo: '/dashboard\r\nSet-Cookie: x=y',
        intent: 'acknowledge',
        choice: 'all',
        lng: 'en',
      }).toString();
      const answer = await post(
        route.path,
        { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      );
      expect(answer.status, `${route.name}: ${answer.body.slice(0, 300)}`).not.toBe(500);
      expect(answer.location ?? '', route.name).not.toMatch(/[\r\n]/);
    }
  });

  it('refuses X-Forwarded-Host differing from Origin with 403 (signed webhooks aside)', async () => {
    for (const route of routes) {
      const answer = await post(
        route.path,
        { Origin: base, 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        'intent=pay',
      );
      expect(answer.status, `${route.name}: ${answer.body.slice(0, 300)}`).not.toBe(500);
      if (route.reads === 'signed' || route.bearerOnly) continue;
      expect({ route: route.name, status: answer.status, refused: refusedAs(answer) }).toEqual({
        route: route.name,
        status: 403,
        refused: 'crossSite',
      });
    }
  });

  it('refuses a cross-origin post through an exempt path with dot segments with 403', async () => {
    for (const route of routes) {
      const answer = await post(
        `/payments/webhook/../..${route.path}`,
        { Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        'intent=pay',
      );
      expect(answer.status, `${route.name}: ${answer.body.slice(0, 300)}`).not.toBe(500);
      if (route.reads === 'signed' || route.bearerOnly) continue;
      expect({ route: route.name, status: answer.status, refused: refusedAs(answer) }).toEqual({
        route: route.name,
        status: 403,
        refused: 'crossSite',
      });
    }
  });

  it('refuses a body declared over its limit with 413 before reading it', async () => {
    for (const route of routes) {
      const answer = await post(
        route.path,
        { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
        'intent=pay',
        { declaredLength: 30 * 1024 * 1024 },
      );
      expect({ route: route.name, status: answer.status, refused: refusedAs(answer) }).toEqual({
        route: route.name,
        status: 413,
        refused: 'tooLarge',
      });
    }
  });
});

describe('reading bodies', () => {
  it('goes through the bounded readers everywhere in app/', () => {
    // request.formData(), .text(), .json(), .arrayBuffer() and .blob() read a body whole, without
    // a limit, and throw on bad input: actions use readForm (app/lib/form.server.ts) instead.
    const offenders = readdirSync(appFolder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .filter((file) =>
        /\brequest\.(formData|text|json|arrayBuffer|blob)\(/.test(readFileSync(path.join(appFolder, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});

describe('uploads named with ";" and "="', () => {
  it('are stored under the name the debtor chose', async () => {
    const body = Buffer.concat([
      filePart('files', 'Rechnung; Mai=1.png', Buffer.concat([pngHead, Buffer.alloc(200)])),
      Buffer.from(closing),
    ]);
    const answer = await post(
      '/serviceportal/uploads?context=message',
      { Origin: base, 'Content-Type': multipartType },
      body,
    );
    expect(answer.status).toBe(200);
    const { accepted } = JSON.parse(answer.body) as { accepted: Array<{ id: number; name: string }> };
    expect(accepted.map((a) => a.name)).toEqual(['Rechnung; Mai=1.png']);
    const [row] = await database.db.select().from(t.uploads).where(eq(t.uploads.id, accepted[0]!.id));
    expect(row?.originalName).toBe('Rechnung; Mai=1.png');
  });
});

describe('the refusal page', () => {
  it('is not found without a refusal from the edge', async () => {
    const { loader } = refusedRoute.module;
    const result = await run(
      loader as (args: LoaderFunctionArgs) => unknown,
      new Request('http://portal.test/serviceportal/refused'),
      { portal: 'serviceportal' },
    );
    expect(result.status).toBe(404);
  });
});
