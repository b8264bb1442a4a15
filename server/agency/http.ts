/**
 * The agency API's runtime (issue 29, decision 086): every request under /agency/v1, apart from the
 * debtor API (/api). In this order it
 *   1. finds the operation by method and path (404 / 405 problem otherwise);
 *   2. for the token endpoint: reads the client's credentials (HTTP Basic or the form's
 *      `client_id` and `client_secret`), limits attempts per client id, answers RFC 6749's JSON
 *      (`access_token` or `error`);
 *   3. otherwise reads `Authorization: Bearer`, verifies the token (401), checks the operation's
 *      scope (403), counts the call against the client's calls per minute (429 with Retry-After);
 *   4. runs the operation and answers JSON, or RFC 9457 problem details.
 * Every call is audited (actor `agency`, the operation, the client and the answer's status).
 * Nothing that goes wrong inside becomes a stack trace: it is logged and answered 503.
 *
 * Framework-free: app/routes/agency.v1.$.ts hands it the Request and the client address.
 */
import { audit } from '../audit/log.ts';
import { getDatabase, type Database } from '../db/client.ts';
import { logger } from '../http/logger.ts';
import { readBodyText, maxSmallBodyBytes } from '../http/request-body.ts';
import type { EdgeRefusal } from '../http/security.ts';
import { consumeWithin } from '../limits/rate-limits.ts';
import { attachmentTokenPattern, openAttachment } from './attachments.ts';
import { authenticateClient, callerOf, issueToken } from './auth.ts';
import { invoicePdfTokenPattern, openInvoicePdf } from './invoices.ts';
import { agencyOpenApiDocument } from './openapi.ts';
import { exchangeOperations } from './operations/exchange.ts';
import { filePartOperations } from './operations/file-parts.ts';
import { fileOperations } from './operations/files.ts';
import { agencyPrefix, json, problemResponse, type Operation } from './respond.ts';

export { agencyPrefix, problemMediaType, problemResponse } from './respond.ts';

/** Every operation but the token endpoint and the download links, found by method and path. */
export const operations: Operation[] = [...exchangeOperations, ...fileOperations, ...filePartOperations];

/** Token requests per client id (or client address when none is given) and minute. */
export const tokenAttemptsPerMinute = 30;

export interface AgencyRequestOptions {
  clientAddress: string;
  /** The edge's refusal of this request (a body over its limit, a cross-site post): answered first. */
  refusal?: EdgeRefusal;
  db?: Database;
  now?: () => Date;
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

async function handleToken(
  request: Request,
  db: Database,
  options: AgencyRequestOptions,
  now: Date,
): Promise<{ response: Response; clientId: string | null }> {
  const tokenError = (status: number, error: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ error }), {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache', ...headers },
    });
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    return { response: tokenError(400, 'invalid_request'), clientId: null };
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await readBodyText(request, maxSmallBodyBytes));
  } catch {
    return { response: tokenError(400, 'invalid_request'), clientId: null };
  }
  let id = form.get('client_id') ?? '';
  let secret = form.get('client_secret') ?? '';
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0)
      return { response: tokenError(401, 'invalid_client', { 'www-authenticate': 'Basic' }), clientId: null };
    // RFC 6749 section 2.3.1: both parts are form-urlencoded inside Basic.
    id = decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' '));
    secret = decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' '));
  }
  const limit = await consumeWithin(
    db,
    'agencyToken',
    { points: tokenAttemptsPerMinute, seconds: 60 },
    id || options.clientAddress,
  );
  if (!limit.ok)
    return {
      response: tokenError(429, 'slow_down', { 'retry-after': String(limit.retryAfterSeconds) }),
      clientId: id || null,
    };
  if (form.get('grant_type') !== 'client_credentials')
    return {
      response: tokenError(400, form.get('grant_type') ? 'unsupported_grant_type' : 'invalid_request'),
      clientId: id || null,
    };
  const client = id && secret ? await authenticateClient(db, id, secret) : null;
  if (!client)
    return {
      response: tokenError(401, 'invalid_client', basic ? { 'www-authenticate': 'Basic' } : {}),
      clientId: id || null,
    };
  const grant = await issueToken(client, form.get('scope'), now);
  if (!grant.ok) return { response: tokenError(400, grant.error), clientId: client.id };
  return {
    response: json(
      {
        access_token: grant.accessToken,
        token_type: 'Bearer',
        expires_in: grant.expiresIn,
        scope: grant.scopes.join(' '),
      },
      200,
      { pragma: 'no-cache' },
    ),
    clientId: client.id,
  };
}

