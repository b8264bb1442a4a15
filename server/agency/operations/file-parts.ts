/**
 * The agency API's operations on the parts of a file the debtor answers (decision 102): the special
 * offer, the down payment, the documents requested and the modals, each a versioned upsert that
 * never undoes what the debtor did, the offer, the down payment and a modal taken back by a DELETE
 * (decision 106); and the file's own terms (decision 103): its payment methods
 * per purpose and its instalment terms, which narrow its variant's.
 */
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  agencyDownPaymentInput,
  deleteAgencyDownPayment,
  putAgencyDownPayment,
  readAgencyDownPayment,
} from '../down-payment.ts';
import {
  agencyInstalmentTermsInput,
  agencyPaymentMethodsInput,
  putAgencyInstalmentTerms,
  putAgencyPaymentMethods,
  readAgencyInstalmentTerms,
  readAgencyPaymentMethods,
} from '../file-terms.ts';
import {
  agencyModalInput,
  deleteAgencyModal,
  listAgencyModals,
  modalIdPattern,
  putAgencyModal,
  readAgencyModal,
} from '../modals.ts';
import {
  agencyRequestedDocumentsInput,
  putAgencyRequestedDocuments,
  readAgencyRequestedDocuments,
} from '../requested-documents.ts';
import {
  agencySpecialOfferInput,
  deleteAgencySpecialOffer,
  putAgencySpecialOffer,
  readAgencySpecialOffer,
} from '../special-offer.ts';
import {
  debtorActedResponse,
  deletedResponse,
  json,
  preconditionsOf,
  problemResponse,
  readInput,
  refusedResponse,
  standingPartResponse,
  upsertedResponse,
  type Operation,
} from '../respond.ts';
import type { StandingPartWrite } from '../parts.ts';
import { etagOf, type Preconditions } from '../versions.ts';

export const filePartOperations: Operation[] = [
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
      if (result.ok) return upsertedResponse(result.part, result, url.pathname);
      switch (result.problem) {
        case 'notFound':
          return problemResponse(404, 'notFound', url.pathname);
        case 'taken':
          return debtorActedResponse(
            'offerTaken',
            url.pathname,
            `The offer is ${result.part.status === 'open' ? 'being paid' : result.part.status}; what the debtor did is not undone.`,
            { offer: result.part },
            result.version,
          );
        case 'unprocessable':
          return problemResponse(422, 'notApplicable', url.pathname, { issues: result.issues });
        default:
          return refusedResponse(result, url.pathname);
      }
    },
  },
  {
    id: 'deleteSpecialOffer',
    method: 'DELETE',
    pattern: /^\/files\/([0-9-]{9,14})\/special-offer$/,
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const result = await deleteAgencySpecialOffer(db, params[0]!, preconditionsOf(request), now);
      return deletedResponse(result, url.pathname, {
        noPart: 'noOffer',
        taken: (offer) => ({
          code: 'offerTaken',
          detail: `The offer is ${offer.status === 'open' ? 'being paid' : offer.status}; what the debtor did is not undone.`,
          resource: { offer },
        }),
      });
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
      if (result.ok) return upsertedResponse(result.part, result, url.pathname);
      switch (result.problem) {
        case 'notFound':
          return problemResponse(404, 'notFound', url.pathname);
        case 'taken':
          return debtorActedResponse(
            'downPaymentTaken',
            url.pathname,
            `The down payment is ${result.part.status === 'paid' ? 'paid' : 'being paid'}; what the debtor did is not undone.`,
            { downPayment: result.part },
            result.version,
          );
        case 'unprocessable':
          return problemResponse(422, 'notApplicable', url.pathname, { issues: result.issues });
        default:
          return refusedResponse(result, url.pathname);
      }
    },
  },
  {
    id: 'deleteDownPayment',
    method: 'DELETE',
    pattern: /^\/files\/([0-9-]{9,14})\/down-payment$/,
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const result = await deleteAgencyDownPayment(db, params[0]!, preconditionsOf(request), now);
      return deletedResponse(result, url.pathname, {
        noPart: 'noDownPayment',
        taken: (downPayment) => ({
          code: 'downPaymentTaken',
          detail: `The down payment is ${downPayment.status === 'paid' ? 'paid' : 'being paid'}; what the debtor did is not undone.`,
          resource: { downPayment },
        }),
      });
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
      return standingPartResponse(result, url.pathname);
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
      if (result.ok) return upsertedResponse(result.modal, result, url.pathname);
      if (result.problem === 'notFound') return problemResponse(404, 'notFound', url.pathname);
      if (result.problem === 'acknowledged')
        return debtorActedResponse(
          'acknowledged',
          url.pathname,
          'The debtor acknowledged this modal; put a new one under another id to show it again.',
          { modal: result.modal },
          result.version,
        );
      return refusedResponse(result, url.pathname);
    },
  },
  {
    id: 'deleteModal',
    method: 'DELETE',
    pattern: new RegExp(`^/files/([0-9-]{9,14})/modals/(${modalIdPattern})$`),
    scope: 'files:write',
    async run({ db, request, params, url, now }) {
      const result = await deleteAgencyModal(db, params[0]!, params[1]!, preconditionsOf(request), now);
      return deletedResponse(result, url.pathname, {
        noPart: 'notFound',
        taken: (modal) => ({
          code: 'acknowledged',
          detail: 'The debtor acknowledged this modal; it stays.',
          resource: { modal },
        }),
      });
    },
  },
  ...termsOperations('PaymentMethods', 'payment-methods', {
    read: readAgencyPaymentMethods,
    input: agencyPaymentMethodsInput,
    put: putAgencyPaymentMethods,
  }),
  ...termsOperations('InstalmentTerms', 'instalment-terms', {
    read: readAgencyInstalmentTerms,
    input: agencyInstalmentTermsInput,
    put: putAgencyInstalmentTerms,
  }),
];

/** The GET and PUT of one of a file's terms (decision 103): a part every file has, always 200. */
function termsOperations<S extends z.ZodType, P>(
  name: string,
  path: string,
  terms: {
    read: (
      db: Database,
      reference: string,
      now: Date,
    ) => Promise<{ ok: true; part: P; version: number } | { ok: false }>;
    input: S;
    put: (
      db: Database,
      reference: string,
      input: z.output<S>,
      preconditions: Preconditions,
      now: Date,
    ) => Promise<StandingPartWrite<P>>;
  },
): Operation[] {
  const pattern = new RegExp(`^/files/([0-9-]{9,14})/${path}$`);
  return [
    {
      id: `get${name}`,
      method: 'GET',
      pattern,
      scope: 'files:read',
      async run({ db, params, url, now }) {
        const found = await terms.read(db, params[0]!, now);
        return found.ok
          ? json(found.part, 200, { etag: etagOf(found.version) })
          : problemResponse(404, 'notFound', url.pathname);
      },
    },
    {
      id: `put${name}`,
      method: 'PUT',
      pattern,
      scope: 'files:write',
      async run({ db, request, params, url, now }) {
        const input = await readInput(request, url.pathname, terms.input);
        if (!input.ok) return input.response;
        const result = await terms.put(db, params[0]!, input.value, preconditionsOf(request), now);
        return standingPartResponse(result, url.pathname);
      },
    },
  ];
}
