/**
 * Claim information (spec 2.4 "Claim information", section 7 GetForderungsinformation,
 * GetForderungsaufstellung, GetZahlungen, GetRechnungen, GetDebtorJourney): everything the
 * debtor may know about one file, and the information a collection agency owes the debtor by
 * law (Germany: § 13a Rechtsdienstleistungsgesetz; other variants their country's equivalent).
 *
 * Reads only; the one write is `discloseOriginalCreditor`, which records that the debtor asked.
 */
import { pendingAnnouncement } from '../payments-announced/announce.ts';
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { loadFileFacts, todayIso } from './facts.ts';
import { claimSubject, type ClaimSubject } from './subjects.ts';
import { actionFlags, statusView, type ActionFlags, type StatusView } from './rules.ts';

export type CostKind = (typeof t.collectionCosts.$inferSelect)['kind'];
export type Turnover = (typeof t.paymentsMade.$inferSelect)['turnover'];

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
  /** Compact breakdown (section 3): main claim, interest, costs, payments, total claim. */
  breakdown: {
    mainClaimMinor: number;
    interestMinor: number;
    costsMinor: number;
    paymentsMinor: number;
    totalMinor: number;
  };
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

const originalCreditors = alias(t.creditors, 'original_creditors');

/** Event kinds that are internal bookkeeping and never part of the journey shown to the debtor. */
const hiddenEventKinds: ReadonlySet<string> = new Set(['originalCreditorRequested']);

export async function loadClaimInformation(
  db: Database,
  fileId: number,
  today = todayIso(),
): Promise<ClaimInformation | null> {
  const facts = await loadFileFacts(db, fileId, { today });
  if (!facts) return null;
  const [row] = await db
    .select({
      file: t.files,
      creditor: t.creditors,
      original: originalCreditors,
    })
    .from(t.files)
    .innerJoin(t.creditors, eq(t.creditors.id, t.files.creditorId))
    .leftJoin(originalCreditors, eq(originalCreditors.id, t.files.originalCreditorId))
    .where(eq(t.files.id, fileId));
  if (!row) return null;
  const { file, creditor, original } = row;

  const [costs, invoices, payments, events, disclosure] = await Promise.all([
    db.select().from(t.collectionCosts).where(eq(t.collectionCosts.fileId, fileId)).orderBy(asc(t.collectionCosts.id)),
    db
      .select()
      .from(t.invoices)
      .where(eq(t.invoices.fileId, fileId))
      .orderBy(asc(t.invoices.invoiceDate), asc(t.invoices.id)),
    db
      .select()
      .from(t.paymentsMade)
      .where(eq(t.paymentsMade.fileId, fileId))
      .orderBy(desc(t.paymentsMade.bookedOn), desc(t.paymentsMade.id)),
    file.showEventHistory
      ? db
          .select()
          .from(t.events)
          .where(eq(t.events.fileId, fileId))
          .orderBy(desc(t.events.occurredAt), desc(t.events.id))
      : Promise.resolve(null),
    db
      .select({ at: t.events.occurredAt })
      .from(t.events)
      .where(and(eq(t.events.fileId, fileId), eq(t.events.kind, 'originalCreditorRequested')))
      .orderBy(asc(t.events.occurredAt))
      .limit(1),
  ]);

  const address = (c: typeof t.creditors.$inferSelect): Address => ({
    name: c.name,
    street: c.street,
    postalCode: c.postalCode,
    city: c.city,
    country: c.country,
  });
  const requestedAt = disclosure[0]?.at.toISOString() ?? null;

  return {
    fileId,
    reference: facts.subcase > 1 ? `${facts.refno}-${facts.subcase}` : facts.refno,
    variant: file.variant,
    currency: facts.currency,
    status: statusView(facts, today),
    announcedPayment: await pendingAnnouncement(db, fileId),
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
    creditor: { ...address(creditor), logo: creditor.logoPath },
    originalCreditor: original ? { requestedAt, disclosed: requestedAt ? address(original) : null } : null,
    interest: {
      rateBp: file.interestRateBp,
      basis: asInterestBasis(file.interestBasis, file.interestRateBp),
      fromDate: file.interestFrom,
      amountMinor: facts.interestMinor,
    },
    costs: costs.map((c) => ({
      kind: c.kind,
      amountMinor: c.amountMinor,
      legalBasis: c.legalBasis,
      vatIncluded: c.vatIncluded,
    })),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.invoiceNumber,
      date: i.invoiceDate,
      dueDate: i.dueDate,
      amountMinor: i.amountMinor,
      description: i.description,
      descriptions: i.descriptions ?? {},
      hasDocument: i.documentKey !== null,
    })),
    payments: payments.map((p) => ({
      bookedOn: p.bookedOn,
      amountMinor: p.amountMinor,
      turnover: p.turnover,
      balanceMinor: p.balanceMinor,
    })),
    events: events
      ? events
          .filter((e) => !hiddenEventKinds.has(e.kind))
          .map((e) => ({ at: e.occurredAt.toISOString(), kind: e.kind, detail: e.detail ?? null }))
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
