/**
 * The facts about one file that the claim rules (rules.ts) need, as plain data: ISO strings for
 * dates and timestamps, integer minor units for money. Loading is the only part that touches the
 * database; everything derived from these facts is a pure function in rules.ts.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase } from '../db/prepared.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { todayIso } from '../dates.ts';
import type { FileTerms } from '../terms/file-terms.ts';

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
  /** The most recent special settlement offer; null when the agency withdrew it (decision 106). */
  specialOffer: SpecialOfferFacts | null;
  /** ISO timestamp of the latest notice-of-completion request, or null. */
  noticeOfCompletionRequestedAt: string | null;
  /** What the agency set for this file within its variant (decision 103); `effectiveTerms` reads it. */
  terms: FileTerms;
}

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** Today's date in the agency's time zone; server/dates.ts is its one home. */
export { todayIso };

/** One instalment row as the facts need it. */
interface RowRead {
  position: number;
  dueOn: string;
  amountMinor: number;
  paid: boolean;
  skipped: boolean;
}

/** What the one statement reads besides the file's row (JSON from the database: dates as ISO text). */
interface FactsRead {
  plan: {
    status: PlanStatus;
    isSepa: boolean;
    sepaFailed: boolean;
    skipsUsed: number;
    monthlyMinor: number;
    rows: RowRead[];
  } | null;
  downPayment: DownPaymentFacts | null;
  deposit: DepositFacts | null;
  deferral: { payBy: string; grantedAt: string } | null;
  specialOffer: {
    amountMinor: number;
    validTill: string;
    acceptedAt: string | null;
    declinedAt: string | null;
    paidAt: string | null;
    withdrawnAt: string | null;
  } | null;
  hasInvoices: boolean;
  noticeRequestedAt: string | null;
}

/** A timestamp read as JSON text (any offset) as the ISO string a Date gives. */
export const isoFromJson = (value: string | null | undefined): string | null =>
  value ? new Date(value).toISOString() : null;

/**
 * The facts' reads as columns of one statement over the file's row, correlated by `files.id`:
 * the plan to judge (the active one, else a pending one, else the most recent; newest first
 * within each) with its rows, the pending-or-latest down payment and deposit, the latest
 * deferral and special offer (none when it is withdrawn), whether invoices exist, the latest
 * notice-of-completion request.
 * Plain SQL that PGlite and PostgreSQL run alike.
 */
/** `files.id`, qualified: drizzle leaves a single table's columns unqualified, which a subquery would read as its own. */
export const fileRef = sql.raw('"files"."id"');

const factsColumns = {
  plan: sql<FactsRead['plan']>`(
    select json_build_object(
      'status', p.status, 'isSepa', p.is_sepa, 'sepaFailed', p.sepa_failed,
      'skipsUsed', p.skips_used, 'monthlyMinor', p.monthly_minor,
      'rows', (
        select coalesce(json_agg(json_build_object(
          'position', r.position, 'dueOn', r.due_on, 'amountMinor', r.amount_minor,
          'paid', r.paid_at is not null, 'skipped', r.skipped) order by r.position), '[]'::json)
        from instalment_rows r where r.plan_id = p.id))
    from instalment_plans p
    where p.file_id = ${fileRef}
    order by case p.status when 'active' then 0 when 'pending' then 1 else 2 end, p.created_at desc, p.id desc
    limit 1)`,
  downPayment: sql<FactsRead['downPayment']>`(
    select json_build_object('amountMinor', d.amount_minor, 'dueOn', d.due_on, 'status', d.status)
    from deposits d where d.file_id = ${fileRef} and d.kind = 'downPayment'
    order by (d.status = 'pending') desc, d.created_at desc, d.id desc limit 1)`,
  deposit: sql<FactsRead['deposit']>`(
    select json_build_object('amountMinor', d.amount_minor, 'status', d.status)
    from deposits d where d.file_id = ${fileRef} and d.kind = 'deposit'
    order by (d.status = 'pending') desc, d.created_at desc, d.id desc limit 1)`,
  deferral: sql<FactsRead['deferral']>`(
    select json_build_object('payBy', d.pay_by, 'grantedAt', d.granted_at)
    from deferrals d where d.file_id = ${fileRef}
    order by d.granted_at desc, d.id desc limit 1)`,
  specialOffer: sql<FactsRead['specialOffer']>`(
    select json_build_object(
      'amountMinor', o.amount_minor, 'validTill', o.valid_till,
      'acceptedAt', o.accepted_at, 'declinedAt', o.declined_at, 'paidAt', o.paid_at,
      'withdrawnAt', o.withdrawn_at)
    from special_offers o where o.file_id = ${fileRef}
    order by o.id desc limit 1)`,
  hasInvoices: sql<boolean>`exists (select 1 from invoices i where i.file_id = ${fileRef})`,
  noticeRequestedAt: sql<string | null>`(
    select json_build_object('at', o.ordered_at)->>'at'
    from portal_orders o where o.file_id = ${fileRef} and o.order_type = 'noticeOfCompletion'
    order by o.ordered_at desc limit 1)`,
};

type FileRow = typeof t.files.$inferSelect;

