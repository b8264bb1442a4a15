/**
 * The agency API's operations on files (decisions 099 and 101): the whole file, its debtor and its
 * status as versioned upserts, its invoices with their PDFs (put and deleted, decision 106), its
 * instalment plans and mandates.
 */
import { listAgencyMandates, listAgencyPlans } from '../agreements.ts';
import { getAgencyDebtor, putAgencyDebtor } from '../debtors.ts';
import { fileStatusInput, putFileStatus, readFileStatus } from '../file-status.ts';
import { getAgencyFile, putAgencyFile } from '../files.ts';
import { importDebtor, importLine } from '../import/line.ts';
import {
  deleteAgencyInvoice,
  invoiceIdPattern,
  listAgencyInvoices,
  putAgencyInvoice,
  readAgencyInvoice,
  readInvoiceBody,
} from '../invoices.ts';
import {
  agencyPrefix,
  deletedResponse,
  json,
  preconditionsOf,
  problemResponse,
  readInput,
  otherCurrencyResponse,
  refusedResponse,
  upsertedResponse,
  type Operation,
} from '../respond.ts';
import { etagOf } from '../versions.ts';

export const fileOperations: Operation[] = [
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
      if (result.ok) return upsertedResponse(result.invoice, result, url.pathname);
      if (result.problem === 'notFound') return problemResponse(404, 'notFound', url.pathname);
      if (result.problem === 'currency')
        return otherCurrencyResponse(url.pathname, result.expected, 'metadata.currency');
      return refusedResponse(result, url.pathname);
    },
  },
  {
    id: 'deleteInvoice',
    method: 'DELETE',
    pattern: new RegExp(`^/files/([0-9-]{9,14})/invoices/(${invoiceIdPattern})$`),
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const result = await deleteAgencyInvoice(db, params[0]!, params[1]!, preconditionsOf(request), now);
      // An invoice is never answered by the debtor: no 409.
      return deletedResponse(result, url.pathname, { noPart: 'notFound' });
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
      if (result.ok) return upsertedResponse(result.line, result, `${agencyPrefix}/files/${result.line.reference}`);
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
      if (result.ok) return upsertedResponse(result.debtor, result, `${agencyPrefix}/debtors/${result.debtor.key}`);
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
