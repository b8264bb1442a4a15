/**
 * Calling route loaders and actions the way Remix does: a real Request, params and load context,
 * against the test database installed as the process database.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import { solveChallenge } from 'altcha-lib';
import { newCaptchaChallenge } from '#server/auth/captcha.ts';
import { and, eq } from 'drizzle-orm';
import { createSession } from '#server/auth/sessions.ts';
import { setDatabase } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';

export const origin = 'http://portal.test';

export function useTestDatabase(database: TestDatabase): void {
  setDatabase(Promise.resolve(database));
}

export function context(clientAddress = '203.0.113.7'): AppLoadContext {
  return { cspNonce: 'test-nonce', clientAddress, requestId: 'test' };
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${origin}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, ...headers },
  });
}

export function getRequest(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${origin}${path}`, { headers });
}

/** A real solution of a real challenge (for an attempt after `failures` failed sign-ins), as the browser widget would send it. */
export async function solvedCaptcha(failures = 0): Promise<string> {
  const challenge = await newCaptchaChallenge(failures);
  const { promise } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  const solution = await promise;
  if (!solution) throw new Error('captcha not solvable');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

/** Runs a loader or action and returns what Remix would send: a Response, or data with status. */
export async function run<T>(
  fn: (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<T> | T,
  request: Request,
  params: Record<string, string>,
  ctx = context(),
) {
  try {
    const result = await fn({ request, params, context: ctx });
    return unwrap(result);
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, headers: thrown.headers, data: null as unknown, response: thrown };
    throw thrown;
  }
}

function unwrap(result: unknown) {
  if (result instanceof Response)
    return { status: result.status, headers: result.headers, data: null as unknown, response: result };
  // Remix's data() helper: { type: 'DataWithResponseInit', data, init }
  if (
    result &&
    typeof result === 'object' &&
    'type' in result &&
    (result as { type: string }).type === 'DataWithResponseInit'
  ) {
    const r = result as unknown as { data: unknown; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, headers: new Headers(r.init?.headers), data: r.data, response: null };
  }
  return { status: 200, headers: new Headers(), data: result, response: null };
}

export function sessionCookieFrom(headers: Headers): string {
  const setCookie = headers.get('Set-Cookie') ?? '';
  const match = /^([^=]+)=([^;]*)/.exec(setCookie);
  if (!match) throw new Error(`no cookie in ${setCookie}`);
  return `${match[1]}=${match[2]}`;
}

/**
 * A seeded database for this test file, installed as the process database for the routes:
 * created before the file's tests, disposed after them.
 */
export function useRouteDatabase(): { readonly db: TestDatabase['db'] } {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
    useTestDatabase(current);
  });
  afterAll(async () => current?.dispose());
  return {
    get db() {
      if (!current) throw new Error('the test database is created in beforeAll');
      return current.db;
    },
  };
}

/**
 * The route database's demo files by reference number, and a session cookie for one of them
 * (password login, full unless asked otherwise), as the browser would send it.
 */
export function demoFiles(database: { readonly db: TestDatabase['db'] }) {
  const fileOf = async (refno: string, subcase = 1) => {
    const [row] = await database.db
      .select()
      .from(schema.files)
      .where(and(eq(schema.files.refno, refno), eq(schema.files.subcase, subcase)));
    if (!row) throw new Error(`no demo file ${refno}-${subcase}`);
    return row;
  };
  const cookieFor = async (refno: string, level: 'limited' | 'full' = 'full', subcase = 1) => {
    const file = await fileOf(refno, subcase);
    const { cookie } = await createSession(database.db, {
      debtorId: file.debtorId,
      fileId: file.id,
      loginType: 'password',
      level,
    });
    return cookie.split(';')[0]!;
  };
  return { fileOf, cookieFor };
}
