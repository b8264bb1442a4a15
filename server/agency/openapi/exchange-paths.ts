/** The OpenAPI paths of the events, webhooks, letter links, imports, payments and uploads (operations/exchange.ts). */
import { z } from 'zod';
import { attachmentLinkSeconds, uploadSchema } from '../attachments.ts';
import { agencyBookingInput, agencyBookingSchema } from '../bookings.ts';
import { maxFeedLimit } from '../feed.ts';
import { letterLinksInput, letterLinksSchema } from '../letter-links.ts';
import { maxImportLines, maxRejectsPage, maxRunningImportsPerClient } from '../import/door.ts';
import { importLine } from '../import/line.ts';
import { maxImportBodyBytes } from '../import/receive.ts';
import {
  problem,
  common,
  eventPage,
  subscription,
  subscriptionInput,
  importJob,
  importReport,
  reference,
} from './shared.ts';

export const exchangePaths = {
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
          limit: z.number().int().min(1).max(maxFeedLimit).optional().describe('At most this many (default 100).'),
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
      summary: 'Book a payment the agency received (a transfer to its account, cash) on the file, once per its own id.',
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
        '429': {
          ...problem(
            `Over the client’s calls per minute, or the client has ${maxRunningImportsPerClient} imports running (\`importsRunning\`, their ids as \`running\`): send the batch again after \`Retry-After\` seconds.`,
          ),
          headers: common['429'].headers,
        },
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
};
