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
import { uploadSchema } from './attachments.ts';
import { agencyInvoiceInput } from './invoices.ts';
import { bearer, problemSchema } from './openapi/shared.ts';
import { exchangePaths } from './openapi/exchange-paths.ts';
import { filePartPaths } from './openapi/file-part-paths.ts';
import { filePaths } from './openapi/file-paths.ts';

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
            'What the agency sets on a file for its debtor: the special offer, the down payment, requested documents, modals, and the file’s own payment methods and instalment terms within its variant’s.',
        },
        { name: 'Imports', description: 'Letter batches: many files at once, as NDJSON.' },
      ],
      paths: { ...exchangePaths, ...filePaths, ...filePartPaths },
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
