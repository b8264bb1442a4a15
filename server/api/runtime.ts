/**
 * The JSON API's runtime (issue 17, decision 044): one function that answers every request under
 * /api/ from the registry. In this order it
 *   1. finds the endpoint by method and path (404 / 405 problem otherwise),
 *   2. reads `hl` (the language of every message) and `Authorization: Bearer` (a cookie is never
 *      read), and checks the endpoint's auth level before anything else (401 / 403),
 *   3. reads path parameters, query and body (JSON or multipart, through the bounded readers of
 *      server/http/request-body.ts: 400 broken, 413 too large, 415 wrong content type),
 *   4. parses each with the endpoint's zod schema (400 with the fields and translated messages),
 *   5. calls the handler and writes its value, checked against the endpoint's `response` schema,
 *      with the endpoint's Cache-Control, or its problem as application/problem+json (RFC 9457)
 *      with `no-store`, a Retry-After for 429, and the message in the requested language.
 * Nothing that goes wrong inside becomes a 500 or a stack trace: it is logged and answered as
 * 503 `unavailable`.
 *
 * Framework-free: app/routes/api.$.ts hands it the Request and the client address.
 */
import type { z } from 'zod';
import type { ActionContext, InputIssue } from '../actions/define.ts';
import { getDatabase, type Database } from '../db/client.ts';
import {
  BodyRefused,
  maxSmallBodyBytes,
  mediaTypeOf,
  readBodyText,
  bodyLimitFor,
  declaredLengthExceeds,
} from '../http/request-body.ts';
import type { EdgeRefusal } from '../http/security.ts';
import { logger } from '../http/logger.ts';
import { fallbackLanguage, isLanguage, type Language } from '../i18n/languages.ts';
import { readMultipart } from '../uploads/multipart.ts';
import { maxTotalBytes } from '../uploads/rules.ts';
import { defaultVariantId } from '../variants/config.ts';
import {
  pathOf,
  problem,
  type AnyEndpoint,
  type ApiCache,
  type ApiContext,
  type ApiProblem,
  type ApiSession,
  type ApiUpload,
} from './define.ts';
import { docsStylesheet, renderDocsPage } from './docs.ts';
import { issueMessage, problemMessage } from './messages.ts';
import { openApiDocument } from './openapi.ts';
import { endpoints as registeredEndpoints } from './registry.ts';
import { bearerTokenOf, findApiSession, type ApiTokenSession } from './tokens.ts';

export const apiPrefix = '/api';

/** The media type of every error answer (RFC 9457). */
export const problemMediaType = 'application/problem+json';

export const cacheControlOf: Record<ApiCache, string> = {
  private15: 'private, max-age=900',
  public15: 'public, max-age=900',
  none: 'no-store',
};

/**
 * Calls a full session may make while its password must still be changed (the web sends such a
 * session to the set-password page for everything else).
 */
const allowedBeforePasswordChange = new Set([
  'Account/UpdatePassword',
  'Account/logout',
  'Account/GetLoginStatus',
  'Account/IsFullLoggedIn',
]);

interface Route {
  endpoint: AnyEndpoint;
  pattern: RegExp;
  paramNames: string[];
}

function compile(endpoint: AnyEndpoint): Route {
  const paramNames: string[] = [];
  const source = pathOf(endpoint)
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        paramNames.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // Case-insensitive like the legacy server's routes; a trailing slash is the same call.
  return { endpoint, pattern: new RegExp(`^${source}/?$`, 'i'), paramNames };
}

let compiled: { list: readonly AnyEndpoint[]; routes: Route[] } | undefined;
function routesOf(list: readonly AnyEndpoint[]): Route[] {
  if (compiled?.list !== list) compiled = { list, routes: list.map(compile) };
  return compiled.routes;
}

