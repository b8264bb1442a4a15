/**
 * The agency API's operations for what goes out and comes in besides the files themselves
 * (decisions 086, 087, 096): the events' pull feed and webhook subscriptions, letter links for a
 * batch, bulk imports, payments the agency received, and the debtors' uploads.
 */
import { z } from 'zod';
import { agencyBookingInput, bookAgencyPayment } from '../bookings.ts';
import { listSubscriptions, subscribe, subscriptionTypesSchema, unsubscribe } from '../delivery.ts';
import { maxFeedLimit, parseCursor, readFeed } from '../feed.ts';
import { importReportPage, importReportQuery, startImport } from '../import/door.ts';
import { letterLinksFor, letterLinksInput } from '../letter-links.ts';
import { readUpload } from '../attachments.ts';
import {
  agencyPrefix,
  issuesOf,
  json,
  otherCurrencyResponse,
  problemResponse,
  readInput,
  type Operation,
} from '../respond.ts';

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

export const exchangeOperations: Operation[] = [
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
      if (!started.ok && started.status === 429)
        return problemResponse(429, started.code, url.pathname, {
          detail: started.detail,
          running: started.running,
          retryAfterSeconds: started.retryAfterSeconds,
          headers: { 'retry-after': String(started.retryAfterSeconds) },
        });
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
      if (outcome.problem === 'currency') return otherCurrencyResponse(url.pathname, outcome.expected);
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
];
