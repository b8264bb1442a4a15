/**
 * The facts about one file that the claim rules (rules.ts) need, as plain data: ISO strings for
 * dates and timestamps, integer minor units for money. Loading is the only part that touches the
 * database; everything derived from these facts is a pure function in rules.ts.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { todayIso } from '../dates.ts';

/** Status codes of section 4.2. */
export type StatusCode = (typeof t.statusCodes)[number];
/** Sub-states of status 2 (section 4.2). */
export type SubState = (typeof t.subStates)[number];
export type PlanStatus = (typeof t.instalmentPlans.$inferSelect)['status'];
export type DepositStatus = (typeof t.deposits.$inferSelect)['status'];

/** The earliest instalment row that is neither paid nor skipped. */
export interface NextInstalment {
  position: number;
  /** ISO date. */
  dueOn: string;
  amountMinor: number;
}

export interface PlanFacts {
  status: PlanStatus;
  isSepa: boolean;
  sepaFailed: boolean;
  skipsUsed: number;
  monthlyMinor: number;
  /** Number of rows in the plan. */
  instalmentCount: number;
  next: NextInstalment | null;
  /** Sum of every row not yet paid; a skipped row does not count, its rate was moved behind the last row. */
  remainingMinor: number;
  /** The next unpaid row was due before the day the facts were loaded for. */
  overdue: boolean;
}

export interface DownPaymentFacts {
  amountMinor: number;
  /** ISO date or null when no due date was agreed. */
  dueOn: string | null;
  status: DepositStatus;
}

export interface DepositFacts {
  amountMinor: number;
  status: DepositStatus;
}

export interface DeferralFacts {
  /** ISO date the debtor may pay by. */
  payBy: string;
  /** ISO timestamp. */
  grantedAt: string;
}

export interface SpecialOfferFacts {
  amountMinor: number;
  /** ISO date, the last day the offer can be taken. */
  validTill: string;
  acceptedAt: string | null;
  declinedAt: string | null;
  paidAt: string | null;
}

export interface FileFacts {
  fileId: number;
  refno: string;
  subcase: number;
  statusCode: StatusCode;
  subState: SubState | null;
  /** ISO date of the last status change. */
  statusDate: string;
  currency: string;
  /** Open amount: main claim + interest + costs − payments. */
  totalMinor: number;
  mainClaimMinor: number;
  interestMinor: number;
  costsMinor: number;
  paymentsMinor: number;
  /** Features refused for this file (403 text with phone contact). */
  functionsBlocked: boolean;
  /** ISO timestamp of a dispute (objection) still being reviewed, or null. */
  disputedAt: string | null;
  /** ISO timestamp when the file was closed (e.g. after the notice of completion), or null. */
  closedAt: string | null;
  /** Instalment refusal code of section 8 (1 to 6), or null. */
  instalmentErrorCode: number | null;
  /** Deposit the file requires before a new plan (error code 5), or null. */
  depositRequiredMinor: number | null;
  hasVideo: boolean;
  hasInvoices: boolean;
  showEventHistory: boolean;
  /** The active plan, else a pending one, else the most recent (cancelled or completed); null without any. */
  plan: PlanFacts | null;
  /** The pending down payment, else the most recent one. */
  downPayment: DownPaymentFacts | null;
  /** The pending deposit, else the most recent one. */
  deposit: DepositFacts | null;
  /** The most recent deferral (a deferral is granted once only, section 4.3). */
  deferral: DeferralFacts | null;
  /** The most recent special settlement offer. */
  specialOffer: SpecialOfferFacts | null;
  /** ISO timestamp of the latest notice-of-completion request, or null. */
  noticeOfCompletionRequestedAt: string | null;
}

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** Today's date in the agency's time zone; server/dates.ts is its one home. */
export { todayIso };

const planPreference: Record<PlanStatus, number> = { active: 0, pending: 1, completed: 2, cancelled: 2 };

/** Prefers the pending row, otherwise the newest (rows arrive newest first). */
function pendingOrLatest<T extends { status: DepositStatus }>(rows: readonly T[]): T | undefined {
  return rows.find((r) => r.status === 'pending') ?? rows[0];
}

/**
 * Reads the facts of one file. Returns null when the file does not exist or was deleted.
 * `today` (ISO date, default: today in Europe/Berlin) only decides the plan's overdue flag.
 */
