/**
 * The OpenAPI 3.1 document of the JSON API, generated from the registry's zod schemas with
 * zod-openapi (decision 044): every endpoint's path, method, parameters (`hl` included), body
 * (JSON or multipart), answer, the problem-details answers and the bearer security scheme. Served at
 * /api/openapi.json and rendered as the reference page /api/docs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { languages } from '../i18n/languages.ts';
import { pathOf, type AnyEndpoint } from './define.ts';
import { endpoints as registeredEndpoints } from './registry.ts';
import { problemMessage } from './messages.ts';

export const problemSchema = z
  .object({
    type: z.string().describe('A link to the code on the reference page.'),
    title: z.string().describe('The message, in the language asked for with `hl`.'),
    status: z.number().int(),
    code: z.string().describe('The error code (see the list of codes).'),
    instance: z.string().describe('The path that was called.'),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('400: each invalid field and its message.'),
    values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    alternatives: z.array(z.string()).optional().describe('What the file allows instead (intent ids).'),
    retryAfterSeconds: z.number().optional().describe('429: also sent as the Retry-After header.'),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details (application/problem+json).' });

/** The error codes of the API's own catalogue and of the action layer's refusals, as the runtime looks them up. */
export function errorCodes(): string[] {
  const codes = new Set<string>();
  const read = (file: string, key: string) => {
    const full = path.resolve(process.cwd(), 'locales', 'de', file);
    if (!existsSync(full)) return;
    const json = JSON.parse(readFileSync(full, 'utf8')) as Record<string, Record<string, unknown>>;
    for (const [code, value] of Object.entries(json[key] ?? {})) if (typeof value === 'string') codes.add(code);
  };
  read('api.json', 'errors');
  read('api-pay.json', 'errors');
  read('api-claim.json', 'errors');
  read('assistant.json', 'refused');
  for (const code of ['wrongCredentials', 'unknown', 'format', 'tooShort', 'passwordRequired', 'measureRunning'])
    codes.add(code);
  codes.delete('instead');
  return [...codes].sort();
}

const statusText: Record<number, string> = {
  400: 'Invalid input (`invalid` with `issues`), a broken body (`brokenJson`, `brokenForm`), a captcha proof not accepted (`captcha`)',
  401: 'No token (`signIn`), or an invalid or expired one (`tokenInvalid`); wrong credentials at sign-in',
  403: 'Refused for this file (the reason as `code`), password sign-in needed (`stepUp`), password change first',
  404: 'Not found (`notFound`, `noFile`; another debtor’s resource is never “forbidden”)',
  409: 'Already exists',
  413: 'Body too large (`tooLarge`), or more fields than any call takes (`tooManyFields`: over 200, or one name over 20 times)',
  415: 'Wrong content type (`unsupportedMediaType`)',
  422: 'The `Idempotency-Key` already started a payment with another method, purpose or amount (`keyReused`); nothing was replayed',
  429: 'Limited: wait `Retry-After` seconds (`locked`, `rateLimited`, `attemptsExceeded`, …)',
  503: 'Unavailable for the moment (`unavailable`)',
};

function problemResponse(status: number) {
  return {
    description: statusText[status] ?? 'Problem',
    content: { 'application/problem+json': { schema: problemSchema } },
    ...(status === 429
      ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } } }
      : {}),
  };
}

const hlParameter = z.enum(languages).optional().describe('The language of every message (German when absent).');

const cacheText = {
  private15: 'Cache-Control: private, max-age=900',
  public15: 'Cache-Control: public, max-age=900',
  none: 'Cache-Control: no-store',
} as const;

