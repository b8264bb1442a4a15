/**
 * The OpenAPI 3.1 document of the agency API, served at /agency/v1/openapi.json: generated from the
 * same zod schemas the runtime parses with (zod-openapi, as the debtor API's document in
 * server/api/openapi.ts). It holds the operations, the OAuth 2.0 client-credentials scheme with
 * its scopes, the problem details, the event envelope and every event type, and the webhook the
 * portal posts (OpenAPI 3.1 `webhooks`) with its Standard Webhooks headers.
 */
import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { agencyScopes, tokenLifetimeSeconds } from './auth.ts';
import { eventDescriptions, eventEnvelopeSchema, eventTypes } from './events.ts';
import { attachmentLinkSeconds, uploadSchema } from './attachments.ts';
import { agencyBookingInput, agencyBookingSchema } from './bookings.ts';
import { maxFeedLimit } from './feed.ts';
import { letterLinksInput, letterLinksSchema } from './letter-links.ts';
import { fileStatusInput, fileStatusSchema } from './file-status.ts';
import { maxImportLines, maxRejectsPage } from './import/door.ts';
import { importDebtor, importLine } from './import/line.ts';
import { maxImportBodyBytes } from './import/receive.ts';
import { maxSmallBodyBytes } from '../http/request-body.ts';
import { importStatuses } from './import/run.ts';
import { agencyMandateSchema, agencyPlanSchema } from './agreements.ts';
import {
  agencyInvoiceInput,
  agencyInvoiceSchema,
  agencyInvoiceWithLinkSchema,
  invoiceLinkSeconds,
  maxInvoicePdfBytes,
} from './invoices.ts';
import { agencyDownPaymentInput, agencyDownPaymentSchema } from './down-payment.ts';
import { agencyModalInput, agencyModalSchema, modalIdPattern } from './modals.ts';
import { agencyRequestedDocumentsInput, agencyRequestedDocumentsSchema } from './requested-documents.ts';
import { agencySpecialOfferInput, agencySpecialOfferSchema } from './special-offer.ts';

const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z
      .enum([
        'notFound',
        'methodNotAllowed',
        'unauthorized',
        'insufficientScope',
        'rateLimited',
        'invalid',
        'brokenBody',
        'tooLarge',
        'unsupportedMediaType',
        'preconditionFailed',
        'preconditionRequired',
        'pathMismatch',
        'noDebtorKey',
        'gone',
        'brokenPdf',
        'conflict',
        'noOffer',
        'offerTaken',
        'notApplicable',
        'noDownPayment',
        'downPaymentTaken',
        'acknowledged',
        'unavailable',
      ])
      .describe('The problem, as a code to branch on.'),
    instance: z.string().describe('The path that was called.'),
    detail: z.string().optional(),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('400: each invalid field.'),
    retryAfterSeconds: z.number().int().optional().describe('429: also sent as Retry-After.'),
    currentVersion: z
      .number()
      .int()
      .optional()
      .describe(
        '412, 428 (and 409 `noDebtorKey`, `offerTaken`, `downPaymentTaken`, `acknowledged`): the version If-Match should name; also sent as ETag.',
      ),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details (application/problem+json).' });

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemSchema } },
});

const common = {
  '401': problem('No token, or an invalid, expired or revoked one.'),
  '403': problem('The token lacks the scope (`insufficientScope`).'),
  '429': {
    ...problem('Over the client’s calls per minute.'),
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } },
  },
  '503': problem('Unavailable for the moment.'),
};

const eventPage = z
  .object({
    events: z.array(eventEnvelopeSchema.extend({ cursor: z.string().describe('This event’s position.') })),
    next: z.string().describe('Ask with `after=<next>` for the following page (the same value when nothing was new).'),
  })
  .meta({ id: 'EventPage' });

const subscription = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.enum(eventTypes as [string, ...string[]])).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Webhook' });

const subscriptionInput = z
  .object({
    url: z.string().describe('The endpoint (https; http only for a test endpoint).'),
    secret: z.string().optional().describe('Your Standard Webhooks secret (`whsec_…`); made for you when absent.'),
    eventTypes: z.array(z.enum(eventTypes as [string, ...string[]])).optional(),
  })
  .meta({ id: 'WebhookInput' });