/** Extra columns a page reads in the same statement (correlated to `files.id`). */
export type ExtraColumns = Record<string, SQL<unknown>>;
export type ExtrasOf<E extends ExtraColumns> = { [K in keyof E]: E[K] extends SQL<infer T> ? T : never };

/** The file's row and everything its facts need, read in one statement; null for a missing or deleted file. */
export interface FileRead<E extends ExtraColumns = Record<never, never>> {
  file: FileRow;
  /** The facts as of `today` (ISO date; it only decides the plan's overdue flag). */
  factsOn(today: string): FileFacts;
  extras: ExtrasOf<E>;
}

/**
 * The statement of `readFile` for one set of extra columns, prepared once per database handle
 * (issue 28): building this long statement with drizzle on every page view was a noticeable part
 * of a page's CPU, and PostgreSQL plans a named statement once per connection. The pages pass
 * their extra columns as module constants, so there are as many as there are pages.
 */
const noExtras: ExtraColumns = {};
/** One name per set of columns, the same on every connection (a connection prepares a name once). */
const statementNames = new WeakMap<ExtraColumns, string>();
let nextName = 1;

function prepareRead(db: Database, extras: ExtraColumns) {
  let name = statementNames.get(extras);
  if (!name) statementNames.set(extras, (name = `read_file_${nextName++}`));
  return db
    .select({ file: t.files, ...factsColumns, ...extras })
    .from(t.files)
    .where(eq(t.files.id, sql.placeholder('fileId')))
    .prepare(name);
}

const readStatement = preparedPerDatabase(prepareRead);

/**
 * Reads one file's row, its facts' rows and the caller's `extras` in a single statement (issue
 * 16: seven statements became one). A page that shows more of the file adds its own columns as
 * `extras`, so that one page view costs one read of the file.
 */
export async function readFile<E extends ExtraColumns = Record<never, never>>(
  db: Database,
  fileId: number,
  extras?: E,
): Promise<FileRead<E> | null> {
  const [row] = (await readStatement(db, extras ?? noExtras).execute({ fileId })) as Array<
    { file: FileRow } & Record<string, unknown>
  >;
  if (!row || row.file.deletedAt) return null;
  const { file, plan, downPayment, deposit, deferral, specialOffer, hasInvoices, noticeRequestedAt, ...rest } =
    row as unknown as { file: FileRow } & FactsRead & Record<string, unknown>;
  const read: Omit<FactsRead, 'plan'> = {
    downPayment,
    deposit,
    deferral,
    specialOffer,
    hasInvoices,
    noticeRequestedAt,
  };
  return {
    file,
    factsOn: (today) => factsFrom(file, plan, read, today.slice(0, 10)),
    extras: rest as ExtrasOf<E>,
  };
}

function planFacts(plan: NonNullable<FactsRead['plan']>, today: string): PlanFacts {
  const unpaid = plan.rows.filter((r) => !r.paid);
  const nextRow = unpaid.find((r) => !r.skipped);
  const next = nextRow ? { position: nextRow.position, dueOn: nextRow.dueOn, amountMinor: nextRow.amountMinor } : null;
  return {
    status: plan.status,
    isSepa: plan.isSepa,
    sepaFailed: plan.sepaFailed,
    skipsUsed: plan.skipsUsed,
    monthlyMinor: plan.monthlyMinor,
    instalmentCount: plan.rows.length,
    next,
    remainingMinor: unpaid.filter((r) => !r.skipped).reduce((sum, r) => sum + r.amountMinor, 0),
    overdue: next !== null && next.dueOn < today,
  };
}

function factsFrom(file: FileRow, plan: FactsRead['plan'], read: Omit<FactsRead, 'plan'>, today: string): FileFacts {
  const { downPayment, deposit, deferral, specialOffer } = read;
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
    hasInvoices: read.hasInvoices,
    showEventHistory: file.showEventHistory,
    plan: plan ? planFacts(plan, today) : null,
    downPayment: downPayment
      ? { amountMinor: downPayment.amountMinor, dueOn: downPayment.dueOn, status: downPayment.status }
      : null,
    deposit: deposit ? { amountMinor: deposit.amountMinor, status: deposit.status } : null,
    deferral: deferral ? { payBy: deferral.payBy, grantedAt: isoFromJson(deferral.grantedAt)! } : null,
    // A withdrawn latest offer: the file has none (the latest decides, as the agency's GET reads it).
    specialOffer:
      specialOffer && !specialOffer.withdrawnAt
        ? {
            amountMinor: specialOffer.amountMinor,
            validTill: specialOffer.validTill,
            acceptedAt: isoFromJson(specialOffer.acceptedAt),
            declinedAt: isoFromJson(specialOffer.declinedAt),
            paidAt: isoFromJson(specialOffer.paidAt),
          }
        : null,
    noticeOfCompletionRequestedAt: isoFromJson(read.noticeRequestedAt),
    terms: { paymentMethods: file.paymentMethods, instalmentTerms: file.instalmentTerms },
  };
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
  const read = await readFile(db, fileId);
  return read ? read.factsOn(options.today ?? todayIso()) : null;
}
