/**
 * Spec section 7, the Forderung (claim) calls (issue 17). Reads only: the dashboard's figures
 * (`loadDashboard`, reference-only sign-in like the dashboard) and the claim information page's
 * (`loadClaimInformation`, full sign-in like the page). The file is always the token's.
 */
import { z } from 'zod';
import { findInvoiceDocument, interestBases, loadClaimInformation } from '../../claims/information.ts';
import { loadDashboard } from '../../claims/dashboard.ts';
import { documentStore } from '../../documents/store.ts';
import { apiOk, defineEndpoint, problem, type AnyEndpoint, type ApiContext } from '../define.ts';
import {
  addressShape,
  announcedPaymentOf,
  announcedPaymentShape,
  base64Of,
  documentShape,
  flagsShape,
  isoDate,
  isoDateTime,
  money,
  readAll,
  statusShape,
  subjectShape,
  toMoney,
} from './claim-shapes.ts';

/** The token's session: the runtime has checked it before a `limited` or `full` handler runs. */
export function sessionOf(ctx: ApiContext) {
  if (!ctx.session) throw new Error('an endpoint that needs a session ran without one');
  return ctx.session;
}

const notFound = () => problem(404, 'noFile');

async function dashboardOf(ctx: ApiContext) {
  return loadDashboard(ctx.action.db, sessionOf(ctx).fileId);
}

async function claimInformationOf(ctx: ApiContext) {
  return loadClaimInformation(ctx.action.db, sessionOf(ctx).fileId);
}

const invoiceShape = z.object({
  id: z.number().int(),
  number: z.string(),
  date: isoDate,
  dueDate: isoDate.nullable(),
  amount: money,
  /** The creditor's wording of the line, and the same line in other languages where known. */
  description: z.string(),
  descriptions: z.record(z.string(), z.string()),
  hasDocument: z.boolean(),
});

export const offeneForderungResponse = z.object({
  reference: z.string(),
  openAmount: money,
  /** What to pay now, by the priority of spec section 9 (down payment, instalment, offer, deposit, open amount). */
  amountToPay: z.object({
    kind: z.enum(['downPayment', 'instalment', 'specialDeal', 'deposit', 'openAmount', 'nothing']),
    amount: money,
  }),
  asOf: isoDate,
  nextInstalment: z.object({ dueOn: isoDate, amount: money, isSepa: z.boolean(), sepaFailed: z.boolean() }).nullable(),
  remainingPlan: money.nullable(),
  specialOffer: z.object({ amount: money, validTill: isoDate, settles: money }).nullable(),
  downPaymentDueOn: isoDate.nullable(),
});

export function offeneForderungOf(view: NonNullable<Awaited<ReturnType<typeof loadDashboard>>>) {
  const m = (minor: number) => toMoney(minor, view.currency);
  return {
    reference: view.reference,
    openAmount: m(view.openAmountMinor),
    amountToPay: { kind: view.amountToPay.kind, amount: m(view.amountToPay.amountMinor) },
    asOf: view.asOf,
    nextInstalment: view.nextInstalment
      ? {
          dueOn: view.nextInstalment.dueOn,
          amount: m(view.nextInstalment.amountMinor),
          isSepa: view.nextInstalment.isSepa,
          sepaFailed: view.nextInstalment.sepaFailed,
        }
      : null,
    remainingPlan: view.remainingPlanMinor === null ? null : m(view.remainingPlanMinor),
    specialOffer: view.specialOffer
      ? {
          amount: m(view.specialOffer.amountMinor),
          validTill: view.specialOffer.validTill,
          settles: m(view.specialOffer.settlesMinor),
        }
      : null,
    downPaymentDueOn: view.downPaymentDueOn,
  };
}

export const forderungsstatusResponse = z.object({
  reference: z.string(),
  status: statusShape,
  announcedPayment: announcedPaymentShape,
  /** What the file allows now (spec section 3, action-button flags). */
  flags: flagsShape,
  /** Features refused for this file (spec 8: function unavailable, phone and e-mail contact offered). */
  functionsBlocked: z.boolean(),
});