export interface ApiRequestOptions {
  clientAddress: string;
  /** Set when the Express edge refused the request before it was read (a declared body over its limit). */
  refusal?: EdgeRefusal;
  /** The endpoints to serve; the registry unless a test passes its own. */
  endpoints?: readonly AnyEndpoint[];
  db?: Database;
  now?: Date;
}

/** `hl` of the query: the language of the answer's messages (German when absent or unknown). */
export function languageOf(url: URL): Language {
  const hl = url.searchParams.get('hl')?.slice(0, 2).toLowerCase();
  return isLanguage(hl) ? hl : fallbackLanguage;
}

type Issue = { path: string; message: string };

function problemResponse(
  p: ApiProblem,
  language: Language,
  instance: string,
  extraHeaders: HeadersInit = {},
): Response {
  const values: Record<string, string | number | boolean | null> = { ...(p.detail ?? {}) };
  if (p.retryAfterSeconds !== undefined) values.minutes ??= Math.max(1, Math.ceil(p.retryAfterSeconds / 60));
  const body: Record<string, unknown> = {
    type: `${apiPrefix}/docs#error-${p.code}`,
    title: problemMessage(p.code, language, values),
    status: p.status,
    code: p.code,
    instance,
  };
  if (p.issues?.length) body.issues = translateIssues(p.issues, language);
  if (p.detail && Object.keys(p.detail).length) body.values = p.detail;
  if (p.alternatives?.length) body.alternatives = p.alternatives;
  if (p.retryAfterSeconds !== undefined) body.retryAfterSeconds = p.retryAfterSeconds;
  const headers = new Headers(extraHeaders);
  headers.set('Content-Type', `${problemMediaType}; charset=utf-8`);
  headers.set('Content-Language', language);
  headers.set('Cache-Control', 'no-store');
  if (p.retryAfterSeconds !== undefined)
    headers.set('Retry-After', String(Math.max(1, Math.ceil(p.retryAfterSeconds))));
  return new Response(JSON.stringify(body), { status: p.status, headers });
}

function translateIssues(issues: InputIssue[], language: Language): Issue[] {
  return issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issueMessage(issue.message, 'invalid', language),
  }));
}

function zodIssues(error: z.ZodError, prefix: string): InputIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.filter((p): p is string | number => typeof p !== 'symbol')].filter((p) => p !== ''),
    // A form schema's own key, or the kind of problem (api:issues.<code>): zod's English never reaches a client.
    message: translationKeyPattern.test(issue.message) ? issue.message : `issues.${issue.code}`,
  }));
}

const translationKeyPattern = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

class Answered extends Error {
  constructor(readonly problem: ApiProblem) {
    super(problem.code);
  }
}

/** The query as an object: a repeated name becomes an array; `hl` is the runtime's. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) if (key !== 'hl') gather(out, key, value);
  return out;
}

/**
 * Adds a field to the object a schema parses: a repeated name becomes a list, appended in place
 * (copying the list for each repeat made thousands of repeats cost the square of their number).
 */
function gather(out: Record<string, string | string[]>, key: string, value: string): void {
  const existing = Object.hasOwn(out, key) ? out[key] : undefined;
  if (existing === undefined) out[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else out[key] = [existing, value];
}

function bodyProblem(error: BodyRefused): ApiProblem {
  return problem(error.status, error.reason === 'notAForm' ? 'brokenForm' : error.reason);
}

async function readJsonBody(request: Request): Promise<unknown> {
  const type = mediaTypeOf(request.headers.get('Content-Type'));
  if (type !== 'application/json' && !/^application\/[\w.-]+\+json$/.test(type))
    throw new Answered(problem(415, 'unsupportedMediaType', { detail: { expected: 'application/json' } }));
  const text = await readBodyText(request, maxSmallBodyBytes);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Answered(problem(400, 'brokenJson'));
  }
}

