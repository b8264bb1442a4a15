/**
 * Calling the JSON API in tests the way a client does: a real Request through the API's one Remix
 * route (app/routes/api.$.ts), against the test file's seeded database (`useApiDatabase`, PGlite
 * per test file, as tests/routes/*.test.ts do).
 *
 *   const database = useApiDatabase();
 *   const token = await apiSignIn('100000001');                      // full: Login with Demo-Pass1
 *   const limited = await apiSignIn('100000001', { level: 'limited' }); // LoginAzOnly
 *   const answer = await apiCall('GET', '/api/Account/GetSchuldnerName', { token, hl: 'en' });
 *   expect(answer.status).toBe(200);
 *   expectSchema(endpointOf('Account', 'GetSchuldnerName').response, answer.body);
 */
import type { z } from 'zod';
import { expect } from 'vitest';
import { pathOf, type AnyEndpoint, type ApiGroup } from '#server/api/define.ts';
import { endpoints } from '#server/api/registry.ts';
import { action, loader } from '~/routes/api.$';
import { context, origin, solvedCaptcha, useRouteDatabase } from '../helpers/routes.ts';

/** The demo files' password (docs/demo-data.md). */
export const demoPassword = 'Demo-Pass1';

/** A seeded database for this test file, installed as the process database (created in beforeAll). */
export const useApiDatabase = useRouteDatabase;

export interface ApiCallOptions {
  /** A bearer token (from apiSignIn). */
  token?: string;
  /** A JSON body (sent as application/json). */
  json?: unknown;
  /** A multipart body: text fields, and files as Blob/File values. */
  form?: Record<string, string | Blob | Array<string | Blob>>;
  /** A raw body with its own Content-Type header (hostile-input tests). */
  body?: BodyInit;
  /** The language of the messages (`?hl=`). */
  hl?: string;
  headers?: Record<string, string>;
  /** The client address (the sign-in limits are kept per address). */
  client?: string;
}

/** An answer's body as a test reads it: any field, checked by the test's own expectations and schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of a JSON answer
export type AnyBody = any;

export interface ApiAnswer<B = AnyBody> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (a value or a problem), or the text when it is no JSON. */
  body: B;
}

/** The request a client would send; GET and HEAD go to the route's loader, every other method to its action. */
export function apiRequest(method: string, path: string, options: ApiCallOptions = {}): Request {
  const url = new URL(`${origin}${path}`);
  if (options.hl) url.searchParams.set('hl', options.hl);
  const headers = new Headers(options.headers);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  } else if (options.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.form))
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    body = form;
  }
  return new Request(url, { method, headers, body });
}

export async function apiCall<B = AnyBody>(
  method: string,
  path: string,
  options: ApiCallOptions = {},
): Promise<ApiAnswer<B>> {
  const request = apiRequest(method, path, options);
  const args = { request, params: { '*': path.replace(/^\/api\//, '') }, context: context(options.client) };
  const response = (await (method === 'GET' || method === 'HEAD' ? loader(args) : action(args))) as Response;
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text as it came.
  }
  return { status: response.status, headers: response.headers, body: body as B };
}

/**
 * A bearer token for a demo file: `full` signs in with Login and the demo password, `limited` with
 * LoginAzOnly, each with a freshly solved captcha, as a client would.
 */
export async function apiSignIn(
  reference: string,
  options: { level?: 'limited' | 'full'; password?: string; client?: string } = {},
): Promise<string> {
  const [refno, subcase] = reference.split('-');
  const captcha = await solvedCaptcha();
  const level = options.level ?? 'full';
  const answer =
    level === 'full'
      ? await apiCall('POST', '/api/Account/Login', {
          json: { refno, subcase: subcase ?? null, pw: options.password ?? demoPassword, token: captcha },
          client: options.client,
        })
      : await apiCall('POST', '/api/Account/LoginAzOnly', {
          json: { refno, subcase: subcase ?? null, token: captcha },
          client: options.client,
        });
  if (answer.status !== 200)
    throw new Error(`sign-in of ${reference} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { token: string }).token;
}

/** The registered endpoint of a spec call (throws when it is not registered). */
export function endpointOf(group: ApiGroup, name: string): AnyEndpoint {
  const found = endpoints.find((e) => e.group === group && e.name === name);
  if (!found) throw new Error(`no endpoint ${group}/${name}`);
  return found;
}

/** The path of a registered call, with its `{param}` segments filled in. */
export function pathFor(group: ApiGroup, name: string, params: Record<string, string> = {}): string {
  return pathOf(endpointOf(group, name)).replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeURIComponent(params[key] ?? ''),
  );
}

/** Asserts that a body matches a schema (the published response shape), with zod's issues as the message. */
export function expectSchema(schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
}

/** Asserts an answer is a problem (RFC 9457) with this status and code, never cacheable. */
export function expectProblem(answer: ApiAnswer, status: number, code?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
  expect(answer.headers.get('Cache-Control')).toBe('no-store');
  if (code) expect(answer.body.code).toBe(code);
  expect(typeof answer.body.title).toBe('string');
  expect(JSON.stringify(answer.body)).not.toMatch(/\bat .+\.(ts|js):\d+/);
}
