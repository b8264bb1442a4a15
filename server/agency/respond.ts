/**
 * What the agency API's operations answer with and read by (decision 086): the operation's shape,
 * RFC 9457 problem details, JSON answers, an upsert's preconditions (RFC 9110 section 13.1) and a
 * body read as JSON by a schema. The runtime (http.ts) finds and authorises the operation; the
 * operations themselves are in operations/.
 */
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { readBodyText, BodyRefused, maxSmallBodyBytes } from '../http/request-body.ts';
import type { AgencyCaller, AgencyScope } from './auth.ts';
import { unstorableText } from './import/line.ts';
import type { PartDeletion, StandingPartWrite } from './parts.ts';
import { etagOf, type UpsertRefusal } from './versions.ts';

export const agencyPrefix = '/agency/v1';
export const problemMediaType = 'application/problem+json';

export interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: RegExp;
  scope: AgencyScope | null;
  run: (ctx: OperationContext) => Promise<Response>;
}

export interface OperationContext {
  db: Database;
  request: Request;
  url: URL;
  params: string[];
  caller: AgencyCaller;
  now: Date;
}

const problemTitles: Record<string, string> = {
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  unauthorized: 'A valid bearer token is needed',
  insufficientScope: 'The token lacks the scope this call needs',
  rateLimited: 'Too many calls: wait Retry-After seconds',
  invalid: 'Invalid input',
  brokenBody: 'The body is not valid JSON',
  tooLarge: 'The body is too large',
  crossSite: 'A cross-site request is refused',
  unsupportedMediaType: 'Send application/json',
  preconditionFailed: 'If-Match does not name the current version',
  preconditionRequired: 'Send If-Match with the ETag you read: the resource exists',
  pathMismatch: 'The body names another resource than the path',
  noDebtorKey: 'The file’s debtor has no agency key yet: PUT the file with one',
  gone: 'The upload is no longer kept',
  brokenPdf: 'The PDF is cut short',
  conflict: 'The id already names another booking',
  noOffer: 'The file has no special offer',
  offerTaken: 'The debtor accepted or paid this offer: it is not changed',
  notApplicable: 'The body does not fit the file as it is (see issues)',
  noDownPayment: 'The file has no down payment',
  downPaymentTaken: 'The debtor paid or is paying this down payment: it is not changed',
  acknowledged: 'The debtor acknowledged this modal: it is not changed',
  unavailable: 'Unavailable for the moment',
  importsRunning: 'The client’s most imports are running: send the batch again after Retry-After seconds',
};

export function problemResponse(
  status: number,
  code: string,
  instance: string,
  extra: {
    detail?: string;
    issues?: Array<{ path: string; message: string }>;
    headers?: Record<string, string>;
  } & Record<string, unknown> = {},
): Response {
  const { headers, ...rest } = extra;
  return new Response(
    JSON.stringify({
      type: `${agencyPrefix}/openapi.json#/components/schemas/Problem/x-codes/${code}`,
      title: problemTitles[code] ?? code,
      status,
      code,
      instance,
      ...rest,
    }),
    { status, headers: { 'content-type': problemMediaType, 'cache-control': 'no-store', ...headers } },
  );
}

export function json(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

export function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The preconditions a PUT sent (RFC 9110 section 13.1). */
export const preconditionsOf = (request: Request) => ({
  ifMatch: request.headers.get('if-match'),
  ifNoneMatch: request.headers.get('if-none-match'),
});

/** 428 or 412 for an upsert refused by its preconditions, with the current version when there is one. */
export function refusedResponse(refusal: UpsertRefusal, instance: string): Response {
  const current =
    refusal.version === null ? {} : { currentVersion: refusal.version, headers: { etag: etagOf(refusal.version) } };
  return refusal.problem === 'preconditionRequired'
    ? problemResponse(428, 'preconditionRequired', instance, current)
    : problemResponse(412, 'preconditionFailed', instance, current);
}

export async function readJson(
  request: Request,
  instance: string,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json' && !type?.endsWith('+json'))
    return { ok: false, response: problemResponse(415, 'unsupportedMediaType', instance) };
  let text: string;
  try {
    text = await readBodyText(request, maxSmallBodyBytes);
  } catch (error) {
    if (error instanceof BodyRefused) return { ok: false, response: problemResponse(413, 'tooLarge', instance) };
    return { ok: false, response: problemResponse(400, 'brokenBody', instance) };
  }
  // What the database cannot hold (a NUL, half a surrogate pair) is refused here, never by it.
  const unstorable = unstorableText(text);
  if (unstorable)
    return {
      ok: false,
      response: problemResponse(400, 'invalid', instance, { issues: [{ path: '', message: unstorable }] }),
    };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: problemResponse(400, 'brokenBody', instance) };
  }
}

