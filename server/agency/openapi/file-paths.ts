/** The OpenAPI paths of the files, debtors, statuses, invoices, plans and mandates (operations/files.ts). */
import { z } from 'zod';
import { fileStatusInput, fileStatusSchema } from '../file-status.ts';
import { importDebtor, importLine } from '../import/line.ts';
import { agencyMandateSchema, agencyPlanSchema } from '../agreements.ts';
import {
  agencyInvoiceSchema,
  agencyInvoiceWithLinkSchema,
  invoiceLinkSeconds,
  maxInvoicePdfBytes,
} from '../invoices.ts';
import {
  problem,
  common,
  reference,
  debtorKey,
  etagHeader,
  invoiceId,
  invoiceEtag,
  conditionalHeaders,
  deleteHeaders,
  partDeleteResponses,
  upsertResponses,
} from './shared.ts';

export const filePaths = {
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
        '428': problem('The invoice exists and the body would change it: send If-Match (`preconditionRequired`).'),
        ...common,
      },
    },
    delete: {
      operationId: 'deleteInvoice',
      tags: ['Invoices'],
      summary: 'Remove an invoice and its PDF from the file (If-Match).',
      description:
        'For an invoice put on the wrong file, or one the creditor takes back: the claim information page no longer lists it, its PDF is deleted from the portal’s storage, and neither the page nor a download link made before serves it (410). `getInvoice` answers 404 after it; the id may be put again (201, a new invoice, with a version above the deleted one’s). If-Match is needed (428 without, 412 when stale; nothing written). An invoice deleted and deleted again is 204 and writes nothing, whatever If-Match says, so a retry whose answer was lost succeeds; an id never put is 404. The file’s own version does not change.',
      security: [{ oauth2: ['files:write'] }],
      requestParams: { path: z.object({ reference, id: invoiceId }), header: deleteHeaders },
      responses: partDeleteResponses('invoice', {
        notFound: 'No such file, or no invoice of yours with this id on it (another file’s is not this file’s).',
      }),
    },
  },
  '/invoice-pdfs/{token}': {
    get: {
      operationId: 'downloadInvoicePdf',
      tags: ['Invoices'],
      summary: 'An invoice’s PDF, by the link `getInvoice` answered (no bearer token: the link is the credential).',
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
};
