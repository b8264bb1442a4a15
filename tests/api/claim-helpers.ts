/**
 * Calling the Forderung, Portal and Document endpoints over HTTP through the API's runtime (api-core's
 * helpers.ts), with bearer tokens of the demo files signed in as a client would, and every success
 * checked against the endpoint's published `response`.
 */
import { and, eq } from 'drizzle-orm';
import { pathOf, type AnyEndpoint, type ApiUpload } from '#server/api/define.ts';
import { endpoints } from '#server/api/registry.ts';
import * as t from '#server/db/schema.ts';
import type { Language } from '#server/i18n/languages.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { apiCall, apiSignIn, expectProblem, expectSchema, type ApiAnswer } from './helpers.ts';

export type Level = 'limited' | 'full';

/** A signed-in API client of one demo file: its bearer token and, for the test's own queries, the file. */
export interface ApiClient {
  token: string;
  fileId: number;
  debtorId: number;
  level: Level;
}

export interface CallOptions {
  session?: ApiClient | null;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  files?: ApiUpload[];
  /** The endpoint's path when a call has two (`/api/Portal/CheckPaymentFeedback/{visitId}/{source}`). */
  path?: string;
  language?: Language;
  client?: string;
}

export type Problem = { code: string; title: string; issues?: Array<{ path: string; message: string }> };
export type CallResult = { status: number; body: unknown; problem: Problem | null; headers: Headers };

let clients = 0;

export function endpointOf(group: string, name: string, path?: string): AnyEndpoint {
  const found = endpoints.filter((e) => e.group === group && e.name === name);
  const endpoint = path ? found.find((e) => pathOf(e) === path) : (found.find((e) => !e.path) ?? found[0]);
  if (!endpoint) throw new Error(`no endpoint ${group}/${name} ${path ?? ''}`);
  return endpoint;
}

/**
 * Calls one endpoint over HTTP through the API's route (api-core's runtime): bearer token, `hl`,
 * JSON or multipart as the endpoint says. A success is checked against its published `response`
 * (the runtime checks it too and answers 503 on a mismatch); a problem must be problem+json.
 */
export function apiCaller() {
  return async function call(group: string, name: string, options: CallOptions = {}): Promise<CallResult> {
    const endpoint = endpointOf(group, name, options.path);
    const filled = pathOf(endpoint).replace(/\{(\w+)\}/g, (_, key: string) =>
      encodeURIComponent(options.params?.[key] ?? ''),
    );
    const search = new URLSearchParams(options.query ?? {}).toString();
    const path = search ? `${filled}?${search}` : filled;
    const common = {
      token: options.session?.token,
      hl: options.language,
      client: options.client ?? `198.51.100.${(clients++ % 250) + 1}`,
    };
    let answer: ApiAnswer;
    if (endpoint.method === 'GET') answer = await apiCall('GET', path, common);
    else if (endpoint.bodyType === 'multipart') {
      const form: Record<string, string | Blob | Array<string | Blob>> = {};
      for (const [key, value] of Object.entries(options.body ?? {})) if (value !== undefined) form[key] = String(value);
      for (const file of options.files ?? []) {
        const blob = new File([file.bytes as Uint8Array<ArrayBuffer>], file.filename, { type: file.contentType });
        const existing = form[file.field];
        form[file.field] =
          existing === undefined ? [blob] : [...(Array.isArray(existing) ? existing : [existing]), blob];
      }
      answer = await apiCall('POST', path, { ...common, form });
    } else if (endpoint.body) answer = await apiCall('POST', path, { ...common, json: options.body ?? {} });
    else answer = await apiCall('POST', path, common);
    if (answer.status >= 400) {
      expectProblem(answer, answer.status);
      return { status: answer.status, body: answer.body, problem: answer.body as Problem, headers: answer.headers };
    }
    expectSchema(endpoint.response, answer.body);
    return { status: answer.status, body: answer.body, problem: null, headers: answer.headers };
  };
}

/** Demo files by reference number, and a bearer token for one of them (signed in once per level). */
export function demoSessions(database: { readonly db: TestDatabase['db'] }) {
  const fileOf = async (refno: string, subcase = 1) => {
    const [row] = await database.db
      .select()
      .from(t.files)
      .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
    if (!row) throw new Error(`no demo file ${refno}-${subcase}`);
    return row;
  };
  const signedIn = new Map<string, Promise<ApiClient>>();
  const sessionFor = (refno: string, level: Level = 'full', subcase = 1): Promise<ApiClient> => {
    const key = `${refno}-${subcase}-${level}`;
    let client = signedIn.get(key);
    if (!client) {
      client = (async () => {
        const file = await fileOf(refno, subcase);
        const reference = subcase > 1 ? `${refno}-${subcase}` : refno;
        const token = await apiSignIn(reference, { level, client: `192.0.2.${(clients++ % 250) + 1}` });
        return { token, fileId: file.id, debtorId: file.debtorId, level };
      })();
      signedIn.set(key, client);
    }
    return client;
  };
  return { fileOf, sessionFor };
}

/** A multipart file part as the runtime hands it to a handler. */
export function upload(field: string, filename: string, bytes: Uint8Array, contentType = 'application/pdf'): ApiUpload {
  return { field, filename, contentType, bytes };
}