/** The body read as JSON and by `schema`: its value, or the problem to answer (415, 413, 400). */
export async function readInput<S extends z.ZodType>(
  request: Request,
  instance: string,
  schema: S,
): Promise<{ ok: true; value: z.output<S> } | { ok: false; response: Response }> {
  const body = await readJson(request, instance);
  if (!body.ok) return body;
  const input = schema.safeParse(body.value);
  return input.success
    ? { ok: true, value: input.data }
    : { ok: false, response: problemResponse(400, 'invalid', instance, { issues: issuesOf(input.error) }) };
}

/**
 * The answer to an upsert that went through: the resource with its ETag, 201 with `Location` when
 * the call made it (`location`, the path it is found at), else 200.
 */
export function upsertedResponse(
  resource: unknown,
  result: { created: boolean; version: number },
  location: string,
): Response {
  const headers: Record<string, string> = { etag: etagOf(result.version) };
  if (result.created) headers.location = location;
  return json(resource, result.created ? 201 : 200, headers);
}

/**
 * The answer to the PUT of a part every file has (parts.ts `putStandingPart`: the requested
 * documents, the payment methods, the instalment terms): 200 with the part and its ETag (it always
 * exists, so never 201), or its problem: 404, 422 `notApplicable` with the issues, 428 or 412.
 */
export function standingPartResponse<P>(result: StandingPartWrite<P>, instance: string): Response {
  if (result.ok) return json(result.part, 200, { etag: etagOf(result.version) });
  if (result.problem === 'notFound') return problemResponse(404, 'notFound', instance);
  if (result.problem === 'unprocessable')
    return problemResponse(422, 'notApplicable', instance, { issues: result.issues });
  return refusedResponse(result, instance);
}

/**
 * The answer to a DELETE of a part (parts.ts `deletePart`, decision 106): 204, with the part's
 * ETag when it still reads as something (a withdrawn offer, a cancelled down payment), or its
 * problem: 404 (`noPart`: no such part on the file), 409 with the part as it is (`taken`), 428
 * or 412.
 */
export function deletedResponse<P>(
  result: PartDeletion<P>,
  instance: string,
  problems: {
    noPart: string;
    /** The 409 of a part the debtor takes or answers; none for a part the debtor never answers (an invoice). */
    taken?: (part: P) => { code: string; detail: string; resource: Record<string, unknown> };
  },
): Response {
  if (result.ok)
    return new Response(null, {
      status: 204,
      headers: { 'cache-control': 'no-store', ...(result.version === null ? {} : { etag: etagOf(result.version) }) },
    });
  switch (result.problem) {
    case 'notFound':
      return problemResponse(404, 'notFound', instance);
    case 'noPart':
      return problemResponse(404, problems.noPart, instance);
    case 'taken': {
      if (!problems.taken) throw new Error(`${instance}: a part the debtor never answers was taken`);
      const taken = problems.taken(result.part);
      return debtorActedResponse(taken.code, instance, taken.detail, taken.resource, result.version);
    }
    default:
      return refusedResponse(result, instance);
  }
}

/** 400 for an amount in another currency than the file's (`path`: where the currency was given). */
export function otherCurrencyResponse(instance: string, expected: string, path = 'currency'): Response {
  return problemResponse(400, 'invalid', instance, {
    issues: [{ path, message: `the file's currency is ${expected}` }],
  });
}

/**
 * 409 for a PUT that would undo what the debtor did (decision 102): the resource as it is now
 * (under `name`), with its version and ETag, and nothing written.
 */
export function debtorActedResponse(
  code: string,
  instance: string,
  detail: string,
  resource: Record<string, unknown>,
  version: number,
): Response {
  return problemResponse(409, code, instance, {
    detail,
    ...resource,
    currentVersion: version,
    headers: { etag: etagOf(version) },
  });
}
