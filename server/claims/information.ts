/**
 * Claim information (spec 2.4 "Claim information", section 7 GetForderungsinformation,
 * GetForderungsaufstellung, GetZahlungen, GetRechnungen, GetDebtorJourney): everything the
 * debtor may know about one file, and the information a collection agency owes the debtor by
 * law (Germany: § 13a Rechtsdienstleistungsgesetz; other variants their country's equivalent).
 *
 * Reads only; the one write is `discloseOriginalCreditor`, which records that the debtor asked.
 */
import { formatReference } from '../auth/reference.ts';
import {
  announcementFromColumn,
  pendingAnnouncementColumn,
  type pendingAnnouncement,
} from '../payments-announced/announce.ts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { fileRef, isoFromJson, readFile, todayIso } from './facts.ts';
import { claimSubject, type ClaimSubject } from './subjects.ts';
import { actionFlags, statusView, type ActionFlags, type StatusView } from './rules.ts';

import type { CostKind } from './costs.ts';

export type { CostKind };
export type Turnover = (typeof t.paymentsMade.$inferSelect)['turnover'];

/** Compact breakdown (section 3): main claim, interest, costs, payments, total claim. */
export interface ClaimBreakdown {
  mainClaimMinor: number;
  interestMinor: number;
  costsMinor: number;
  paymentsMinor: number;
  totalMinor: number;
}