export function forderungsstatusOf(view: NonNullable<Awaited<ReturnType<typeof loadDashboard>>>) {
  return {
    reference: view.reference,
    status: view.status,
    announcedPayment: announcedPaymentOf(view.announcedPayment),
    flags: view.flags,
    functionsBlocked: view.functionsBlocked,
  };
}

const costKinds = z
  .string()
  .meta({ description: 'The kind of collection cost (locales/<lang>/claimInfo.json `costs`).' });

export const forderungsaufstellungResponse = z.object({
  reference: z.string(),
  /** The compact breakdown (spec section 3): main claim, interest, costs, payments, total. */
  breakdown: z.object({ mainClaim: money, interest: money, costs: money, payments: money, total: money }),
  interest: z.object({
    /** Yearly rate in basis points (500 = 5.00 %), null when none is charged. */
    rateBp: z.number().int().nullable(),
    basis: z.enum(interestBases),
    fromDate: isoDate.nullable(),
    amount: money,
  }),
  costs: z.array(z.object({ kind: costKinds, amount: money, legalBasis: z.string(), vatIncluded: z.boolean() })),
  /** The part of the costs no line above itemises (zero when they add up). */
  unitemisedCosts: money,
});

export function forderungsaufstellungOf(info: NonNullable<Awaited<ReturnType<typeof loadClaimInformation>>>) {
  const m = (minor: number) => toMoney(minor, info.currency);
  return {
    reference: info.reference,
    breakdown: {
      mainClaim: m(info.breakdown.mainClaimMinor),
      interest: m(info.breakdown.interestMinor),
      costs: m(info.breakdown.costsMinor),
      payments: m(info.breakdown.paymentsMinor),
      total: m(info.breakdown.totalMinor),
    },
    interest: {
      rateBp: info.interest.rateBp,
      basis: info.interest.basis,
      fromDate: info.interest.fromDate,
      amount: m(info.interest.amountMinor),
    },
    costs: info.costs.map((c) => ({
      kind: c.kind,
      amount: m(c.amountMinor),
      legalBasis: c.legalBasis,
      vatIncluded: c.vatIncluded,
    })),
    unitemisedCosts: m(info.unitemisedCostsMinor),
  };
}

export const forderungsinformationResponse = z.object({
  reference: z.string(),
  status: statusShape,
  subject: subjectShape,
  contractDate: isoDate.nullable(),
  creditor: addressShape.extend({ logo: z.string().nullable() }),
  /**
   * The original creditor before an assignment: null when there is none; `disclosed` holds its
   * address once the debtor has asked for it on the claim information page (RDG § 13a (3)).
   */
  originalCreditor: z.object({ requestedAt: isoDateTime.nullable(), disclosed: addressShape.nullable() }).nullable(),
  openAmount: money,
  addressTraced: z.boolean(),
  hasVideo: z.boolean(),
  hasInvoices: z.boolean(),
});

export function forderungsinformationOf(info: NonNullable<Awaited<ReturnType<typeof loadClaimInformation>>>) {
  return {
    reference: info.reference,
    status: info.status,
    subject: info.subject,
    contractDate: info.contractDate,
    creditor: info.creditor,
    originalCreditor: info.originalCreditor,
    openAmount: toMoney(info.breakdown.totalMinor, info.currency),
    addressTraced: info.addressTraced,
    hasVideo: info.hasVideo,
    hasInvoices: info.invoices.length > 0,
  };
}

const rechnungenResponse = z.object({ invoices: z.array(invoiceShape) });

function invoicesOf(info: NonNullable<Awaited<ReturnType<typeof loadClaimInformation>>>) {
  return info.invoices.map((i) => ({
    id: i.id,
    number: i.number,
    date: i.date,
    dueDate: i.dueDate,
    amount: toMoney(i.amountMinor, info.currency),
    description: i.description,
    descriptions: i.descriptions,
    hasDocument: i.hasDocument,
  }));
}

