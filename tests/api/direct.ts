/**
 * Calling an endpoint's handler the way the API runtime does (until the runtime is merged): the
 * token's session as the action context (door 'api'), the level checked before anything else, the
 * path, query and body read with the endpoint's schemas (400 with the fields), and every answer
 * checked against its published `response` schema.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyEndpoint, ApiContext, ApiUpload } from '#server/api/define.ts';
import { createSession } from '#server/auth/sessions.ts';
import * as t from '#server/db/schema.ts';
import type { Database } from '#server/db/client.ts';
import { sha256Hex } from '#server/security/crypto.ts';

export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  files?: ApiUpload[];
  headers?: Record<string, string>;
}

export interface Token {
  debtorId: number;
  fileId: number;
  level: 'limited' | 'full';
  idHash: string;
  variant: string;
}

export async function tokenFor(
  db: Database,
  refno: string,
  level: 'limited' | 'full' = 'full',
  subcase = 1,
): Promise<Token> {
  const [file] = await db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
  if (!file) throw new Error(`no demo file ${refno}`);
  const { token } = await createSession(db, { debtorId: file.debtorId, fileId: file.id, loginType: 'password', level });
  return { debtorId: file.debtorId, fileId: file.id, level, idHash: sha256Hex(token), variant: file.variant };
}

function issues(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
}

export async function callEndpoint(db: Database, endpoint: AnyEndpoint, token: Token | null, call: Call = {}) {
  if (endpoint.auth !== 'none') {
    if (!token) return { status: 401, body: { code: 'signIn' } as Record<string, unknown> };
    if (endpoint.auth === 'full' && token.level !== 'full') return { status: 403, body: { code: 'stepUp' } };
  }
  const parts = { params: call.params ?? {}, query: call.query ?? {}, body: call.body ?? {} };
  const parsed: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = endpoint[part];
    if (!schema) continue;
    const result = schema.safeParse(parts[part]);
    if (!result.success) return { status: 400, body: { code: 'invalid', issues: issues(result.error) } };
    parsed[part] = result.data;
  }
  const session = token
    ? { debtorId: token.debtorId, fileId: token.fileId, level: token.level, idHash: token.idHash }
    : null;
  const request = new Request('http://portal.test/api/x', { headers: call.headers ?? {} });
  const ctx: ApiContext = {
    action: {
      db,
      session,
      variant: token?.variant ?? 'de',
      locale: 'de',
      now: new Date(),
      clientKey: '203.0.113.9',
      door: 'api',
    },
    session,
    language: 'de',
    request,
  };
  const result = await endpoint.handler(
    { ...(parsed as { params: unknown; query: unknown; body: unknown }), files: call.files ?? [] },
    ctx,
  );
  if (!result.ok) return { status: result.status, body: result as unknown as Record<string, unknown> };
  // The published schema: an answer that does not match it fails the test.
  const checked = endpoint.response.parse(result.value) as Record<string, unknown>;
  return { status: result.status ?? 200, body: checked };
}
