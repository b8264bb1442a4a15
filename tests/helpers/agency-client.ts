/**
 * An agency API client for the db tests (tests/db/agency-*.test.ts): calls handled in process
 * by `handleAgencyRequest` against the test's database, each from an address of its own (the
 * per-address limits stay out of the way), JSON PUTs as a client sends them, and bearer tokens
 * for new clients with the scopes asked for; the line of a German file of its own, and a problem
 * answer checked by its status and code.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createClient } from '#server/agency/auth.ts';
import type { ImportLineInput } from '#server/agency/import/line.ts';
import { settled } from '#server/agency/feed.ts';
import { handleAgencyRequest } from '#server/agency/http.ts';
import type { Database } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { useTestDatabase } from './routes.ts';

const origin = 'http://portal.test';
const base = `${origin}/agency/v1`;

export type AgencyCall = (path: string, init?: RequestInit & { token?: string; now?: Date }) => Promise<Response>;

export function agencyClient(db: () => Database, name: string) {
  let calls = 0;
  /** A call to a path under /agency/v1 (or a whole /agency/… path), with a bearer token when given. */
  const call: AgencyCall = (path, init = {}) => {
    calls += 1;
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    const url = path.startsWith('/agency/') ? `${origin}${path}` : `${base}${path}`;
    const now = init.now;
    return handleAgencyRequest(new Request(url, { ...init, headers }), {
      clientAddress: `203.0.113.${calls % 250}`,
      db: db(),
      ...(now ? { now: () => now } : {}),
    });
  };
  /** A PUT with a JSON body (or the text given as it is), as an agency client sends one. */
  const put = (path: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'PUT',
      token,
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** The access token of a new client with these scopes (client credentials, HTTP Basic). */
  const tokenFor = async (scopes: Parameters<typeof createClient>[1]['scopes']) => {
    const client = await createClient(db(), { name, scopes, requestsPerMinute: 10_000 });
    const response = await call('/oauth/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  return { call, put, tokenFor };
}

/** A whole German file of its own with a debtor of its own (`key`): 306.92 EUR open, full login by letter link. */
export function germanFileLine(reference: string, key: string): ImportLineInput {
  return {
    reference,
    variant: 'de',
    currency: 'EUR',
    debtor: {
      key,
      salutation: 2,
      firstName: 'Erika',
      lastName: 'Mustermann',
      streetName: 'Hauptstraße',
      houseNumber: '5',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
      email: `erika.${reference}@example.org`,
      preferredLanguage: 'de',
    },
    creditor: { name: 'Telvia', street: 'Funkturmstraße 3', postalCode: '80331', city: 'München', country: 'DE' },
    statusCode: '1',
    statusDate: '2026-11-20',
    claimSubject: 'Mobilfunkvertrag Nr. 4471229',
    mainClaimMinor: 24_900,
    interestMinor: 312,
    costsMinor: 5_480,
    letterLinkIsFullLogin: true,
  };
}

/**
 * PUTs each hostile body (`[what, text]`) to `path` and expects a problem (400 or 413), never a
 * 500; then the good body as `text/plain`, a 415. What was stored before is the caller's to check.
 */
export async function expectBodiesRefused(
  put: (path: string, token: string, body: unknown, headers?: Record<string, string>) => Promise<Response>,
  path: string,
  token: string,
  hostile: ReadonlyArray<readonly [string, string]>,
  good: unknown,
): Promise<void> {
  for (const [what, body] of hostile) {
    const response = await put(path, token, body);
    expect([400, 413], `${path}: ${what}`).toContain(response.status);
    expect(response.headers.get('content-type'), `${path}: ${what}`).toBe('application/problem+json');
  }
  await problemOf(
    await put(path, token, JSON.stringify(good), { 'content-type': 'text/plain' }),
    415,
    'unsupportedMediaType',
  );
}

/** A problem answer (RFC 9457) with this status and code; its body. */
export async function problemOf(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as { code: string; issues?: Array<{ path: string }>; currentVersion?: number };
  expect(body.code).toBe(code);
  return body;
}

/**
 * The setup the agency db tests share: a seeded test database that the pages' loaders and actions
 * read too (they read the process database), disposed after the file, the agency client over it,
 * and a token each for reading and writing, reading only and writing only. The database and the
 * tokens exist from the file's first test on (read them there, not when the file is loaded).
 */
export function useAgencyTestDatabase(name: string) {
  let database: TestDatabase | undefined;
  const tokens = { writer: '', reader: '', writeOnly: '' };
  beforeAll(async () => {
    database = await createTestDatabase();
    useTestDatabase(database);
    // Migrating a fresh PGlite takes a minute on a loaded two-core machine.
  }, 240_000);
  afterAll(async () => {
    await database?.dispose();
  });
  const client = agencyClient(() => database!.db, name);
  beforeAll(async () => {
    tokens.writer = await client.tokenFor(['files:read', 'files:write']);
    tokens.reader = await client.tokenFor(['files:read']);
    tokens.writeOnly = await client.tokenFor(['files:write']);
  }, 60_000);
  return {
    ...client,
    /** A German file made by PUT of its line (201), with its id and its debtor's. */
    async putGermanFile(reference: string, key: string) {
      const line = germanFileLine(reference, key);
      const made = await client.put(`/files/${line.reference}`, tokens.writer, line);
      expect(made.status).toBe(201);
      const [row] = await database!.db
        .select({ id: t.files.id, debtorId: t.files.debtorId })
        .from(t.files)
        .where(eq(t.files.refno, line.reference));
      return { reference: line.reference, fileId: row!.id, debtorId: row!.debtorId };
    },
    get database(): TestDatabase {
      if (!database) throw new Error('the agency test database is made before the first test');
      return database;
    },
    get writer() {
      return tokens.writer;
    },
    get reader() {
      return tokens.reader;
    },
    get writeOnly() {
      return tokens.writeOnly;
    },
  };
}

/**
 * Waits until every event is settled for the feed and the fan-out (server/agency/feed.ts): older
 * than every transaction still running. On PostgreSQL that horizon is the whole server's, so a
 * test file running beside this one in another database can hold it back for a moment.
 */
export async function eventsSettled(db: Database): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from ${t.agencyEvents} where not (${settled})`,
    )) as unknown as { rows: Array<{ n: number }> };
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} events still unsettled after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