async function readMultipartBody(
  request: Request,
): Promise<{ fields: Record<string, string | string[]>; files: ApiUpload[] }> {
  const contentType = request.headers.get('Content-Type');
  if (mediaTypeOf(contentType) !== 'multipart/form-data')
    throw new Answered(problem(415, 'unsupportedMediaType', { detail: { expected: 'multipart/form-data' } }));
  const limit = bodyLimitFor(contentType);
  if (declaredLengthExceeds(request.headers.get('Content-Length'), limit)) throw new BodyRefused('tooLarge');
  const files: ApiUpload[] = [];
  let fileBytes = 0;
  const fieldList = await readMultipart(
    { contentType: contentType!, body: request.body, maxBodyBytes: limit },
    {
      onFile: async (part) => {
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of part.data) {
          size += chunk.byteLength;
          fileBytes += chunk.byteLength;
          // The files of one form may together be 10 MB (spec 5): more is refused, not kept.
          if (fileBytes > maxTotalBytes) throw new BodyRefused('tooLarge');
          chunks.push(chunk);
        }
        const bytes = new Uint8Array(size);
        let offset = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, offset);
          offset += chunk.byteLength;
        }
        files.push({ field: part.name, filename: part.filename ?? '', contentType: part.contentType, bytes });
      },
    },
  );
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of fieldList) gather(fields, key, value);
  return { fields, files };
}

function parseWith(schema: z.ZodType | undefined, value: unknown, prefix: string): unknown {
  if (!schema) return undefined;
  let parsed: ReturnType<z.ZodType['safeParse']>;
  try {
    parsed = schema.safeParse(value);
  } catch {
    throw new Answered(
      problem(400, 'invalid', { issues: [{ path: prefix ? [prefix] : [], message: 'issues.invalid' }] }),
    );
  }
  if (!parsed.success) throw new Answered(problem(400, 'invalid', { issues: zodIssues(parsed.error, prefix) }));
  return parsed.data;
}

async function authorise(
  endpoint: AnyEndpoint,
  request: Request,
  db: Database,
  now: Date,
): Promise<ApiTokenSession | null> {
  const token = bearerTokenOf(request);
  const session = token === null ? null : await findApiSession(db, token, now);
  if (endpoint.auth === 'none') return session;
  // A cookie is never read: a browser's session is not a bearer token (decision 044).
  if (token === null) throw new Answered(problem(401, 'signIn'));
  if (!session) throw new Answered(problem(401, 'tokenInvalid'));
  if (endpoint.auth === 'full' && session.level !== 'full') throw new Answered(problem(403, 'stepUp'));
  if (
    session.level === 'full' &&
    session.mustChangePassword &&
    !allowedBeforePasswordChange.has(`${endpoint.group}/${endpoint.name}`)
  )
    throw new Answered(problem(403, 'mustChangePassword'));
  return session;
}

/** Finds the endpoint for a path; `methods` lists the methods the path has when the asked one is not among them. */
export function matchEndpoint(
  method: string,
  pathname: string,
  list: readonly AnyEndpoint[] = registeredEndpoints,
): { endpoint: AnyEndpoint; params: Record<string, string> } | { endpoint: null; methods: string[] } {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const methods: string[] = [];
  for (const route of routesOf(list)) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    if (route.endpoint.method !== wanted) {
      methods.push(route.endpoint.method);
      continue;
    }
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1]!);
    });
    return { endpoint: route.endpoint, params };
  }
  return { endpoint: null, methods };
}

/** The API's own documents: the OpenAPI document, the reference page and its stylesheet (GET only). */
function ownResource(method: string, pathname: string, language: Language): Response | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const page = pathname.toLowerCase().replace(/\/$/, '');
  const headers = (type: string) => ({ 'Content-Type': type, 'Cache-Control': 'public, max-age=900' });
  if (page === `${apiPrefix}/openapi.json`)
    return new Response(JSON.stringify(openApiDocument()), { headers: headers('application/json; charset=utf-8') });
  if (page === `${apiPrefix}/docs`)
    return new Response(renderDocsPage(language), {
      headers: { ...headers('text/html; charset=utf-8'), 'Content-Language': language },
    });
  if (page === `${apiPrefix}/docs.css`)
    return new Response(docsStylesheet, { headers: headers('text/css; charset=utf-8') });
  return null;
}