/** Answers one request under /agency/v1. */
export async function handleAgencyRequest(request: Request, options: AgencyRequestOptions): Promise<Response> {
  const url = new URL(request.url);
  const instance = url.pathname;
  const path = url.pathname.slice(agencyPrefix.length) || '/';
  const now = options.now?.() ?? new Date();
  let db: Database | undefined;
  let operationId = 'unknown';
  let clientId: string | null = null;
  let response: Response;
  // The edge let the request through only so that it is refused here, as problem details.
  if (options.refusal) return problemResponse(options.refusal.status, options.refusal.reason, instance);
  try {
    if (path === '/openapi.json' && (request.method === 'GET' || request.method === 'HEAD')) {
      return json(agencyOpenApiDocument(), 200, { 'cache-control': 'public, max-age=300' });
    }
    db = options.db ?? (await getDatabase());
    const attachment = attachmentTokenPattern.exec(path);
    const invoicePdf = invoicePdfTokenPattern.exec(path);
    if (invoicePdf) {
      // An invoice's PDF by its download link: the signed token is the credential (invoices.ts).
      operationId = 'downloadInvoicePdf';
      if (request.method !== 'GET')
        response = problemResponse(405, 'methodNotAllowed', instance, { headers: { allow: 'GET' } });
      else {
        const opened = await openInvoicePdf(db, invoicePdf[1]!, now);
        clientId = opened.clientId;
        response = opened.ok
          ? opened.response
          : opened.reason === 'gone'
            ? problemResponse(410, 'gone', instance, { detail: 'The invoice or its PDF is no longer kept.' })
            : problemResponse(404, 'notFound', instance);
      }
    } else if (attachment) {
      // A download link: the signed token is the credential (attachments.ts), no bearer token.
      operationId = 'downloadAttachment';
      if (request.method !== 'GET')
        response = problemResponse(405, 'methodNotAllowed', instance, { headers: { allow: 'GET' } });
      else {
        const opened = await openAttachment(db, attachment[1]!, now);
        clientId = opened.clientId;
        response = opened.ok
          ? opened.response
          : problemResponse(
              opened.reason === 'gone' ? 410 : 404,
              opened.reason === 'gone' ? 'gone' : 'notFound',
              instance,
            );
      }
    } else if (path === '/oauth/token') {
      operationId = 'token';
      if (request.method !== 'POST')
        response = problemResponse(405, 'methodNotAllowed', instance, { headers: { allow: 'POST' } });
      else ({ response, clientId } = await handleToken(request, db, options, now));
    } else {
      const candidates = operations.filter((op) => op.pattern.test(path));
      const operation = candidates.find((op) => op.method === request.method);
      if (!operation) {
        response =
          candidates.length > 0
            ? problemResponse(405, 'methodNotAllowed', instance, {
                headers: { allow: candidates.map((op) => op.method).join(', ') },
              })
            : problemResponse(404, 'notFound', instance);
      } else {
        operationId = operation.id;
        const token = bearerOf(request);
        const caller = token ? await callerOf(db, token, now) : null;
        if (!caller) {
          response = problemResponse(401, 'unauthorized', instance, {
            headers: { 'www-authenticate': `Bearer realm="agency"${token ? ', error="invalid_token"' : ''}` },
          });
        } else {
          clientId = caller.client.id;
          const limit = await consumeWithin(
            db,
            'agencyClient',
            { points: caller.client.requestsPerMinute, seconds: 60 },
            caller.client.id,
          );
          if (!limit.ok) {
            response = problemResponse(429, 'rateLimited', instance, {
              retryAfterSeconds: limit.retryAfterSeconds,
              headers: { 'retry-after': String(limit.retryAfterSeconds) },
            });
          } else if (operation.scope && !caller.scopes.includes(operation.scope)) {
            response = problemResponse(403, 'insufficientScope', instance, {
              detail: `needs ${operation.scope}`,
              headers: {
                'www-authenticate': `Bearer realm="agency", error="insufficient_scope", scope="${operation.scope}"`,
              },
            });
          } else {
            const params = operation.pattern.exec(path)!.slice(1);
            response = await operation.run({ db, request, url, params, caller, now });
          }
        }
      }
    }
  } catch (error) {
    logger.error({ err: error, operation: operationId }, 'agency api failed');
    response = problemResponse(503, 'unavailable', instance, { headers: { 'retry-after': '5' } });
  }
  if (db) {
    await audit(db, {
      actor: 'agency',
      action: `agency.${operationId}`,
      clientAddress: options.clientAddress,
      at: now,
      detail: { client: clientId, method: request.method, status: response.status },
    }).catch((error: unknown) => logger.error({ err: error }, 'agency audit failed'));
  }
  return response;
}
