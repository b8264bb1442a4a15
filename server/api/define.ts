/**
 * The JSON API's building blocks (issue 17, spec section 7): one `defineEndpoint` per call of the
 * spec, with the spec's group, name, method and payload fields. An endpoint is a fourth thin door
 * of the action layer (decision 037): its handler calls `runAction`/`checkAction` for anything a
 * debtor does, and the same read functions of server/ the screens' loaders use for anything a
 * debtor reads. No rule, query or guard is written in an endpoint.
 *
 * The runtime (server/api/runtime.ts) reads the request (path parameters, query, JSON or multipart
 * body, `hl`, `Authorization: Bearer`), checks `auth` before anything else, parses the input with
 * the endpoint's schemas, calls the handler and writes the answer: the value as JSON checked
 * against `response`, or a problem-details body (RFC 9457) with the error catalogue's code and
 * message in the requested language. The OpenAPI 3.1 document is generated from these definitions.
 *
 * Framework-free like the action layer: nothing here knows Remix.
 */
import type { z } from 'zod';
import type { ActionContext, ActionFailure, InputIssue } from '../actions/define.ts';
import type { Language } from '../i18n/languages.ts';
import { intentsOfOffers } from '../assistant/intent-actions.ts';

/** The groups of spec section 7; the path is `/api/<group>/<name>` unless `path` says otherwise. */
export type ApiGroup = 'Account' | 'BankId' | 'ebbot' | 'Forderung' | 'Zahlung' | 'Portal' | 'Document' | 'Country';

/**
 * Who may call: `none` = anyone (a token is read when present), `limited` = a bearer token of a
 * reference-only or full sign-in, `full` = a full sign-in's token (password, bank identity).
 */
export type ApiAuth = 'none' | 'limited' | 'full';

/**
 * How long a client and caches may keep the answer. The spec caches every call for 15 minutes
 * except IsFullLoggedIn and GetInitDataV2: `private15` for a debtor's own data (never a shared
 * cache), `public15` for data that is the same for everyone, `none` for the two exceptions, for
 * every POST that changes something, and for every error.
 */
export type ApiCache = 'private15' | 'public15' | 'none';

/** The bearer token's session as an endpoint sees it (kept on the server; the token is only its key). */
export interface ApiSession {
  debtorId: number;
  fileId: number;
  level: 'limited' | 'full';
  /** The SHA-256 of the token: the session's key, as `ActionSession.idHash`. */
  idHash: string;
}

/** What a handler gets besides its input. */
export interface ApiContext {
  /** The action layer's context for this call, `door: 'api'`, the token's session as its session. */
  action: ActionContext;
  session: ApiSession | null;
  /** `hl`: the language of every message of the answer (German when absent or unknown). */
  language: Language;
  /** The request, for what only it has (the client address is already in `action.clientKey`). */
  request: Request;
}

/** One uploaded file of a multipart body, read (bounded) before the handler runs. */
export interface ApiUpload {
  field: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The input of a handler: each part parsed with its schema; files of a multipart body beside the fields. */
export interface ApiInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  files: ApiUpload[];
}

/**
 * A problem the handler reports. `code` is a key of the error catalogue (locales/<lang>/api.json,
 * `api.errors.<code>`; refusal reasons use the action layer's reason codes), rendered in the
 * requested language with `detail` as its interpolation values.
 *   400 invalid input (with `issues`, the fields and their translated messages)
 *   401 no or an expired token; 403 step-up needed or refused for this file (with the reason)
 *   404 not found (also another debtor's resource: never "forbidden", never its data)
 *   409 already exists; 422 an Idempotency-Key reused for another request; 429 limited (with
 *   `retryAfterSeconds`); 503 unavailable
 *   (405, 413 and 415 are the runtime's own: wrong method, body too large, wrong content type)
 */
export interface ApiProblem {
  ok: false;
  status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 503;
  code: string;
  issues?: InputIssue[];
  detail?: Record<string, string | number | boolean | null>;
  alternatives?: readonly string[];
  retryAfterSeconds?: number;
}

export type ApiResult<V> =
  { ok: true; value: V; status?: 200 | 201 | 202; headers?: Record<string, string> } | ApiProblem;