const journeyResponse = z.object({
  /** False when the agency does not show this file's history (then `events` is empty). */
  shown: z.boolean(),
  /** Newest first; `kind` names the event (locales/<lang>/claimInfo.json `events`). */
  events: z.array(
    z.object({
      at: isoDateTime,
      kind: z.string(),
      detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
    }),
  ),
});

export const forderungEndpoints: AnyEndpoint[] = [
  defineEndpoint({
    group: 'Forderung',
    name: 'GetRechnungen',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary: "The creditor's invoices the claim is made of (the original invoices of the claim information page).",
    response: rechnungenResponse,
    async handler(_input, ctx) {
      const info = await claimInformationOf(ctx);
      return info ? apiOk({ invoices: invoicesOf(info) }) : notFound();
    },
  }),
  defineEndpoint({
    group: 'Forderung',
    name: 'GetRechnungen',
    method: 'GET',
    path: '/api/Forderung/GetRechnungen/{invoiceId}',
    auth: 'full',
    cache: 'private15',
    summary: "One original invoice with its PDF; another file's invoice is not found.",
    params: z.object({ invoiceId: z.coerce.number().int().positive() }),
    response: z.object({ invoice: invoiceShape, document: documentShape }),
    async handler({ params }, ctx) {
      const session = sessionOf(ctx);
      // The same lookup as the web download: only an invoice of the session's file is found.
      const found = await findInvoiceDocument(ctx.action.db, session.fileId, params.invoiceId);
      const stored = found ? await documentStore().open(found.key) : null;
      const info = stored ? await claimInformationOf(ctx) : null;
      const invoice = info ? invoicesOf(info).find((i) => i.id === params.invoiceId) : undefined;
      if (!found || !stored || !invoice) return problem(404, 'notInFile');
      const bytes = await readAll(stored.body);
      return apiOk({
        invoice,
        document: {
          mediaType: 'application/pdf',
          fileName: `${found.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
          sizeBytes: bytes.length,
          base64: base64Of(bytes),
        },
      });
    },
  }),
  defineEndpoint({
    group: 'Forderung',
    name: 'GetForderungsaufstellung',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary:
      'The statement of the claim: main claim, interest (rate, basis, from when), each cost with its legal basis.',
    response: forderungsaufstellungResponse,
    async handler(_input, ctx) {
      const info = await claimInformationOf(ctx);
      return info ? apiOk(forderungsaufstellungOf(info)) : notFound();
    },
  }),
  defineEndpoint({
    group: 'Forderung',
    name: 'GetOffeneForderung',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: 'The open amount, the amount to pay now and the next instalment, as the dashboard shows them.',
    response: offeneForderungResponse,
    async handler(_input, ctx) {
      const view = await dashboardOf(ctx);
      return view ? apiOk(offeneForderungOf(view)) : notFound();
    },
  }),
  defineEndpoint({
    group: 'Forderung',
    name: 'GetForderungsinformation',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary:
      'What the claim is for, the creditor and (once asked for) the original creditor: the information owed by law.',
    response: forderungsinformationResponse,
    async handler(_input, ctx) {
      const info = await claimInformationOf(ctx);
      return info ? apiOk(forderungsinformationOf(info)) : notFound();
    },
  }),
  defineEndpoint({
    group: 'Forderung',
    name: 'GetForderungsstatus',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "The claim's status (spec 4.2), an announced payment not yet checked, and what the file allows now.",
    response: forderungsstatusResponse,
    async handler(_input, ctx) {
      const view = await dashboardOf(ctx);
      return view ? apiOk(forderungsstatusOf(view)) : notFound();
    },
  }),
  defineEndpoint({
    group: 'Forderung',
    name: 'GetDebtorJourney',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary: "The file's history (letters, reminders, payments, agreements), newest first, where the agency shows it.",
    response: journeyResponse,
    async handler(_input, ctx) {
      const info = await claimInformationOf(ctx);
      if (!info) return notFound();
      return apiOk({ shown: info.events !== null, events: info.events ?? [] });
    },
  }),
];