const importCounts = {
  id: z.number().int().describe('The job’s id.'),
  status: z
    .enum(importStatuses)
    .describe('`running`; `done`: every line read; `failed`: stopped (see `error`), what was merged stays.'),
  lines: z.number().int().describe('The lines of the batch read and merged so far (every line when done).'),
  chunkLines: z.number().int().describe('Lines merged in one transaction; a stopped job goes on after its last chunk.'),
  accepted: z.number().int().describe('Lines read by the line format and merged.'),
  rejected: z.number().int().describe('Lines refused (see `rejectedLines`); they never stop the batch.'),
  filesCreated: z.number().int(),
  filesUpdated: z.number().int().describe('Files that existed and changed; an unchanged file is not counted.'),
  debtorsCreated: z.number().int(),
  debtorsUpdated: z.number().int(),
  creditorsCreated: z.number().int(),
  statusChanges: z
    .number()
    .int()
    .describe(
      'Existing files whose status changed (each written to the status history; the file’s version counts up when it is next read or written).',
    ),
  error: z.string().nullable().describe('Why a failed job stopped.'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
};

const importJob = z.object(importCounts).meta({ id: 'Import', description: 'An import of a letter batch.' });

const importReport = z
  .object({
    ...importCounts,
    rejectedLines: z
      .array(
        z.object({
          line: z.number().int().describe('The line’s number in the batch (from 1).'),
          issues: z
            .array(
              z.object({ path: z.string().describe('The field, dotted (`debtor.postalCode`).'), message: z.string() }),
            )
            .describe('Each field that was wrong and why.'),
          text: z.string().describe('The line’s first 1,000 characters.'),
        }),
      )
      .describe('Refused lines in line order, a page at a time.'),
    next: z.number().int().nullable().describe('Ask with `after=<next>` for the next page; null on the last.'),
  })
  .meta({ id: 'ImportReport', description: 'An import with its refused lines.' });

const reference = z
  .string()
  .regex(/^\d{9}(-\d{1,4})?$/)
  .describe('The reference number, `-<subcase>` when not 1.');
const bearer = [{ oauth2: [] as string[] }];

const debtorKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
  .describe('The agency’s own key of the debtor (`debtor.key` of a line).');

const etagHeader = {
  ETag: {
    description: 'The version (the file’s one version, shared with its status): send it as If-Match to change it.',
    schema: { type: 'string' as const },
  },
};

const invoiceId = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
  .describe('Your own id of the invoice.');

const modalId = z
  .string()
  .regex(new RegExp(`^${modalIdPattern}$`))
  .describe('Your own id of the modal.');

const invoiceEtag = {
  ETag: {
    description: 'The invoice’s version (its own, not the file’s): send it as If-Match to change it.',
    schema: { type: 'string' as const },
  },
};

/** The headers of a conditional PUT (RFC 9110 section 13.1). */
const conditionalHeaders = z.object({
  'If-Match': z
    .string()
    .optional()
    .describe('The ETag you read. Needed to change what exists (428 without it); 412 when it changed since.'),
  'If-None-Match': z.string().optional().describe('`*`: only make it; 412 when it exists already.'),
});

/** The answers of a versioned upsert (a whole file, a debtor). */
const upsertResponses = (what: string, schema: z.ZodType) => ({
  '200': {
    description: `Updated, or already so (the same body again changes nothing and keeps the version). The ${what} as it is now.`,
    headers: etagHeader,
    content: { 'application/json': { schema } },
  },
  '201': {
    description: `Made. The ${what} as it is now.`,
    headers: {
      ...etagHeader,
      Location: { description: `The ${what}.`, schema: { type: 'string' as const } },
    },
    content: { 'application/json': { schema } },
  },
  '400': problem('Not JSON (`brokenBody`), or invalid by the schema (`invalid`, with `issues`).'),
  '412': problem(
    'If-Match named another version (or the resource does not exist), or If-None-Match `*` and it exists: nothing changed.',
  ),
  '413': problem(`Over ${maxSmallBodyBytes} bytes.`),
  '415': problem('Not application/json.'),
  '422': problem('The body names another resource than the path (`pathMismatch`).'),
  '428': problem('The resource exists and the body would change it: send If-Match (`preconditionRequired`).'),
  ...common,
});

/** The ETag of a part of a file the agency sets (decision 102): the part's own version. */
const partEtag = (what: string) => ({
  ETag: {
    description: `The ${what}’s version (its own, not the file’s): send it as If-Match to change it.`,
    schema: { type: 'string' as const },
  },
});

/** The answers of a versioned upsert of a part of a file (special offer, requested documents, modal). */
const partUpsertResponses = (what: string, schema: z.ZodType, made: boolean) => ({
  '200': {
    description: `Updated, or already so (the same body again changes nothing and keeps the version). The ${what} as it is now.`,
    headers: partEtag(what),
    content: { 'application/json': { schema } },
  },
  ...(made
    ? {
        '201': {
          description: `Made. The ${what} as it is now.`,
          headers: {
            ...partEtag(what),
            Location: { description: `The ${what}.`, schema: { type: 'string' as const } },
          },
          content: { 'application/json': { schema } },
        },
      }
    : {}),
  '400': problem('Not JSON (`brokenBody`), or invalid by the schema (`invalid`, with `issues`; unknown fields too).'),
  '404': problem('No such file, or a deleted one.'),
  '412': problem(
    `If-Match named another version${made ? ` (or there is no such ${what})` : ''}, or If-None-Match \`*\` and it exists: nothing changed.`,
  ),
  '413': problem(`Over ${maxSmallBodyBytes} bytes.`),
  '415': problem('Not application/json.'),
  '428': problem(`The ${what} exists and the body would change it: send If-Match (\`preconditionRequired\`).`),
  ...common,
});

export function buildAgencyOpenApiDocument() {
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Agency API',
        version: '1.0.0',
        description:
          'The collection agency’s side of the portal (issue 29): machine clients with OAuth 2.0 client credentials, what debtors did as events (pull feed and signed webhooks), and the agency’s data in. Errors are RFC 9457 problem details. See docs/agency-api.md.',
      },
      servers: [{ url: '/agency/v1' }],
      tags: [
        { name: 'Events', description: 'What debtors did, as a feed to poll.' },
        { name: 'Webhooks', description: 'Endpoints the events are posted to.' },
        { name: 'Files', description: 'The agency’s files as the portal shows them.' },
        { name: 'Debtors', description: 'The debtors of the files, by the agency’s own key.' },
        { name: 'Uploads', description: 'The files debtors uploaded, by links that expire.' },
        { name: 'Invoices', description: 'The creditor’s invoices of a file, with their PDFs.' },
        { name: 'Agreements', description: 'Instalment plans and SEPA mandates as debtors agreed them.' },
        {
          name: 'File parts',
          description:
            'What the agency sets on a file for its debtor: the special offer, the down payment, requested documents, modals.',
        },
        { name: 'Imports', description: 'Letter batches: many files at once, as NDJSON.' },
      ],
      paths: {
        '/events': {
          get: {
            operationId: 'listEvents',
            tags: ['Events'],
            summary: 'Events after a cursor, oldest first (the pull feed).',
            description:
              'Events appear here only once every transaction that could still add an earlier one has ended, so reading from the last `next` never skips one.',
            security: [{ oauth2: ['events:read'] }],
            requestParams: {
              query: z.object({
                after: z
                  .string()
                  .regex(/^\d+$/)
                  .optional()
                  .describe('The `next` of the page before; from the start when absent.'),
                limit: z
                  .number()
                  .int()
                  .min(1)
                  .max(maxFeedLimit)
                  .optional()
                  .describe('At most this many (default 100).'),
              }),
            },
            responses: {
              '200': { description: 'A page of events.', content: { 'application/json': { schema: eventPage } } },
              '400': problem('A broken cursor or limit.'),
              ...common,
            },
          },
        },
        '/webhooks': {
          get: {
            operationId: 'listWebhooks',
            tags: ['Webhooks'],
            summary: 'The client’s webhook endpoints.',
            description:
              'Every endpoint this client subscribed, with the event types it chose and the cursor of the last event a delivery was made for; the secrets are not shown.',
            security: [{ oauth2: ['webhooks:manage'] }],
            responses: {
              '200': {
                description: 'The endpoints (secrets are never shown again).',
                content: { 'application/json': { schema: z.object({ webhooks: z.array(subscription) }) } },
              },
              ...common,
            },
          },
          post: {
            operationId: 'createWebhook',
            tags: ['Webhooks'],
            summary: 'Subscribe an endpoint: events from now on are posted to it, signed with its secret.',
            description:
              'The endpoint receives every event written after this call (or the types chosen), each in its own signed POST, in order per file. Without a `secret` one is made and answered here once; keep it to verify the signatures.',
            security: [{ oauth2: ['webhooks:manage'] }],
            requestBody: { required: true, content: { 'application/json': { schema: subscriptionInput } } },
            responses: {
              '201': {
                description: 'Subscribed; the secret is shown this once.',
                content: { 'application/json': { schema: subscription.extend({ secret: z.string() }) } },
              },
              '400': problem('Invalid input.'),
              '415': problem('Not JSON.'),
              ...common,
            },
          },
        },
        '/webhooks/{id}': {
          delete: {
            operationId: 'deleteWebhook',
            tags: ['Webhooks'],
            summary: 'Unsubscribe an endpoint (deliveries not yet made are dropped).',
            description:
              'No event is posted to the endpoint after this call; deliveries still pending are dropped. The events stay in the feed.',
            security: [{ oauth2: ['webhooks:manage'] }],
            requestParams: { path: z.object({ id: z.string() }) },
            responses: {
              '204': { description: 'Unsubscribed.' },
              '404': problem('No such endpoint of this client.'),
              ...common,
            },
          },
        },
        '/files/{reference}/payments/{id}': {
          put: {
            operationId: 'putPayment',
            tags: ['Files'],
            summary:
              'Book a payment the agency received (a transfer to its account, cash) on the file, once per its own id.',
            description:
              'Booked as a payment made in the portal is: the file’s payments and balance, a credit for what arrived beyond the claim, status 3 when nothing is left. The same id with the same payment answers the booking made (200); with another amount, currency or day it is 409 with the booking made (a correction is a booking of its own). No event is written for it.',
            security: [{ oauth2: ['files:write'] }],
            requestParams: {
              path: z.object({
                reference,
                id: z
                  .string()
                  .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
                  .describe('The agency’s own id.'),
              }),
            },
            requestBody: { required: true, content: { 'application/json': { schema: agencyBookingInput } } },
            responses: {
              '201': { description: 'Booked.', content: { 'application/json': { schema: agencyBookingSchema } } },
              '200': {
                description: 'Booked before under this id.',
                content: { 'application/json': { schema: agencyBookingSchema } },
              },
              '400': problem('Invalid input, or not the file’s currency.'),
              '404': problem('No such file.'),
              '409': problem('The id already booked another payment (`conflict`, with `booking`).'),
              '415': problem('Not JSON.'),
              ...common,
            },
          },
        },
        '/letter-links': {
          post: {
            operationId: 'createLetterLinks',
            tags: ['Files'],
            summary: 'The links a letter batch prints as QR codes, one per file asked.',
            description:
              'Each link signs the file and an expiry and is redeemed once (a letter link signs the debtor in, at the level the file allows). Nothing is stored: ask again for a new batch. A reference the portal does not hold, or a file deleted or legally blocked, gets no link and says why, so that no letter prints a link that cannot work.',
            security: [{ oauth2: ['files:write'] }],
            requestBody: { required: true, content: { 'application/json': { schema: letterLinksInput } } },
            responses: {
              '200': {
                description: 'The links, in the order asked.',
                content: { 'application/json': { schema: letterLinksSchema } },
              },
              '400': problem('Invalid input (more than 1,000 references, a malformed one).'),
              '415': problem('Not JSON.'),
              ...common,
            },
          },
        },
        '/imports': {
          post: {
            operationId: 'createImport',
            tags: ['Imports'],
            summary: 'Import a letter batch: one file a line (NDJSON, gzip or not); answered at once, imported after.',
            description: `The body is NDJSON, one \`ImportLine\` a line (the file's whole state: it is made, or updated to it), gzip when sent with \`Content-Encoding: gzip\`, at most ${maxImportBodyBytes} bytes and ${maxImportLines} lines. The job is answered at once (202); ask \`getImport\` until it is \`done\`. A refused line is reported by number and field and never stops the batch. The same batch again changes nothing.`,
            security: [{ oauth2: ['files:write'] }],
            requestParams: {
              header: z.object({
                'Content-Encoding': z.enum(['gzip', 'identity']).optional().describe('gzip when the batch is gzipped.'),
              }),
            },
            requestBody: {
              required: true,
              content: {
                'application/x-ndjson': { schema: importLine },
              },
            },
            responses: {
              '202': {
                description: 'Received; the import runs on.',
                headers: { Location: { description: 'The job.', schema: { type: 'string' as const } } },
                content: { 'application/json': { schema: importJob } },
              },
              '400': problem('An empty body, or one said to be gzip that is not.'),
              '413': problem('Over the largest batch.'),
              '415': problem('Not application/x-ndjson, or another content coding than gzip.'),
              ...common,
            },
          },
        },
        '/imports/{id}': {
          get: {
            operationId: 'getImport',
            tags: ['Imports'],
            summary: 'An import’s progress and report, with its refused lines a page at a time.',
            description:
              'The counts so far (the lines merged, files made and changed, lines refused) and the refused lines with each field that was wrong. Only the client that sent the batch sees it.',
            security: [{ oauth2: ['files:write'] }],
            requestParams: {
              path: z.object({ id: z.string().regex(/^[1-9][0-9]{0,9}$/) }),
              query: z.object({
                after: z.number().int().min(0).optional().describe('The `next` of the page before.'),
                limit: z
                  .number()
                  .int()
                  .min(1)
                  .max(maxRejectsPage)
                  .optional()
                  .describe('At most this many refused lines (default 100).'),
              }),
            },
            responses: {
              '200': { description: 'The report.', content: { 'application/json': { schema: importReport } } },
              '400': problem('A broken `after` or `limit`.'),
              '404': problem('No such import of this client.'),
              ...common,
            },
          },
        },
        '/uploads/{id}': {
          get: {
            operationId: 'getUpload',
            tags: ['Uploads'],
            summary: `A file a debtor uploaded (events name it by id), with a download link that works for ${attachmentLinkSeconds} s.`,
            description:
              'Events name uploads by id (`uploadId`, `uploadIds`). The answer tells what the upload is and gives `download.url`, which works without a bearer token until `download.expiresAt`; the download is audited under this client. Ask again for a new link when it has expired.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ id: z.string().regex(/^[1-9][0-9]{0,9}$/) }) },
            responses: {
              '200': { description: 'The upload.', content: { 'application/json': { schema: uploadSchema } } },
              '404': problem('No such upload.'),
              ...common,
            },
          },
        },
        '/attachments/{token}': {
          get: {
            operationId: 'downloadAttachment',
            tags: ['Uploads'],
            summary:
              'The bytes of an upload, by the link `getUpload` answered (no bearer token: the link is the credential).',
            description:
              'The link itself is the credential (signed for the client that asked, for a few minutes): no bearer token. An expired or altered link is 404; an upload the retention rules removed is 410.',
            security: [],
            requestParams: { path: z.object({ token: z.string() }) },
            responses: {
              '200': {
                description: 'The file, as an attachment, with its media type and a `Digest` of its SHA-256.',
                content: {
                  'application/pdf': { schema: { type: 'string', format: 'binary' } },
                  'image/jpeg': { schema: { type: 'string', format: 'binary' } },
                  'image/png': { schema: { type: 'string', format: 'binary' } },
                  'image/tiff': { schema: { type: 'string', format: 'binary' } },
                },
              },
              '404': problem('Not a link of ours, or expired: ask getUpload for a new one.'),
              '410': problem('The upload is no longer kept (`gone`).'),
              '503': problem('Unavailable for the moment.'),
            },
          },
        },
        '/files/{reference}/invoices': {
          get: {
            operationId: 'listInvoices',
            tags: ['Invoices'],
            summary: 'The invoices you put on the file, by date.',
            description:
              'Each invoice put by `putInvoice`, with its PDF’s size and SHA-256 (no download links: ask `getInvoice` for one). Invoices the portal holds from elsewhere (files from before the API) are not listed.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The invoices.',
                content: { 'application/json': { schema: z.object({ invoices: z.array(agencyInvoiceSchema) }) } },
              },
              '404': problem('No such file.'),
              ...common,
            },
          },
        },
        '/files/{reference}/invoices/{id}': {
          get: {
            operationId: 'getInvoice',
            tags: ['Invoices'],
            summary: `An invoice with a download link of its PDF that works for ${invoiceLinkSeconds} s, and its version as the ETag.`,
            description:
              'The invoice’s metadata and `download.url`, which works without a bearer token until `download.expiresAt` and only for the PDF the invoice had when the link was made. The download is audited under this client.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference, id: invoiceId }) },
            responses: {
              '200': {
                description: 'The invoice.',
                headers: invoiceEtag,
                content: { 'application/json': { schema: agencyInvoiceWithLinkSchema } },
              },
              '404': problem('No such file, or no invoice of yours with this id on it.'),
              ...common,
            },
          },
          put: {
            operationId: 'putInvoice',
            tags: ['Invoices'],
            summary: 'Put an invoice with its PDF on the file, by your own id (idempotent; If-Match to change it).',
            description: `multipart/form-data with two parts: \`metadata\` (JSON, \`AgencyInvoiceInput\`) and \`pdf\` (the PDF as a file part, at most ${maxInvoicePdfBytes} bytes, starting \`%PDF-\` and ending \`%%EOF\`). The invoice appears on the debtor’s claim information page with its PDF to download. A new invoice is 201 with Location. Changing one needs If-Match with its ETag (428 without, 412 when stale, nothing written); the same metadata and PDF again answer 200 with the same ETag and store nothing. The file’s own version does not change: the amounts of the claim are the file’s (\`putFile\`).`,
            security: [{ oauth2: ['files:write'] }],
            requestParams: { path: z.object({ reference, id: invoiceId }), header: conditionalHeaders },
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    required: ['metadata', 'pdf'],
                    properties: {
                      metadata: { $ref: '#/components/schemas/AgencyInvoiceInput' },
                      pdf: { type: 'string', format: 'binary', description: 'The invoice as PDF.' },
                    },
                  },
                  encoding: {
                    metadata: { contentType: 'application/json' },
                    pdf: { contentType: 'application/pdf' },
                  },
                },
              },
            },
            responses: {
              '200': {
                description:
                  'Updated, or already so (the same body again changes nothing and keeps the version). The invoice as it is now.',
                headers: invoiceEtag,
                content: { 'application/json': { schema: agencyInvoiceSchema } },
              },
              '201': {
                description: 'Made. The invoice as it is now.',
                headers: {
                  ...invoiceEtag,
                  Location: { description: 'The invoice.', schema: { type: 'string' as const } },
                },
                content: { 'application/json': { schema: agencyInvoiceSchema } },
              },
              '400': problem(
                'A broken body (`brokenBody`), missing, repeated or unknown parts, invalid metadata or another currency than the file’s (`invalid`, with `issues`).',
              ),
              '404': problem('No such file.'),
              '412': problem('If-Match named another version, or If-None-Match `*` and it exists: nothing changed.'),
              '413': problem(`A PDF over ${maxInvoicePdfBytes} bytes, or a body over its limit.`),
              '415': problem('Not multipart/form-data, or a `pdf` part that is no PDF (`unsupportedMediaType`).'),
              '422': problem('A PDF cut short: no `%%EOF` at its end (`brokenPdf`).'),
              '428': problem(
                'The invoice exists and the body would change it: send If-Match (`preconditionRequired`).',
              ),
              ...common,
            },
          },
        },
        '/invoice-pdfs/{token}': {
          get: {
            operationId: 'downloadInvoicePdf',
            tags: ['Invoices'],
            summary:
              'An invoice’s PDF, by the link `getInvoice` answered (no bearer token: the link is the credential).',
            description:
              'The link itself is the credential (signed for the client that asked, for a few minutes): no bearer token. An expired or altered link, or one made for a PDF the invoice no longer has, is 404; an invoice whose PDF is no longer kept is 410.',
            security: [],
            requestParams: { path: z.object({ token: z.string() }) },
            responses: {
              '200': {
                description: 'The PDF, as an attachment, with a `Digest` of its SHA-256.',
                content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
              },
              '404': problem('Not a link of ours, expired, or made for another PDF: ask getInvoice for a new one.'),
              '410': problem('The PDF is no longer kept (`gone`).'),
              '503': problem('Unavailable for the moment.'),
            },
          },
        },
        '/files/{reference}/plans': {
          get: {
            operationId: 'listPlans',
            tags: ['Agreements'],
            summary: 'The file’s instalment plans as the debtor agreed them, newest first.',
            description:
              'Every plan of the file, cancelled and completed ones too: costs, the schedule with what was paid and skipped, the status, the payment method, the direct debit mandate and where the debtor agreed it (`channel`). Read-only: plans are agreed by the debtor.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The plans.',
                content: { 'application/json': { schema: z.object({ plans: z.array(agencyPlanSchema) }) } },
              },
              '404': problem('No such file.'),
              ...common,
            },
          },
        },
        '/files/{reference}/mandates': {
          get: {
            operationId: 'listMandates',
            tags: ['Agreements'],
            summary: 'The file’s SEPA direct debit mandates as signed, newest first, with the full IBAN.',
            description:
              'Each mandate with its own account holder, IBAN, BIC, reference and date as the debtor signed it (the debtor’s current account may differ), what it pays and its status as that agreement makes it. Only this file’s mandates.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The mandates.',
                content: { 'application/json': { schema: z.object({ mandates: z.array(agencyMandateSchema) }) } },
              },
              '404': problem('No such file.'),
              ...common,
            },
          },
        },
        '/files/{reference}/special-offer': {
          get: {
            operationId: 'getSpecialOffer',
            tags: ['File parts'],
            summary:
              'The file’s special settlement offer and what the debtor did with it, with its version as the ETag.',
            description:
              'The current offer (the latest one put): amount, last day, and its `status` as the debtor left it. 404 `noOffer` when the file has none.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The offer.',
                headers: partEtag('offer'),
                content: { 'application/json': { schema: agencySpecialOfferSchema } },
              },
              '404': problem('No such file (`notFound`), or no offer on it (`noOffer`).'),
              ...common,
            },
          },
          put: {
            operationId: 'putSpecialOffer',
            tags: ['File parts'],
            summary: 'Make or change the file’s special settlement offer (idempotent; If-Match to change it).',
            description:
              'The debtor sees the offer at the next visit of the dashboard as a modal (accept and pay, or decline) and as the amount to pay, until `validTill`. A new offer is 201 with Location; changing the amount or day of an open one needs If-Match (428, 412, nothing written). An offer the debtor declined stays declined: a PUT with another amount or day makes a new offer, shown again. An offer accepted, paid or being paid is never changed: 409 `offerTaken` with the offer. A change above the open amount or with a day that has passed is 422 `notApplicable`. The same body again is 200 with the same ETag.',
            security: [{ oauth2: ['files:write'] }],
            requestParams: { path: z.object({ reference }), header: conditionalHeaders },
            requestBody: { required: true, content: { 'application/json': { schema: agencySpecialOfferInput } } },
            responses: {
              ...partUpsertResponses('offer', agencySpecialOfferSchema, true),
              '409': problem('The debtor accepted or paid the offer, or is paying it (`offerTaken`, with `offer`).'),
              '422': problem(
                'More than the open amount, or a `validTill` that has passed (`notApplicable`, with `issues`).',
              ),
            },
          },
        },
        '/files/{reference}/down-payment': {
          get: {
            operationId: 'getDownPayment',
            tags: ['File parts'],
            summary: 'The file’s down payment and whether the debtor paid it, with its version as the ETag.',
            description: 'The pending down payment, else the latest one. 404 `noDownPayment` when the file has none.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The down payment.',
                headers: partEtag('down payment'),
                content: { 'application/json': { schema: agencyDownPaymentSchema } },
              },
              '404': problem('No such file (`notFound`), or no down payment on it (`noDownPayment`).'),
              ...common,
            },
          },
          put: {
            operationId: 'putDownPayment',
            tags: ['File parts'],
            summary: 'Ask the debtor for a down payment by a day (idempotent; If-Match to change it).',
            description:
              'The dashboard asks the debtor to pay it before anything else (with its due date) and the checkout offers it. The label “down payment pending” is status 24: set it with `putFileStatus`. A new down payment is 201 with Location; changing a pending one needs If-Match (428, 412, nothing written). One paid or being paid is never changed: 409 `downPaymentTaken`. A change above the open amount or with a day that has passed is 422 `notApplicable`. The same body again is 200 with the same ETag. The deposit after broken agreements is the file’s `depositRequiredMinor` with `instalmentErrorCode` 5 (`putFile`).',
            security: [{ oauth2: ['files:write'] }],
            requestParams: { path: z.object({ reference }), header: conditionalHeaders },
            requestBody: { required: true, content: { 'application/json': { schema: agencyDownPaymentInput } } },
            responses: {
              ...partUpsertResponses('down payment', agencyDownPaymentSchema, true),
              '409': problem(
                'The debtor paid the down payment, or is paying it (`downPaymentTaken`, with `downPayment`).',
              ),
              '422': problem(
                'More than the open amount, or a `dueOn` that has passed (`notApplicable`, with `issues`).',
              ),
            },
          },
        },
        '/files/{reference}/requested-documents': {
          get: {
            operationId: 'getRequestedDocuments',
            tags: ['File parts'],
            summary: 'The documents asked of the debtor and what the debtor did, with the list’s version as the ETag.',
            description:
              'Every document of the upload centre, by position, with its status and the debtor’s uploads (`getUpload` for each). Requests the portal made itself (a proof of income for a plan below the minimum) are listed too. An empty list when nothing is asked for.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The documents.',
                headers: partEtag('list'),
                content: { 'application/json': { schema: agencyRequestedDocumentsSchema } },
              },
              '404': problem('No such file.'),
              ...common,
            },
          },
          put: {
            operationId: 'putRequestedDocuments',
            tags: ['File parts'],
            summary: 'Set the documents asked of the debtor (idempotent; If-Match once the list has documents).',
            description:
              'The whole list, in the order the upload centre shows it; a list with documents turns the file’s upload centre on. A document listed again keeps its status and uploads; one left out is no longer asked for, unless the debtor uploaded it (it stays, uploaded). While nothing is asked for no If-Match is needed; after that a change needs it (428, 412, nothing written): the debtor’s answers and the portal’s own requests count the version up. The same list again is 200 with the same ETag. Always 200: the list exists from the start.',
            security: [{ oauth2: ['files:write'] }],
            requestParams: { path: z.object({ reference }), header: conditionalHeaders },
            requestBody: {
              required: true,
              content: { 'application/json': { schema: agencyRequestedDocumentsInput } },
            },
            responses: partUpsertResponses('list', agencyRequestedDocumentsSchema, false),
          },
        },
        '/files/{reference}/modals': {
          get: {
            operationId: 'listModals',
            tags: ['File parts'],
            summary: 'The modals you put on the file, by orderNo, and whether the debtor acknowledged them.',
            description:
              'Each modal put by `putModal`. Modals the portal shows by its own rules (the flood-area and maintenance notices, the special offer, the demo’s) are not listed.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The modals.',
                content: { 'application/json': { schema: z.object({ modals: z.array(agencyModalSchema) }) } },
              },
              '404': problem('No such file.'),
              ...common,
            },
          },
        },
        '/files/{reference}/modals/{id}': {
          get: {
            operationId: 'getModal',
            tags: ['File parts'],
            summary: 'A modal by your own id, with its version as the ETag.',
            description: 'The modal as you put it, and when and how the debtor answered it.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference, id: modalId }) },
            responses: {
              '200': {
                description: 'The modal.',
                headers: partEtag('modal'),
                content: { 'application/json': { schema: agencyModalSchema } },
              },
              '404': problem('No such file, or no modal of yours with this id on it.'),
              ...common,
            },
          },
          put: {
            operationId: 'putModal',
            tags: ['File parts'],
            summary: 'Queue a modal for the debtor by your own id (idempotent; If-Match to change it).',
            description:
              'The debtor sees it on the dashboard after the next sign-in, worded in the debtor’s language, one modal at a time by `orderNo`, until acknowledged. A new modal is 201 with Location; changing one needs If-Match (428, 412, nothing written). An acknowledged modal is never reset: a change is 409 `acknowledged` (put a new id to show it again). The same body again is 200 with the same ETag.',
            security: [{ oauth2: ['files:write'] }],
            requestParams: { path: z.object({ reference, id: modalId }), header: conditionalHeaders },
            requestBody: { required: true, content: { 'application/json': { schema: agencyModalInput } } },
            responses: {
              ...partUpsertResponses('modal', agencyModalSchema, true),
              '409': problem('The debtor acknowledged the modal (`acknowledged`, with `modal`).'),
            },
          },
        },
        '/files/{reference}': {
          get: {
            operationId: 'getFile',
            tags: ['Files'],
            summary: 'A whole file in the line format of the bulk import, with its version as the ETag.',
            description:
              'The file with its debtor and creditors as one `ImportLine`: change it and PUT it back. The version is the file’s one version, shared with `getFileStatus`: any change of the file (by `putFile`, `putFileStatus`, `putDebtor`, an import, a payment in the portal) counts it up. A file whose debtor the portal holds without your key (from before imports) is 409 `noDebtorKey` with the version: PUT the file with a `debtor.key`.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The file.',
                headers: etagHeader,
                content: { 'application/json': { schema: importLine } },
              },
              '404': problem('No such file, or a deleted one.'),
              '409': problem('The file’s debtor has no agency key yet (`noDebtorKey`, with `currentVersion`).'),
              ...common,
            },
          },
          put: {
            operationId: 'putFile',
            tags: ['Files'],
            summary: 'Make a file or update it to the line (idempotent; If-Match to change an existing one).',
            description:
              'The body is one `ImportLine`, as a line of a batch: the file’s whole state, merged by the same rules as the bulk import (the debtor by `debtor.key`, creditors by name, a status change written to the status history, an e-mail address left out keeps the debtor’s own). The reference of the body must be the path’s. A new file is 201 with Location. Changing an existing file needs If-Match with its ETag (428 without it, 412 when stale, and nothing is written). The same body again changes nothing and answers 200 with the same ETag, whatever If-Match says, so a retry is safe. A deleted file is 404 and is not made again.',
            security: [{ oauth2: ['files:write'] }],
            requestParams: { path: z.object({ reference }), header: conditionalHeaders },
            requestBody: { required: true, content: { 'application/json': { schema: importLine } } },
            responses: {
              ...upsertResponses('file', importLine),
              '404': problem('A deleted file (it is not made again), or a reference that is none.'),
            },
          },
        },
        '/debtors/{key}': {
          get: {
            operationId: 'getDebtor',
            tags: ['Debtors'],
            summary: 'A debtor by your key: the debtor part of a line, with its version as the ETag.',
            description:
              'Names, address, contacts and language, as `debtor` of an `ImportLine` (the portal’s sign-in data and bank details are never shown). The ETag is the debtor’s own version; the files of the debtor count theirs up too when it changes.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ key: debtorKey }) },
            responses: {
              '200': {
                description: 'The debtor.',
                headers: {
                  ETag: {
                    description: 'The debtor’s version: send it as If-Match.',
                    schema: { type: 'string' as const },
                  },
                },
                content: { 'application/json': { schema: importDebtor } },
              },
              '404': problem('No debtor has this key.'),
              ...common,
            },
          },
          put: {
            operationId: 'putDebtor',
            tags: ['Debtors'],
            summary: 'Make a debtor or update it (idempotent; If-Match to change an existing one).',
            description:
              'The body is the `debtor` of an `ImportLine`, merged by the bulk import’s rules for a debtor (an e-mail address left out keeps the one the debtor gave in the portal). Its `key` must be the path’s. A debtor made here has no file until a line names its key. Changing an existing debtor needs If-Match with its ETag (428, 412); the same body again changes nothing.',
            security: [{ oauth2: ['files:write'] }],
            requestParams: { path: z.object({ key: debtorKey }), header: conditionalHeaders },
            requestBody: { required: true, content: { 'application/json': { schema: importDebtor } } },
            responses: upsertResponses('debtor', importDebtor),
          },
        },
        '/files/{reference}/status': {
          get: {
            operationId: 'getFileStatus',
            tags: ['Files'],
            summary: 'A file’s status code and sub-state, with its version as the ETag.',
            description:
              'The status code and sub-state the portal shows the debtor, with the version as the ETag to send as `If-Match` when setting it. It is the file’s one version, shared with `getFile`: any change of the file counts it up, not only of its status.',
            security: [{ oauth2: ['files:read'] }],
            requestParams: { path: z.object({ reference }) },
            responses: {
              '200': {
                description: 'The status.',
                headers: { ETag: { description: 'The version.', schema: { type: 'string' as const } } },
                content: { 'application/json': { schema: fileStatusSchema } },
              },
              '404': problem('No such file.'),
              ...common,
            },
          },
          put: {
            operationId: 'putFileStatus',
            tags: ['Files'],
            summary: 'Set a file’s status (idempotent: the same body again keeps the version).',
            description:
              'Sets the status code and sub-state of a file. Send the ETag you read (here or from `getFile`: one version) as `If-Match`: when the file changed since, in its status or anything else, nothing changes and the answer is 412 with the current version. The same body again changes nothing and keeps the version.',
            security: [{ oauth2: ['files:write'] }],
            requestParams: {
              path: z.object({ reference }),
              header: z.object({
                'If-Match': z.string().optional().describe('The ETag you read; 412 when the file changed since.'),
              }),
            },
            requestBody: { required: true, content: { 'application/json': { schema: fileStatusInput } } },
            responses: {
              '200': {
                description: 'The status now.',
                headers: { ETag: { description: 'The version.', schema: { type: 'string' as const } } },
                content: { 'application/json': { schema: fileStatusSchema } },
              },
              '400': problem('Invalid input.'),
              '404': problem('No such file.'),
              '412': problem('If-Match named another version; nothing changed.'),
              '415': problem('Not JSON.'),
              ...common,
            },
          },
        },
      },
      webhooks: {
        event: {
          post: {
            operationId: 'receiveEvent',
            summary: 'What the portal posts to a subscribed endpoint, one event per request.',
            description:
              'Signed per the Standard Webhooks specification: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint’s secret. Delivered at least once, in order per file; a redelivery has the same `webhook-id`. Answer 2xx within 15 s; anything else is retried with exponential backoff for about a day.',
            requestParams: {
              header: z.object({
                'webhook-id': z.string().describe('The event id; the same on every delivery of the event.'),
                'webhook-timestamp': z.string().describe('Unix seconds of this attempt.'),
                'webhook-signature': z.string().describe('`v1,<base64 HMAC-SHA256>`, space-separated when several.'),
              }),
            },
            requestBody: { required: true, content: { 'application/json': { schema: eventEnvelopeSchema } } },
            responses: { '200': { description: 'Received (any 2xx).' } },
          },
        },
      },
      components: {
        securitySchemes: {
          oauth2: {
            type: 'oauth2',
            description: `Client credentials: POST /agency/v1/oauth/token with grant_type=client_credentials (HTTP Basic or client_id and client_secret in the form). Tokens last ${tokenLifetimeSeconds} s.`,
            flows: {
              clientCredentials: {
                tokenUrl: '/agency/v1/oauth/token',
                scopes: Object.fromEntries(agencyScopes.map((scope) => [scope, scopeText[scope]])),
              },
            },
          },
        },
        schemas: {
          Problem: problemSchema,
          Event: eventEnvelopeSchema,
          Upload: uploadSchema,
          AgencyInvoiceInput: agencyInvoiceInput,
        },
      },
      security: bearer,
      'x-event-types': eventTypes.map((type) => ({ type, description: eventDescriptions[type] })),
    } as never,
    { allowEmptySchema: { custom: true } },
  );
}

const scopeText: Record<(typeof agencyScopes)[number], string> = {
  'events:read': 'Read the pull feed of events.',
  'webhooks:manage': 'Subscribe and unsubscribe webhook endpoints.',
  'files:read': 'Read files’ data.',
  'files:write': 'Change files’ data.',
};

let cached: ReturnType<typeof buildAgencyOpenApiDocument> | undefined;

export function agencyOpenApiDocument() {
  return (cached ??= buildAgencyOpenApiDocument());
}
