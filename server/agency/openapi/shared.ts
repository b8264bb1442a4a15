/**
 * What the agency API's OpenAPI document (server/agency/openapi.ts) says in many places: the problem
 * details, the common responses, the path parameters, the ETag and precondition headers and the
 * responses of an upsert, the schemas of the feed, the subscriptions and the imports.
 */
import { z } from 'zod';
import { eventEnvelopeSchema, eventTypes } from '../events.ts';
import { maxSmallBodyBytes } from '../../http/request-body.ts';
import { importStatuses } from '../import/run.ts';
import { modalIdPattern } from '../modals.ts';

export const problemSchema = z
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
        'importsRunning',
      ])
      .describe('The problem, as a code to branch on.'),
    instance: z.string().describe('The path that was called.'),
    detail: z.string().optional(),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('400 and 422: each field that does not hold, by its path.'),
    retryAfterSeconds: z.number().int().optional().describe('429: also sent as Retry-After.'),
    running: z
      .array(z.number().int())
      .optional()
      .describe('429 `importsRunning`: the client’s imports still running, oldest first.'),
    currentVersion: z
      .number()
      .int()
      .optional()
      .describe(
        '412, 428 (and 409 `noDebtorKey`, `offerTaken`, `downPaymentTaken`, `acknowledged`): the version If-Match should name; also sent as ETag.',
      ),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details (application/problem+json).' });

export const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemSchema } },
});

export const common = {
  '401': problem('No token, or an invalid, expired or revoked one.'),
  '403': problem('The token lacks the scope (`insufficientScope`).'),
  '429': {
    ...problem('Over the client’s calls per minute.'),
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } },
  },
  '503': problem('Unavailable for the moment.'),
};

export const eventPage = z
  .object({
    events: z.array(eventEnvelopeSchema.extend({ cursor: z.string().describe('This event’s position.') })),
    next: z.string().describe('Ask with `after=<next>` for the following page (the same value when nothing was new).'),
  })
  .meta({ id: 'EventPage' });

export const subscription = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.enum(eventTypes as [string, ...string[]])).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Webhook' });

export const subscriptionInput = z
  .object({
    url: z.string().describe('The endpoint (https; http only for a test endpoint).'),
    secret: z.string().optional().describe('Your Standard Webhooks secret (`whsec_…`); made for you when absent.'),
    eventTypes: z.array(z.enum(eventTypes as [string, ...string[]])).optional(),
  })
  .meta({ id: 'WebhookInput' });

export const importCounts = {
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
  creditorsUpdated: z
    .number()
    .int()
    .describe('Creditors the portal knew whose address the batch gave otherwise (the last line naming one wins).'),
  filesDeleted: z
    .number()
    .int()
    .describe('Lines naming a file deleted in the portal: such a file is left as it is and never made again.'),
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

export const importJob = z.object(importCounts).meta({ id: 'Import', description: 'An import of a letter batch.' });

export const importReport = z
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

export const reference = z
  .string()
  .regex(/^\d{9}(-\d{1,4})?$/)
  .describe('The reference number, `-<subcase>` when not 1.');
export const bearer = [{ oauth2: [] as string[] }];

export const debtorKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
  .describe('The agency’s own key of the debtor (`debtor.key` of a line).');

export const etagHeader = {
  ETag: {
    description: 'The version (the file’s one version, shared with its status): send it as If-Match to change it.',
    schema: { type: 'string' as const },
  },
};

export const invoiceId = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
  .describe('Your own id of the invoice.');

export const modalId = z
  .string()
  .regex(new RegExp(`^${modalIdPattern}$`))
  .describe('Your own id of the modal.');

export const invoiceEtag = {
  ETag: {
    description: 'The invoice’s version (its own, not the file’s): send it as If-Match to change it.',
    schema: { type: 'string' as const },
  },
};

/** The headers of a conditional PUT (RFC 9110 section 13.1). */
export const conditionalHeaders = z.object({
  'If-Match': z
    .string()
    .optional()
    .describe('The ETag you read. Needed to change what exists (428 without it); 412 when it changed since.'),
  'If-None-Match': z.string().optional().describe('`*`: only make it; 412 when it exists already.'),
});

/** The answers of a versioned upsert (a whole file, a debtor). */
export const upsertResponses = (what: string, schema: z.ZodType) => ({
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
export const partEtag = (what: string) => ({
  ETag: {
    description: `The ${what}’s version (its own, not the file’s): send it as If-Match to change it.`,
    schema: { type: 'string' as const },
  },
});

/** The answers of a versioned upsert of a part of a file (special offer, requested documents, modal). */
export const partUpsertResponses = (what: string, schema: z.ZodType, made: boolean) => ({
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

/** The header of a conditional DELETE (decision 106): If-Match only. */
export const deleteHeaders = z.object({
  'If-Match': z
    .string()
    .describe(
      'The ETag you read. Needed (428 without it); 412 when it changed since. A retry of a DELETE that went through is 204 whatever it names.',
    ),
});

/**
 * The answers of a DELETE of a part of a file (decision 106): 204 (also for a part already taken
 * back), 404, 409 where the debtor can take or answer the part, 412, 428. `remains`: the part still
 * reads as something afterwards (a withdrawn offer, a cancelled down payment) and 204 carries its ETag.
 */
export const partDeleteResponses = (what: string, options: { notFound: string; taken?: string; remains?: string }) => ({
  '204': {
    description: `${options.remains ?? `Deleted: the ${what} is gone.`} Also the answer when it was already so (a retry): nothing written.`,
    ...(options.remains ? { headers: partEtag(what) } : {}),
  },
  '404': problem(options.notFound),
  ...(options.taken ? { '409': problem(options.taken) } : {}),
  '412': problem(`If-Match named another version of the ${what}: nothing changed.`),
  '428': problem(`Send If-Match with the ${what}’s ETag (\`preconditionRequired\`): nothing changed.`),
  ...common,
});