export async function loadFileFacts(
  db: Database,
  fileId: number,
  options: { today?: string } = {},
): Promise<FileFacts | null> {
  const today = (options.today ?? todayIso()).slice(0, 10);
  const [file] = await db.select().from(t.files).where(eq(t.files.id, fileId));
  if (!file || file.deletedAt) return null;

  const [plans, depositRows, deferralRows, offerRows, invoiceCount, noticeRows] = await Promise.all([
    db
      .select()
      .from(t.instalmentPlans)
      .where(eq(t.instalmentPlans.fileId, fileId))
      .orderBy(desc(t.instalmentPlans.createdAt), desc(t.instalmentPlans.id)),
    db
      .select()
      .from(t.deposits)
      .where(eq(t.deposits.fileId, fileId))
      .orderBy(desc(t.deposits.createdAt), desc(t.deposits.id)),
    db
      .select()
      .from(t.deferrals)
      .where(eq(t.deferrals.fileId, fileId))
      .orderBy(desc(t.deferrals.grantedAt), desc(t.deferrals.id))
      .limit(1),
    db
      .select()
      .from(t.specialOffers)
      .where(eq(t.specialOffers.fileId, fileId))
      .orderBy(desc(t.specialOffers.id))
      .limit(1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.invoices)
      .where(eq(t.invoices.fileId, fileId)),
    db
      .select({ orderedAt: t.portalOrders.orderedAt })
      .from(t.portalOrders)
      .where(and(eq(t.portalOrders.fileId, fileId), eq(t.portalOrders.orderType, 'noticeOfCompletion')))
      .orderBy(desc(t.portalOrders.orderedAt))
      .limit(1),
  ]);

  // Stable sort keeps "newest first" inside each preference group.
  const planRow = [...plans].sort((a, b) => planPreference[a.status] - planPreference[b.status])[0];
  let plan: PlanFacts | null = null;
  if (planRow) {
    const rows = await db
      .select()
      .from(t.instalmentRows)
      .where(eq(t.instalmentRows.planId, planRow.id))
      .orderBy(t.instalmentRows.position);
    const unpaid = rows.filter((r) => !r.paidAt);
    const nextRow = unpaid.find((r) => !r.skipped);
    const next = nextRow
      ? { position: nextRow.position, dueOn: nextRow.dueOn, amountMinor: nextRow.amountMinor }
      : null;
    plan = {
      status: planRow.status,
      isSepa: planRow.isSepa,
      sepaFailed: planRow.sepaFailed,
      skipsUsed: planRow.skipsUsed,
      monthlyMinor: planRow.monthlyMinor,
      instalmentCount: rows.length,
      next,
      remainingMinor: unpaid.filter((r) => !r.skipped).reduce((sum, r) => sum + r.amountMinor, 0),
      overdue: next !== null && next.dueOn < today,
    };
  }

  const downPaymentRow = pendingOrLatest(depositRows.filter((d) => d.kind === 'downPayment'));
  const depositRow = pendingOrLatest(depositRows.filter((d) => d.kind === 'deposit'));
  const deferralRow = deferralRows[0];
  const offerRow = offerRows[0];

  return {
    fileId: file.id,
    refno: file.refno,
    subcase: file.subcase,
    statusCode: file.statusCode,
    subState: file.subState,
    statusDate: file.statusDate,
    currency: file.currency,
    totalMinor: file.totalMinor ?? file.mainClaimMinor + file.interestMinor + file.costsMinor - file.paymentsMinor,
    mainClaimMinor: file.mainClaimMinor,
    interestMinor: file.interestMinor,
    costsMinor: file.costsMinor,
    paymentsMinor: file.paymentsMinor,
    functionsBlocked: file.functionsBlocked,
    disputedAt: iso(file.disputedAt),
    closedAt: iso(file.closedAt),
    instalmentErrorCode: file.instalmentErrorCode,
    depositRequiredMinor: file.depositRequiredMinor,
    hasVideo: file.hasVideo,
    hasInvoices: (invoiceCount[0]?.n ?? 0) > 0,
    showEventHistory: file.showEventHistory,
    plan,
    downPayment: downPaymentRow
      ? { amountMinor: downPaymentRow.amountMinor, dueOn: downPaymentRow.dueOn, status: downPaymentRow.status }
      : null,
    deposit: depositRow ? { amountMinor: depositRow.amountMinor, status: depositRow.status } : null,
    deferral: deferralRow ? { payBy: deferralRow.payBy, grantedAt: deferralRow.grantedAt.toISOString() } : null,
    specialOffer: offerRow
      ? {
          amountMinor: offerRow.amountMinor,
          validTill: offerRow.validTill,
          acceptedAt: iso(offerRow.acceptedAt),
          declinedAt: iso(offerRow.declinedAt),
          paidAt: iso(offerRow.paidAt),
        }
      : null,
    noticeOfCompletionRequestedAt: iso(noticeRows[0]?.orderedAt),
  };
}