function operation(endpoint: AnyEndpoint) {
  const query =
    endpoint.query instanceof z.ZodObject ? endpoint.query.extend({ hl: hlParameter }) : z.object({ hl: hlParameter });
  const headers =
    endpoint.group === 'BankId' && endpoint.name !== 'Auth' && endpoint.name !== 'GetAuthUrl'
      ? z.object({
          ...endpoint.headers?.shape,
          'X-BankId-Flow': z.string().describe('The `flow` value that Auth or GetAuthUrl answered.'),
        })
      : endpoint.headers;
  const statuses = [400, 403, 404, 409, 429, 503];
  if (endpoint.auth !== 'none') statuses.push(401);
  if (endpoint.method === 'POST' && endpoint.body) statuses.push(413, 415);
  if (endpoint.headers?.shape['Idempotency-Key']) statuses.push(422);
  const responses: Record<string, unknown> = {
    '200': {
      description: `${endpoint.summary}\n\n${cacheText[endpoint.cache]}`,
      content: { 'application/json': { schema: endpoint.response } },
    },
  };
  for (const status of statuses.sort()) responses[String(status)] = problemResponse(status);
  return {
    operationId: operationIdOf(endpoint),
    tags: [endpoint.group],
    summary: endpoint.name,
    description: `${endpoint.summary}\n\nSign-in needed: ${endpoint.auth}. ${cacheText[endpoint.cache]}.`,
    security: endpoint.auth === 'none' ? [{}, { bearer: [] }] : [{ bearer: [] }],
    'x-auth-level': endpoint.auth,
    'x-cache': endpoint.cache,
    requestParams: {
      ...(endpoint.params instanceof z.ZodObject ? { path: endpoint.params } : {}),
      query,
      ...(headers ? { header: headers } : {}),
    },
    ...(endpoint.method === 'POST' && endpoint.body
      ? {
          requestBody: {
            required: true,
            content:
              endpoint.bodyType === 'multipart'
                ? { 'multipart/form-data': { schema: endpoint.body } }
                : { 'application/json': { schema: endpoint.body } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The operation's id: `Group_Name` for an endpoint at its default path; from its own path for one
 * with a path of its own ("/api/Swish/CreatePaymentRequest" → `Swish_CreatePaymentRequest`,
 * "/api/Forderung/GetRechnungen/{invoiceId}" → `Forderung_GetRechnungen_byInvoiceId`), where two
 * endpoints share a name. Unique over the document (a test holds it; Spectral checks it too).
 */
export function operationIdOf(endpoint: Pick<AnyEndpoint, 'group' | 'name' | 'path'>): string {
  if (!endpoint.path) return `${endpoint.group}_${endpoint.name}`;
  return endpoint.path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      return param ? `by${param[0]!.toUpperCase()}${param.slice(1)}` : segment;
    })
    .join('_');
}

export function buildOpenApiDocument(list: readonly AnyEndpoint[] = registeredEndpoints) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of list) {
    (paths[pathOf(endpoint)] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  const codes = errorCodes();
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Debtor portal API',
        version: '1.0.0',
        description:
          'The calls of spec section 7 over the portal’s own domain code (issue 17). Sign in with Account/Login or Account/LoginAzOnly (with the sign-in form’s captcha proof) and send the answer’s token as `Authorization: Bearer <token>`. Cookies are not read. Errors are RFC 9457 problem details with a `code` and the message in the `hl` language.',
      },
      tags: [...new Set(list.map((e) => e.group))].map((name) => ({ name })),
      paths: paths as never,
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The token of Login, LoginAzOnly, Autologin or a bank-identity sign-in: a server-side session with 15 idle minutes and an absolute lifetime.',
          },
        },
        schemas: { Problem: problemSchema },
      },
      'x-error-codes': codes.map((code) => ({
        code,
        de: problemMessage(code, 'de'),
        en: problemMessage(code, 'en'),
      })),
    } as never,
    {
      // The answers' shapes, as the handlers' values are checked against them.
      allowEmptySchema: { custom: true },
    },
  );
}

let cached: { list: readonly AnyEndpoint[]; document: ReturnType<typeof buildOpenApiDocument> } | undefined;

/** The document for the registry, built once per process. */
export function openApiDocument(list: readonly AnyEndpoint[] = registeredEndpoints) {
  if (cached?.list !== list) cached = { list, document: buildOpenApiDocument(list) };
  return cached.document;
}
