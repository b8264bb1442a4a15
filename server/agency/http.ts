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
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { getDatabase, type Database } from '../db/client.ts';
import { logger } from '../http/logger.ts';
import { readBodyText, BodyRefused, maxSmallBodyBytes } from '../http/request-body.ts';
import type { EdgeRefusal } from '../http/security.ts';
import { consumeWithin } from '../limits/rate-limits.ts';
import { attachmentTokenPattern, openAttachment, readUpload } from './attachments.ts';
import { agencyBookingInput, bookAgencyPayment } from './bookings.ts';
import { authenticateClient, callerOf, issueToken, type AgencyCaller, type AgencyScope } from './auth.ts';
import { listSubscriptions, subscribe, subscriptionTypesSchema, unsubscribe } from './delivery.ts';
import { maxFeedLimit, parseCursor, readFeed } from './feed.ts';
import { fileStatusInput, putFileStatus, readFileStatus } from './file-status.ts';
import { letterLinksFor, letterLinksInput } from './letter-links.ts';
import { startImport, importReportPage, importReportQuery } from './import/door.ts';
import { importDebtor, importLine, unstorableText } from './import/line.ts';
import { getAgencyDebtor, putAgencyDebtor } from './debtors.ts';
import { getAgencyFile, putAgencyFile } from './files.ts';
import { listAgencyMandates, listAgencyPlans } from './agreements.ts';
import {
  invoiceIdPattern,
  invoicePdfTokenPattern,
  listAgencyInvoices,
  openInvoicePdf,
  putAgencyInvoice,
  readAgencyInvoice,
  readInvoiceBody,
} from './invoices.ts';
import { agencyDownPaymentInput, putAgencyDownPayment, readAgencyDownPayment } from './down-payment.ts';
import { agencyModalInput, listAgencyModals, modalIdPattern, putAgencyModal, readAgencyModal } from './modals.ts';
import { agencyOpenApiDocument } from './openapi.ts';
import {
  agencyRequestedDocumentsInput,
  putAgencyRequestedDocuments,
  readAgencyRequestedDocuments,
} from './requested-documents.ts';
import { agencySpecialOfferInput, putAgencySpecialOffer, readAgencySpecialOffer } from './special-offer.ts';
import { etagOf, type UpsertRefusal } from './versions.ts';

export const agencyPrefix = '/agency/v1';
export const problemMediaType = 'application/problem+json';

/** Token requests per client id (or client address when none is given) and minute. */
export const tokenAttemptsPerMinute = 30;

export interface AgencyRequestOptions {
  clientAddress: string;
  /** The edge's refusal of this request (a body over its limit, a cross-site post): answered first. */
  refusal?: EdgeRefusal;
  db?: Database;
  now?: () => Date;
}

interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: RegExp;
  scope: AgencyScope | null;
  run: (ctx: OperationContext) => Promise<Response>;
}