export interface EndpointDefinition<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> {
  group: ApiGroup;
  /** The spec's call name, exactly as section 7 spells it (`GetOffeneForderung`, `IsPlzEqualToDb`). */
  name: string;
  method: 'GET' | 'POST';
  /**
   * The path when it is not `/api/<group>/<name>`, with `{param}` segments as OpenAPI writes them
   * (`/api/Account/IsPlzEqualToDb/{zip}`, `/api/Swish/CreatePaymentRequest`).
   */
  path?: string;
  auth: ApiAuth;
  cache: ApiCache;
  /** One line for the reference page. */
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** `json` (default for POST) or `multipart` where the spec says multipart. */
  bodyType?: 'json' | 'multipart';
  /**
   * The request headers the handler honours (an `Idempotency-Key`), for the OpenAPI document. The
   * runtime does not parse them: the handler reads them from `ctx.request` and answers 400 itself.
   */
  headers?: z.ZodObject;
  /** The answer's shape for status 200/201 (the OpenAPI response schema; the runtime checks it in tests). */
  response: R;
  handler: (input: ApiInput<z.output<P>, z.output<Q>, z.output<B>>, ctx: ApiContext) => Promise<ApiResult<z.input<R>>>;
}

export type AnyEndpoint = EndpointDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

export function defineEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  definition: EndpointDefinition<P, Q, B, R>,
): EndpointDefinition<P, Q, B, R> {
  return definition;
}

export function pathOf(endpoint: Pick<AnyEndpoint, 'group' | 'name' | 'path'>): string {
  return endpoint.path ?? `/api/${endpoint.group}/${endpoint.name}`;
}

export const apiOk = <V>(value: V, status?: 200 | 201 | 202): ApiResult<V> => ({ ok: true, value, status });

export function problem(
  status: ApiProblem['status'],
  code: string,
  extra: Omit<ApiProblem, 'ok' | 'status' | 'code'> = {},
): ApiProblem {
  return { ok: false, status, code, ...extra };
}

/**
 * An action layer result that did not go through, as the API's problem: invalid input is 400 with
 * the fields; a refusal is 403 with the spec's reason (429 when it is a limit, 404 when the session's
 * file is gone, 409 when it says the thing already exists, 422 for a reused Idempotency-Key); step-up is 403 `stepUp` (401 `signIn`
 * without a session).
 */
export function problemFromAction(failure: ActionFailure): ApiProblem {
  switch (failure.kind) {
    case 'invalid':
      return problem(400, 'invalid', { issues: failure.issues });
    case 'stepUp':
      return failure.signIn ? problem(401, 'signIn') : problem(403, 'stepUp');
    case 'refused': {
      // The API words what the file allows instead as the assistant's intent ids (its contract).
      const alternatives = failure.alternatives && intentsOfOffers(failure.alternatives);
      const extra = { detail: failure.detail, alternatives };
      if (failure.retryAfterSeconds !== undefined)
        return problem(429, failure.reason, { ...extra, retryAfterSeconds: failure.retryAfterSeconds });
      if (failure.reason === 'noFile') return problem(404, failure.reason, extra);
      // The key names a request that differs from this one: the payment APIs' 422, never a replay.
      if (failure.reason === 'keyReused') return problem(422, failure.reason, extra);
      if (/^(already|exists)|Exists$|AlreadyGranted$/i.test(failure.reason)) return problem(409, failure.reason, extra);
      return problem(403, failure.reason, extra);
    }
  }
}

/** An action layer result as the API's result: its value (mapped when the answer's shape differs) or its problem. */
export function fromAction<V, W = V>(
  result: { ok: true; value: V } | ActionFailure,
  map?: (value: V) => W,
): ApiResult<W> {
  if (!result.ok) return problemFromAction(result);
  return { ok: true, value: map ? map(result.value) : (result.value as unknown as W) };
}

/** An action's invalid input, its field paths renamed to the spec's payload names. */
export function renameIssues(failure: ApiProblem, names: Record<string, string>): ApiProblem {
  if (!failure.issues) return failure;
  const issues: InputIssue[] = failure.issues.map((issue) => {
    const [first, ...rest] = issue.path;
    return typeof first === 'string' && names[first] ? { ...issue, path: [names[first]!, ...rest] } : issue;
  });
  return { ...failure, issues };
}
