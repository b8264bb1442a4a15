/**
 * The OpenAPI paths of a file's parts: special offer, down payment, requested documents, modals,
 * payment methods and instalment terms (operations/file-parts.ts), and the DELETEs of the offer,
 * the down payment and a modal (decision 106).
 */
import { z } from 'zod';
import { agencyDownPaymentInput, agencyDownPaymentSchema } from '../down-payment.ts';
import {
  agencyInstalmentTermsInput,
  agencyInstalmentTermsSchema,
  agencyPaymentMethodsInput,
  agencyPaymentMethodsSchema,
} from '../file-terms.ts';
import { agencyModalInput, agencyModalSchema } from '../modals.ts';
import { agencyRequestedDocumentsInput, agencyRequestedDocumentsSchema } from '../requested-documents.ts';
import { agencySpecialOfferInput, agencySpecialOfferSchema } from '../special-offer.ts';
import {
  problem,
  common,
  reference,
  modalId,
  conditionalHeaders,
  deleteHeaders,
  partDeleteResponses,
  partEtag,
  partUpsertResponses,
} from './shared.ts';

export const filePartPaths = {
  '/files/{reference}/special-offer': {
    get: {
      operationId: 'getSpecialOffer',
      tags: ['File parts'],
      summary: 'The file’s special settlement offer and what the debtor did with it, with its version as the ETag.',
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
        'The debtor sees the offer at the next visit of the dashboard as a modal (accept and pay, or decline) and as the amount to pay, until `validTill`. A new offer is 201 with Location; changing the amount or day of an open one needs If-Match (428, 412, nothing written). An offer the debtor declined stays declined: a PUT with another amount or day makes a new offer, shown again. An offer accepted, paid or being paid is never changed: 409 `offerTaken` with the offer. Another currency than the file’s, or a change above the open amount or with a day that has passed, is 422 `notApplicable` with the field’s path. The same body again is 200 with the same ETag.',
      security: [{ oauth2: ['files:write'] }],
      requestParams: { path: z.object({ reference }), header: conditionalHeaders },
      requestBody: { required: true, content: { 'application/json': { schema: agencySpecialOfferInput } } },
      responses: {
        ...partUpsertResponses('offer', agencySpecialOfferSchema, true),
        '409': problem('The debtor accepted or paid the offer, or is paying it (`offerTaken`, with `offer`).'),
        '422': problem(
          'Another currency than the file’s, more than the open amount, or a `validTill` that has passed (`notApplicable`, with `issues`).',
        ),
      },
    },
    delete: {
      operationId: 'deleteSpecialOffer',
      tags: ['File parts'],
      summary: 'Withdraw the file’s special settlement offer (If-Match).',
      description:
        'The debtor no longer sees the offer: not as the amount to pay on the dashboard, not as the special deal at the checkout, not as its modal; an answer posted from a page shown before is refused. The offer is kept as `withdrawn` (`getSpecialOffer` answers it so, with `withdrawnAt`); a PUT after it makes a new offer, with If-Match of the withdrawn one’s ETag (sent with the 204). An open offer, also one past its day, and a declined one may be withdrawn (for a declined one nothing changes for the debtor; `declinedAt` stays). An offer accepted, paid or being paid is never withdrawn: 409 `offerTaken` with the offer. If-Match is needed (428 without, 412 when stale; nothing written). A withdrawn offer withdrawn again is 204 and writes nothing, whatever If-Match says, so a retry whose answer was lost succeeds.',
      security: [{ oauth2: ['files:write'] }],
      requestParams: { path: z.object({ reference }), header: deleteHeaders },
      responses: partDeleteResponses('offer', {
        notFound: 'No such file (`notFound`), or no offer on it (`noOffer`).',
        taken: 'The debtor accepted or paid the offer, or is paying it (`offerTaken`, with `offer`): it stays.',
        remains: 'Withdrawn: the offer reads as `withdrawn`.',
      }),
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
        'The dashboard asks the debtor to pay it before anything else (with its due date) and the checkout offers it. The label “down payment pending” is status 24: set it with `putFileStatus`. A new down payment is 201 with Location; changing a pending one needs If-Match (428, 412, nothing written). One paid or being paid is never changed: 409 `downPaymentTaken`. Another currency than the file’s, or a change above the open amount or with a day that has passed, is 422 `notApplicable` with the field’s path. The same body again is 200 with the same ETag. The deposit after broken agreements is the file’s `depositRequiredMinor` with `instalmentErrorCode` 5 (`putFile`).',
      security: [{ oauth2: ['files:write'] }],
      requestParams: { path: z.object({ reference }), header: conditionalHeaders },
      requestBody: { required: true, content: { 'application/json': { schema: agencyDownPaymentInput } } },
      responses: {
        ...partUpsertResponses('down payment', agencyDownPaymentSchema, true),
        '409': problem('The debtor paid the down payment, or is paying it (`downPaymentTaken`, with `downPayment`).'),
        '422': problem(
          'Another currency than the file’s, more than the open amount, or a `dueOn` that has passed (`notApplicable`, with `issues`).',
        ),
      },
    },
    delete: {
      operationId: 'deleteDownPayment',
      tags: ['File parts'],
      summary: 'No longer ask for the pending down payment (If-Match).',
      description:
        'The down payment becomes `cancelled`: the dashboard no longer asks for it and the checkout no longer offers it. `getDownPayment` answers it as `cancelled`; a PUT after it makes a new one, with If-Match of the cancelled one’s ETag (sent with the 204). The file’s status is yours to set (`putFileStatus`, if it was 24). One paid or being paid is never taken back: 409 `downPaymentTaken`. If-Match is needed (428 without, 412 when stale; nothing written). One already cancelled (by an earlier DELETE, or because the file was settled) is 204 and writes nothing, whatever If-Match says.',
      security: [{ oauth2: ['files:write'] }],
      requestParams: { path: z.object({ reference }), header: deleteHeaders },
      responses: partDeleteResponses('down payment', {
        notFound: 'No such file (`notFound`), or no down payment on it (`noDownPayment`).',
        taken: 'The debtor paid the down payment, or is paying it (`downPaymentTaken`, with `downPayment`): it stays.',
        remains: 'Cancelled: the down payment reads as `cancelled`.',
      }),
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
    delete: {
      operationId: 'deleteModal',
      tags: ['File parts'],
      summary: 'Withdraw a modal the debtor has not acknowledged (If-Match).',
      description:
        'The modal is deleted: the debtor no longer sees it, and an acknowledgement posted from a page shown before changes nothing. `getModal` answers 404 after it; the id may be put again (201, a new modal, with a version above the deleted one’s). An acknowledged modal stays: 409 `acknowledged` with the modal. If-Match is needed (428 without, 412 when stale; nothing written). A modal deleted and deleted again is 204 and writes nothing, whatever If-Match says, so a retry whose answer was lost succeeds; an id never put is 404.',
      security: [{ oauth2: ['files:write'] }],
      requestParams: { path: z.object({ reference, id: modalId }), header: deleteHeaders },
      responses: partDeleteResponses('modal', {
        notFound: 'No such file, or no modal of yours with this id on it (another file’s is not this file’s).',
        taken: 'The debtor acknowledged the modal (`acknowledged`, with `modal`): it stays.',
      }),
    },
  },
  '/files/{reference}/payment-methods': {
    get: {
      operationId: 'getPaymentMethods',
      tags: ['File parts'],
      summary:
        'The methods the file may use per purpose, what you set and the variant’s defaults, with the version as the ETag.',
      description:
        'Per purpose (`normal`, `instalmentPlan`, `instalments`, `specialDeal`, `partialPayment`, `extension`): `methods` (what the file may use now), `set` (your list; null: the variant’s) and `variantDefaults` (the rule table of the file’s variant in its currency). `defaults` is true while you set nothing. Methods are the portal’s keys: `1` … `11`, `twint`, `swish`, `openBanking`, `noPaymentRequest`.',
      security: [{ oauth2: ['files:read'] }],
      requestParams: { path: z.object({ reference }) },
      responses: {
        '200': {
          description: 'The methods per purpose.',
          headers: partEtag('payment methods'),
          content: { 'application/json': { schema: agencyPaymentMethodsSchema } },
        },
        '404': problem('No such file.'),
        ...common,
      },
    },
    put: {
      operationId: 'putPaymentMethods',
      tags: ['File parts'],
      summary: 'Narrow the methods the file may use per purpose (idempotent; If-Match once you set any).',
      description:
        'The whole resource: a list per purpose, or null (or left out) for the variant’s. A list may only name methods the variant allows for the purpose in the file’s currency (`variantDefaults`); anything else is 422 `notApplicable` with the path of each method (`normal.1`). The debtor’s pages, the debtor API and the assistant offer the narrowed lists from the next view; a payment under way and a plan or pay later agreed keep their method. While the file has no list of its own no If-Match is needed; after that a change needs it (428, 412, nothing written). The same body again is 200 with the same ETag. Always 200: the resource exists from the start.',
      security: [{ oauth2: ['files:write'] }],
      requestParams: { path: z.object({ reference }), header: conditionalHeaders },
      requestBody: { required: true, content: { 'application/json': { schema: agencyPaymentMethodsInput } } },
      responses: {
        ...partUpsertResponses('payment methods', agencyPaymentMethodsSchema, false),
        '422': problem('A method the variant does not allow for the purpose (`notApplicable`, with `issues`).'),
      },
    },
  },
  '/files/{reference}/instalment-terms': {
    get: {
      operationId: 'getInstalmentTerms',
      tags: ['File parts'],
      summary:
        'The file’s plan limits and fees: what applies now, what you set and the variant’s, with the version as the ETag.',
      description:
        '`effective` is what a new plan or pay later of the file gets now, `set` what you set (null: nothing) and `variantDefaults` the variant’s terms, the bound of what you may set. `defaults` is true while you set nothing. Whether the file may have a plan at all is `instalmentErrorCode` of the file (`putFile`).',
      security: [{ oauth2: ['files:read'] }],
      requestParams: { path: z.object({ reference }) },
      responses: {
        '200': {
          description: 'The instalment terms.',
          headers: partEtag('instalment terms'),
          content: { 'application/json': { schema: agencyInstalmentTermsSchema } },
        },
        '404': problem('No such file.'),
        ...common,
      },
    },
    put: {
      operationId: 'putInstalmentTerms',
      tags: ['File parts'],
      summary: 'Narrow the file’s plan limits or waive a fee (idempotent; If-Match once you set any).',
      description:
        'The whole resource: a shorter longest plan (`maxMonths`), a higher lowest monthly amount (`minMonthlyMinor`), the instalment fee or the settlement fee waived; null or false is the variant’s. A longer plan, fewer months than a plan’s fewest instalments, a lower monthly amount or another currency is 422 `notApplicable` with the field’s path. The checkout, the debtor API and the assistant use the terms from the next view; a plan or pay later agreed keeps its instalments and fee. While the file has no terms of its own no If-Match is needed; after that a change needs it (428, 412, nothing written). The same body again is 200 with the same ETag. Always 200: the resource exists from the start.',
      security: [{ oauth2: ['files:write'] }],
      requestParams: { path: z.object({ reference }), header: conditionalHeaders },
      requestBody: { required: true, content: { 'application/json': { schema: agencyInstalmentTermsInput } } },
      responses: {
        ...partUpsertResponses('instalment terms', agencyInstalmentTermsSchema, false),
        '422': problem(
          'Terms wider than the variant’s, or another currency than the file’s (`notApplicable`, with `issues`).',
        ),
      },
    },
  },
};