interface OperationContext {
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

function json(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The preconditions a PUT sent (RFC 9110 section 13.1). */
const preconditionsOf = (request: Request) => ({
  ifMatch: request.headers.get('if-match'),
  ifNoneMatch: request.headers.get('if-none-match'),
});

/** 428 or 412 for an upsert refused by its preconditions, with the current version when there is one. */
function refusedResponse(refusal: UpsertRefusal, instance: string): Response {
  const current =
    refusal.version === null ? {} : { currentVersion: refusal.version, headers: { etag: etagOf(refusal.version) } };
  return refusal.problem === 'preconditionRequired'
    ? problemResponse(428, 'preconditionRequired', instance, current)
    : problemResponse(412, 'preconditionFailed', instance, current);
}

async function readJson(
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
async function readInput<S extends z.ZodType>(
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

const eventsQuery = z.object({
  after: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(maxFeedLimit).default(100),
});

const subscriptionInput = z
  .object({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .describe('Where the events are posted (https; http only for a test endpoint).'),
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{32,}$/)
      .optional()
      .describe(
        'A Standard Webhooks secret of your own (`whsec_` and base64 of at least 24 bytes); made for you when absent.',
      ),
    eventTypes: subscriptionTypesSchema.optional().describe('Only these event types; all when absent.'),
  })
  .strict();

export const operations: Operation[] = [
  {
    id: 'listEvents',
    method: 'GET',
    pattern: /^\/events$/,
    scope: 'events:read',
    async run({ db, url }) {
      const query = eventsQuery.safeParse(Object.fromEntries(url.searchParams));
      const after = parseCursor(query.data?.after);
      if (!query.success || after === null)
        return problemResponse(400, 'invalid', url.pathname, {
          issues: query.success ? [{ path: 'after', message: 'a cursor from an earlier page' }] : issuesOf(query.error),
        });
      return json(await readFeed(db, after, query.data.limit));
    },
  },
  {
    id: 'listWebhooks',
    method: 'GET',
    pattern: /^\/webhooks$/,
    scope: 'webhooks:manage',
    async run({ db, caller }) {
      return json({ webhooks: await listSubscriptions(db, caller.client.id) });
    },
  },
  {
    id: 'createWebhook',
    method: 'POST',
    pattern: /^\/webhooks$/,
    scope: 'webhooks:manage',
    async run({ db, request, url, caller }) {
      const input = await readInput(request, url.pathname, subscriptionInput);
      if (!input.ok) return input.response;
      const created = await subscribe(db, caller.client.id, input.value);
      return json(created, 201, { location: `${agencyPrefix}/webhooks/${created.id}` });
    },
  },
  {
    id: 'deleteWebhook',
    method: 'DELETE',
    pattern: /^\/webhooks\/([A-Za-z0-9_-]{1,64})$/,
    scope: 'webhooks:manage',
    async run({ db, params, url, caller, now }) {
      return (await unsubscribe(db, caller.client.id, params[0]!, now))
        ? new Response(null, { status: 204 })
        : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'createLetterLinks',
    method: 'POST',
    pattern: /^\/letter-links$/,
    scope: 'files:write',
    async run({ db, request, url, now }) {
      const input = await readInput(request, url.pathname, letterLinksInput);
      if (!input.ok) return input.response;
      return json(await letterLinksFor(db, input.value, now));
    },
  },
  {
    id: 'createImport',
    method: 'POST',
    pattern: /^\/imports$/,
    scope: 'files:write',
    async run({ db, request, url, caller, now }) {
      const started = await startImport(db, request, caller.client.id, now);
      if (!started.ok) return problemResponse(started.status, started.code, url.pathname, { detail: started.detail });
      return json(started.report, 202, { location: `${agencyPrefix}/imports/${started.report.id}` });
    },
  },
  {
    id: 'getImport',
    method: 'GET',
    pattern: /^\/imports\/([1-9][0-9]{0,9})$/,
    scope: 'files:write',
    async run({ db, params, url, caller }) {
      const query = importReportQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) return problemResponse(400, 'invalid', url.pathname, { issues: issuesOf(query.error) });
      const page = await importReportPage(db, Number(params[0]), caller.client.id, query.data);
      return page ? json(page) : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'putPayment',
    method: 'PUT',
    pattern: /^\/files\/([0-9-]{9,14})\/payments\/([A-Za-z0-9_.:-]{1,64})$/,
    scope: 'files:write',
    async run({ db, request, params, url, caller, now }) {
      const input = await readInput(request, url.pathname, agencyBookingInput);
      if (!input.ok) return input.response;
      const outcome = await bookAgencyPayment(db, params[0]!, params[1]!, input.value, {
        clientId: caller.client.id,
        now,
      });
      if (outcome.ok) return json(outcome.booking, outcome.created ? 201 : 200);
      if (outcome.problem === 'notFound') return problemResponse(404, 'notFound', url.pathname);
      if (outcome.problem === 'currency')
        return problemResponse(400, 'invalid', url.pathname, {
          issues: [{ path: 'currency', message: `the file's currency is ${outcome.expected}` }],
        });
      return problemResponse(409, 'conflict', url.pathname, {
        detail: 'This id already booked another payment; a correction is a booking of its own.',
        booking: outcome.booking,
      });
    },
  },
  {
    id: 'getUpload',
    method: 'GET',
    pattern: /^\/uploads\/([1-9][0-9]{0,9})$/,
    scope: 'files:read',
    async run({ db, params, url, caller, now }) {
      const upload = await readUpload(db, Number(params[0]), caller.client.id, agencyPrefix, now);
      return upload ? json(upload) : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'listInvoices',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})\/invoices$/,
    scope: 'files:read',
    async run({ db, params, url }) {
      const invoices = await listAgencyInvoices(db, params[0]!);
      return invoices ? json({ invoices }) : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'getInvoice',
    method: 'GET',
    pattern: new RegExp(`^/files/([0-9-]{9,14})/invoices/(${invoiceIdPattern})$`),
    scope: 'files:read',
    async run({ db, params, url, caller, now }) {
      const found = await readAgencyInvoice(db, params[0]!, params[1]!, caller.client.id, agencyPrefix, now);
      return found
        ? json(found.invoice, 200, { etag: etagOf(found.version) })
        : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'putInvoice',
    method: 'PUT',
    pattern: new RegExp(`^/files/([0-9-]{9,14})/invoices/(${invoiceIdPattern})$`),
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const body = await readInvoiceBody(request);
      if (!body.ok) {
        const { status, code, ...extra } = body.problem;
        return problemResponse(status, code, url.pathname, extra);
      }
      const result = await putAgencyInvoice(db, params[0]!, params[1]!, body.body, preconditionsOf(request), now);
      if (result.ok) {
        const headers: Record<string, string> = { etag: etagOf(result.version) };
        if (result.created) headers.location = url.pathname;
        return json(result.invoice, result.created ? 201 : 200, headers);
      }
      if (result.problem === 'notFound') return problemResponse(404, 'notFound', url.pathname);
      if (result.problem === 'currency')
        return problemResponse(400, 'invalid', url.pathname, {
          issues: [{ path: 'metadata.currency', message: `the file's currency is ${result.expected}` }],
        });
      return refusedResponse(result, url.pathname);
    },
  },
  {
    id: 'listPlans',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})\/plans$/,
    scope: 'files:read',
    async run({ db, params, url }) {
      const plans = await listAgencyPlans(db, params[0]!);
      return plans ? json({ plans }) : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'listMandates',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})\/mandates$/,
    scope: 'files:read',
    async run({ db, params, url, now }) {
      const mandates = await listAgencyMandates(db, params[0]!, now);
      return mandates ? json({ mandates }) : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'getSpecialOffer',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})\/special-offer$/,
    scope: 'files:read',
    async run({ db, params, url, now }) {
      const found = await readAgencySpecialOffer(db, params[0]!, now);
      if (found.ok) return json(found.offer, 200, { etag: etagOf(found.version) });
      return found.problem === 'noOffer'
        ? problemResponse(404, 'noOffer', url.pathname, { detail: 'PUT one to make it.' })
        : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'putSpecialOffer',
    method: 'PUT',
    pattern: /^\/files\/([0-9-]{9,14})\/special-offer$/,
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const input = await readInput(request, url.pathname, agencySpecialOfferInput);
      if (!input.ok) return input.response;
      const result = await putAgencySpecialOffer(db, params[0]!, input.value, preconditionsOf(request), now);
      if (result.ok) {
        const headers: Record<string, string> = { etag: etagOf(result.version) };
        if (result.created) headers.location = url.pathname;
        return json(result.offer, result.created ? 201 : 200, headers);
      }
      switch (result.problem) {
        case 'notFound':
          return problemResponse(404, 'notFound', url.pathname);
        case 'currency':
          return problemResponse(400, 'invalid', url.pathname, {
            issues: [{ path: 'currency', message: `the file's currency is ${result.expected}` }],
          });
        case 'offerTaken':
          return problemResponse(409, 'offerTaken', url.pathname, {
            detail: `The offer is ${result.offer.status === 'open' ? 'being paid' : result.offer.status}; what the debtor did is not undone.`,
            offer: result.offer,
            currentVersion: result.version,
            headers: { etag: etagOf(result.version) },
          });
        case 'unprocessable':
          return problemResponse(422, 'notApplicable', url.pathname, { issues: result.issues });
        default:
          return refusedResponse(result, url.pathname);
      }
    },
  },
  {
    id: 'getDownPayment',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})\/down-payment$/,
    scope: 'files:read',
    async run({ db, params, url, now }) {
      const found = await readAgencyDownPayment(db, params[0]!, now);
      if (found.ok) return json(found.downPayment, 200, { etag: etagOf(found.version) });
      return found.problem === 'noDownPayment'
        ? problemResponse(404, 'noDownPayment', url.pathname, { detail: 'PUT one to make it.' })
        : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'putDownPayment',
    method: 'PUT',
    pattern: /^\/files\/([0-9-]{9,14})\/down-payment$/,
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const input = await readInput(request, url.pathname, agencyDownPaymentInput);
      if (!input.ok) return input.response;
      const result = await putAgencyDownPayment(db, params[0]!, input.value, preconditionsOf(request), now);
      if (result.ok) {
        const headers: Record<string, string> = { etag: etagOf(result.version) };
        if (result.created) headers.location = url.pathname;
        return json(result.downPayment, result.created ? 201 : 200, headers);
      }
      switch (result.problem) {
        case 'notFound':
          return problemResponse(404, 'notFound', url.pathname);
        case 'currency':
          return problemResponse(400, 'invalid', url.pathname, {
            issues: [{ path: 'currency', message: `the file's currency is ${result.expected}` }],
          });
        case 'downPaymentTaken':
          return problemResponse(409, 'downPaymentTaken', url.pathname, {
            detail: `The down payment is ${result.downPayment.status === 'paid' ? 'paid' : 'being paid'}; what the debtor did is not undone.`,
            downPayment: result.downPayment,
            currentVersion: result.version,
            headers: { etag: etagOf(result.version) },
          });
        case 'unprocessable':
          return problemResponse(422, 'notApplicable', url.pathname, { issues: result.issues });
        default:
          return refusedResponse(result, url.pathname);
      }
    },
  },
  {
    id: 'getRequestedDocuments',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})\/requested-documents$/,
    scope: 'files:read',
    async run({ db, params, url, now }) {
      const found = await readAgencyRequestedDocuments(db, params[0]!, now);
      return found.ok
        ? json(found.documents, 200, { etag: etagOf(found.version) })
        : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'putRequestedDocuments',
    method: 'PUT',
    pattern: /^\/files\/([0-9-]{9,14})\/requested-documents$/,
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const input = await readInput(request, url.pathname, agencyRequestedDocumentsInput);
      if (!input.ok) return input.response;
      const result = await putAgencyRequestedDocuments(db, params[0]!, input.value, preconditionsOf(request), now);
      if (result.ok) return json(result.documents, 200, { etag: etagOf(result.version) });
      if (result.problem === 'notFound') return problemResponse(404, 'notFound', url.pathname);
      return refusedResponse(result, url.pathname);
    },
  },
  {
    id: 'listModals',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})\/modals$/,
    scope: 'files:read',
    async run({ db, params, url }) {
      const modals = await listAgencyModals(db, params[0]!);
      return modals ? json({ modals }) : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'getModal',
    method: 'GET',
    pattern: new RegExp(`^/files/([0-9-]{9,14})/modals/(${modalIdPattern})$`),
    scope: 'files:read',
    async run({ db, params, url, now }) {
      const found = await readAgencyModal(db, params[0]!, params[1]!, now);
      return found.ok
        ? json(found.modal, 200, { etag: etagOf(found.version) })
        : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'putModal',
    method: 'PUT',
    pattern: new RegExp(`^/files/([0-9-]{9,14})/modals/(${modalIdPattern})$`),
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const input = await readInput(request, url.pathname, agencyModalInput);
      if (!input.ok) return input.response;
      const result = await putAgencyModal(db, params[0]!, params[1]!, input.value, preconditionsOf(request), now);
      if (result.ok) {
        const headers: Record<string, string> = { etag: etagOf(result.version) };
        if (result.created) headers.location = url.pathname;
        return json(result.modal, result.created ? 201 : 200, headers);
      }
      if (result.problem === 'notFound') return problemResponse(404, 'notFound', url.pathname);
      if (result.problem === 'acknowledged')
        return problemResponse(409, 'acknowledged', url.pathname, {
          detail: 'The debtor acknowledged this modal; put a new one under another id to show it again.',
          modal: result.modal,
          currentVersion: result.version,
          headers: { etag: etagOf(result.version) },
        });
      return refusedResponse(result, url.pathname);
    },
  },
  {
    id: 'getFile',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})$/,
    scope: 'files:read',
    async run({ db, params, url, now }) {
      const file = await getAgencyFile(db, params[0]!, now);
      if (file.ok) return json(file.line, 200, { etag: etagOf(file.version) });
      if (file.problem === 'notFound') return problemResponse(404, 'notFound', url.pathname);
      return problemResponse(409, 'noDebtorKey', url.pathname, {
        detail:
          'The portal holds this file’s debtor without your key (a file from before imports). PUT the whole file with debtor.key, If-Match this version.',
        currentVersion: file.version,
        headers: { etag: etagOf(file.version) },
      });
    },
  },
  {
    id: 'putFile',
    method: 'PUT',
    pattern: /^\/files\/([0-9-]{9,14})$/,
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const input = await readInput(request, url.pathname, importLine);
      if (!input.ok) return input.response;
      const result = await putAgencyFile(db, params[0]!, input.value, preconditionsOf(request), now);
      if (result.ok) {
        const headers: Record<string, string> = { etag: etagOf(result.version) };
        if (result.created) headers.location = `${agencyPrefix}/files/${result.line.reference}`;
        return json(result.line, result.created ? 201 : 200, headers);
      }
      if (result.problem === 'notFound')
        return problemResponse(404, 'notFound', url.pathname, {
          ...(result.deleted ? { detail: 'The file was deleted; it is not made again.' } : {}),
        });
      if (result.problem === 'pathMismatch')
        return problemResponse(422, 'pathMismatch', url.pathname, {
          issues: [{ path: 'reference', message: 'the reference of the path' }],
        });
      return refusedResponse(result, url.pathname);
    },
  },
  {
    id: 'getDebtor',
    method: 'GET',
    pattern: /^\/debtors\/([A-Za-z0-9_.:-]{1,64})$/,
    scope: 'files:read',
    async run({ db, params, url, now }) {
      const debtor = await getAgencyDebtor(db, params[0]!, now);
      return debtor.ok
        ? json(debtor.debtor, 200, { etag: etagOf(debtor.version) })
        : problemResponse(404, 'notFound', url.pathname);
    },
  },
  {
    id: 'putDebtor',
    method: 'PUT',
    pattern: /^\/debtors\/([A-Za-z0-9_.:-]{1,64})$/,
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const input = await readInput(request, url.pathname, importDebtor);
      if (!input.ok) return input.response;
      const result = await putAgencyDebtor(db, params[0]!, input.value, preconditionsOf(request), now);
      if (result.ok) {
        const headers: Record<string, string> = { etag: etagOf(result.version) };
        if (result.created) headers.location = `${agencyPrefix}/debtors/${result.debtor.key}`;
        return json(result.debtor, result.created ? 201 : 200, headers);
      }
      if (result.problem === 'pathMismatch')
        return problemResponse(422, 'pathMismatch', url.pathname, {
          issues: [{ path: 'key', message: 'the key of the path' }],
        });
      return refusedResponse(result, url.pathname);
    },
  },
  {
    id: 'getFileStatus',
    method: 'GET',
    pattern: /^\/files\/([0-9-]{9,14})\/status$/,
    scope: 'files:read',
    async run({ db, params, url, now }) {
      const status = await readFileStatus(db, params[0]!, now);
      if (!status) return problemResponse(404, 'notFound', url.pathname);
      return json(status, 200, { etag: etagOf(status.version) });
    },
  },
  {
    id: 'putFileStatus',
    method: 'PUT',
    pattern: /^\/files\/([0-9-]{9,14})\/status$/,
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const input = await readInput(request, url.pathname, fileStatusInput);
      if (!input.ok) return input.response;
      const result = await putFileStatus(db, params[0]!, input.value, request.headers.get('if-match'), now);
      if (!result.ok)
        return result.problem === 'notFound'
          ? problemResponse(404, 'notFound', url.pathname)
          : problemResponse(412, 'preconditionFailed', url.pathname, {
              currentVersion: result.current.version,
              headers: { etag: etagOf(result.current.version) },
            });
      return json(result.status, 200, { etag: etagOf(result.status.version) });
    },
  },
];

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