export interface Address {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface ClaimInformation {
  fileId: number;
  reference: string;
  variant: string;
  currency: string;
  status: StatusView;
  /** A payment the debtor announced that staff have not checked yet: a note beside the status. */
  announcedPayment: Awaited<ReturnType<typeof pendingAnnouncement>>;
  flags: ActionFlags;
  breakdown: ClaimBreakdown;
  /** What the claim is for (coded where the agency's system codes it), and the date of the contract. */
  subject: ClaimSubject;
  contractDate: string | null;
  creditor: Address & { logo: string | null };
  /**
   * The original creditor (before an assignment). By law on request only: null when the file
   * has none; otherwise `disclosed` holds the address once the debtor has asked (recorded).
   */
  originalCreditor: { requestedAt: string | null; disclosed: Address | null } | null;
  interest: {
    /** Yearly rate in basis points (500 = 5.00 %), null when no interest is charged. */
    rateBp: number | null;
    basis: InterestBasis;
    fromDate: string | null;
    amountMinor: number;
  };
  costs: Array<{ kind: CostKind; amountMinor: number; legalBasis: string; vatIncluded: boolean }>;
  /**
   * The part of the costs no line itemises (a file whose agency sent its costs without
   * `costLines`, decision 105): named as such, never as "no costs".
   */
  unitemisedCostsMinor: number;
  /** The claim items: the creditor's invoices (also the "original invoices" with their PDFs). */
  /** `description` is the creditor's wording; `descriptions` the same line in other languages, where known. */
  invoices: Array<{
    id: number;
    number: string;
    date: string;
    dueDate: string | null;
    amountMinor: number;
    description: string;
    descriptions: Record<string, string>;
    hasDocument: boolean;
  }>;
  payments: Array<{ bookedOn: string; amountMinor: number; turnover: Turnover; balanceMinor: number }>;
  /** The debtor journey, newest first; null when the server does not show it for this file. */
  events: Array<{ at: string; kind: string; detail: Record<string, string | number | boolean | null> | null }> | null;
  addressTraced: boolean;
  hasVideo: boolean;
}

/** How interest was calculated (RDG § 13a (1) no. 3). */
export const interestBases = ['statutoryDefault', 'statutoryDefaultBusiness', 'contractual', 'none'] as const;
export type InterestBasis = (typeof interestBases)[number];

const asInterestBasis = (value: string | null, rateBp: number | null): InterestBasis =>
  rateBp === null || rateBp === 0
    ? 'none'
    : (interestBases as readonly string[]).includes(value ?? '')
      ? (value as InterestBasis)
      : 'contractual';

/** Event kinds that are internal bookkeeping and never part of the journey shown to the debtor. */
const hiddenEventKinds: ReadonlySet<string> = new Set(['originalCreditorRequested']);

const creditorJson = (alias: string) =>
  `json_build_object('name', ${alias}.name, 'street', ${alias}.street, 'postalCode', ${alias}.postal_code, ` +
  `'city', ${alias}.city, 'country', ${alias}.country, 'logo', ${alias}.logo_path)`;

/**
 * What the page shows besides the facts, as columns of the file's one statement
 * (server/claims/facts.ts `readFile`); each list in the order the page shows it.
 */
const informationColumns = {
  creditor: sql<Address & { logo: string | null }>`(
    select ${sql.raw(creditorJson('c'))} from creditors c where c.id = "files"."creditor_id")`,
  original: sql<(Address & { logo: string | null }) | null>`(
    select ${sql.raw(creditorJson('c'))} from creditors c where c.id = "files"."original_creditor_id")`,
  costs: sql<ClaimInformation['costs']>`(
    select coalesce(json_agg(json_build_object(
      'kind', c.kind, 'amountMinor', c.amount_minor, 'legalBasis', c.legal_basis, 'vatIncluded', c.vat_included)
      order by c.id), '[]'::json)
    from collection_costs c where c.file_id = ${fileRef})`,
  invoices: sql<
    Array<Omit<ClaimInformation['invoices'][number], 'descriptions'> & { descriptions: Record<string, string> | null }>
  >`(
    select coalesce(json_agg(json_build_object(
      'id', i.id, 'number', i.invoice_number, 'date', i.invoice_date, 'dueDate', i.due_date,
      'amountMinor', i.amount_minor, 'description', i.description, 'descriptions', i.descriptions,
      'hasDocument', i.document_key is not null)
      order by i.invoice_date, i.id), '[]'::json)
    from invoices i where i.file_id = ${fileRef})`,
  payments: sql<ClaimInformation['payments']>`(
    select coalesce(json_agg(json_build_object(
      'bookedOn', p.booked_on, 'amountMinor', p.amount_minor, 'turnover', p.turnover, 'balanceMinor', p.balance_minor)
      order by p.booked_on desc, p.id desc), '[]'::json)
    from payments_made p where p.file_id = ${fileRef})`,
  // Only where the server shows the journey for this file.
  events: sql<Array<{
    at: string;
    kind: string;
    detail: Record<string, string | number | boolean | null> | null;
  }> | null>`(
    case when "files"."show_event_history" then (
      select coalesce(json_agg(json_build_object('at', e.occurred_at, 'kind', e.kind, 'detail', e.detail)
        order by e.occurred_at desc, e.id desc), '[]'::json)
      from events e where e.file_id = ${fileRef})
    end)`,
  disclosureAt: sql<string | null>`(
    select json_build_object('at', e.occurred_at)->>'at' from events e
    where e.file_id = ${fileRef} and e.kind = 'originalCreditorRequested'
    order by e.occurred_at limit 1)`,
  announcedPayment: pendingAnnouncementColumn,
};

/** What of the file's costs no cost line itemises (never below zero). */
export function unitemisedCosts(costsMinor: number, costs: ReadonlyArray<{ amountMinor: number }>): number {
  return Math.max(0, costsMinor - costs.reduce((sum, cost) => sum + cost.amountMinor, 0));
}

/** Everything on the page from one statement (issue 16): the file's facts and the columns above. */
export async function loadClaimInformation(
  db: Database,
  fileId: number,
  today = todayIso(),
): Promise<ClaimInformation | null> {
  const read = await readFile(db, fileId, informationColumns);
  if (!read) return null;
  const { file } = read;
  const facts = read.factsOn(today);
  const { creditor, original, costs, invoices, payments, events, disclosureAt, announcedPayment } = read.extras;
  const address = (c: Address): Address => ({
    name: c.name,
    street: c.street,
    postalCode: c.postalCode,
    city: c.city,
    country: c.country,
  });
  const requestedAt = isoFromJson(disclosureAt);

  return {
    fileId,
    reference: formatReference(facts.refno, facts.subcase),
    variant: file.variant,
    currency: facts.currency,
    status: statusView(facts, today),
    announcedPayment: announcementFromColumn(announcedPayment),
    flags: actionFlags(facts, today),
    breakdown: {
      mainClaimMinor: facts.mainClaimMinor,
      interestMinor: facts.interestMinor,
      costsMinor: facts.costsMinor,
      paymentsMinor: facts.paymentsMinor,
      totalMinor: facts.totalMinor,
    },
    subject: claimSubject(file.claimSubject, file.subjectKey, file.subjectParams),
    contractDate: file.contractDate,
    creditor: { ...address(creditor), logo: creditor.logo },
    originalCreditor: original ? { requestedAt, disclosed: requestedAt ? address(original) : null } : null,
    interest: {
      rateBp: file.interestRateBp,
      basis: asInterestBasis(file.interestBasis, file.interestRateBp),
      fromDate: file.interestFrom,
      amountMinor: facts.interestMinor,
    },
    costs,
    unitemisedCostsMinor: unitemisedCosts(facts.costsMinor, costs),
    invoices: invoices.map((i) => ({ ...i, descriptions: i.descriptions ?? {} })),
    payments,
    events: events
      ? events
          .filter((e) => !hiddenEventKinds.has(e.kind))
          .map((e) => ({ at: isoFromJson(e.at)!, kind: e.kind, detail: e.detail ?? null }))
      : null,
    addressTraced: file.addressTraced,
    hasVideo: facts.hasVideo,
  };
}

export const discloseOriginalCreditorInput = z.object({
  fileId: z.number().int().positive(),
  debtorId: z.number().int().positive(),
  clientAddress: z.string().optional(),
});

/**
 * The debtor asks who the original creditor is (RDG § 13a (3)): the request is recorded once,
 * in the file's journey and the audit log; asking again changes nothing.
 */
export async function discloseOriginalCreditor(
  db: Database,
  input: z.infer<typeof discloseOriginalCreditorInput>,
  now = new Date(),
): Promise<{ ok: true; requestedAt: string } | { ok: false; error: 'noOriginalCreditor' }> {
  const { fileId, debtorId, clientAddress } = discloseOriginalCreditorInput.parse(input);
  const [file] = await db
    .select({ originalCreditorId: t.files.originalCreditorId })
    .from(t.files)
    .where(and(eq(t.files.id, fileId), eq(t.files.debtorId, debtorId)));
  if (!file?.originalCreditorId) return { ok: false, error: 'noOriginalCreditor' };
  return db.transaction(async (tx) => {
    // Serialise concurrent clicks on the same file so the request is recorded once.
    await tx.select({ id: t.files.id }).from(t.files).where(eq(t.files.id, fileId)).for('update');
    const [existing] = await tx
      .select({ at: t.events.occurredAt })
      .from(t.events)
      .where(and(eq(t.events.fileId, fileId), eq(t.events.kind, 'originalCreditorRequested')))
      .limit(1);
    if (existing) return { ok: true as const, requestedAt: existing.at.toISOString() };
    await tx.insert(t.events).values({ fileId, occurredAt: now, kind: 'originalCreditorRequested' });
    await audit(tx, {
      actor: 'debtor',
      action: 'claim.originalCreditor.requested',
      debtorId,
      fileId,
      clientAddress,
      at: now,
    });
    return { ok: true as const, requestedAt: now.toISOString() };
  });
}

/** The stored document of one invoice, only if it belongs to the given file. */
export async function findInvoiceDocument(
  db: Database,
  fileId: number,
  invoiceId: number,
): Promise<{ key: string; number: string } | null> {
  const [row] = await db
    .select({ key: t.invoices.documentKey, number: t.invoices.invoiceNumber })
    .from(t.invoices)
    .where(and(eq(t.invoices.id, invoiceId), eq(t.invoices.fileId, fileId)));
  return row?.key ? { key: row.key, number: row.number } : null;
}

/** loadClaimInformation as a page calls it: it opens the database itself (decision 077). */
export const loadClaimInformationForPage = withDatabase(loadClaimInformation);

/** discloseOriginalCreditor as a page calls it: it opens the database itself (decision 077). */
export const discloseOriginalCreditorForPage = withDatabase(discloseOriginalCreditor);

/** findInvoiceDocument as a page calls it: it opens the database itself (decision 077). */
export const findInvoiceDocumentForPage = withDatabase(findInvoiceDocument);