/** Answers one request under /api/. Never throws. */
export async function handleApiRequest(request: Request, options: ApiRequestOptions): Promise<Response> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return problemResponse(problem(400, 'invalid'), fallbackLanguage, apiPrefix);
  }
  const language = languageOf(url);
  const instance = url.pathname;
  try {
    if (options.refusal) {
      const { status, reason } = options.refusal;
      return problemResponse(problem(status, reason), language, instance);
    }
    const own = ownResource(request.method, url.pathname, language);
    if (own) return own;
    let match: ReturnType<typeof matchEndpoint>;
    try {
      match = matchEndpoint(request.method, url.pathname, options.endpoints);
    } catch {
      // A path parameter with a broken escape (%E0%A4%A) names no call.
      return problemResponse(problem(404, 'notFound'), language, instance);
    }
    if (!match.endpoint) {
      if (match.methods.length)
        return problemResponse(problem(405, 'methodNotAllowed'), language, instance, {
          Allow: [...new Set(match.methods)].join(', '),
        });
      return problemResponse(problem(404, 'notFound'), language, instance);
    }
    const { endpoint, params } = match;
    const db = options.db ?? (await getDatabase());
    const now = options.now ?? new Date();
    const tokenSession = await authorise(endpoint, request, db, now);

    const parsedParams = parseWith(endpoint.params, params, '');
    const parsedQuery = parseWith(endpoint.query, queryObject(url), '');
    let body: unknown;
    let files: ApiUpload[] = [];
    if (endpoint.method === 'POST' && endpoint.body) {
      if (endpoint.bodyType === 'multipart') {
        const read = await readMultipartBody(request);
        body = read.fields;
        files = read.files;
      } else body = await readJsonBody(request);
    }
    const parsedBody = parseWith(endpoint.body, body, '');

    const session: ApiSession | null = tokenSession
      ? {
          debtorId: tokenSession.debtorId,
          fileId: tokenSession.fileId,
          level: tokenSession.level,
          idHash: tokenSession.idHash,
        }
      : null;
    const action: ActionContext = {
      db,
      session,
      variant: tokenSession?.variant ?? defaultVariantId,
      locale: language,
      now,
      clientKey: options.clientAddress,
      door: 'api',
      maintenance: null,
      fromAssistant: null,
    };
    const ctx: ApiContext = { action, session, language, request };
    const result = await endpoint.handler({ params: parsedParams, query: parsedQuery, body: parsedBody, files }, ctx);
    if (!result.ok) return problemResponse(result, language, instance);

    const checked = endpoint.response.safeParse(result.value);
    if (!checked.success) {
      // Never an answer the published schema does not describe (and never more than it names).
      logger.error(
        { endpoint: `${endpoint.group}/${endpoint.name}`, issues: checked.error.issues.map((i) => i.path.join('.')) },
        'api answer does not match its response schema',
      );
      return problemResponse(problem(503, 'unavailable'), language, instance);
    }
    const headers = new Headers(result.headers);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    headers.set('Content-Language', language);
    headers.set('Cache-Control', cacheControlOf[endpoint.cache]);
    headers.set('Vary', 'Authorization');
    return new Response(JSON.stringify(checked.data), { status: result.status ?? 200, headers });
  } catch (error) {
    if (error instanceof Answered) return problemResponse(error.problem, language, instance);
    if (error instanceof BodyRefused) return problemResponse(bodyProblem(error), language, instance);
    logger.error({ err: error, path: instance }, 'api call failed');
    return problemResponse(problem(503, 'unavailable'), language, instance);
  }
}
