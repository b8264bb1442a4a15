/**
 * The one door from the assistant's tools into the portal's server functions. The tools never
 * query the database or decide a file rule themselves: they call what the classic screens call
 * (the dashboard's view, the plan calculator and its eligibility, the deferral rules, the plan,
 * the callback hours). When the typed action layer (server/actions/, issue 14 item 1) lands,
 * these functions are re-pointed at its registry here, in one place.
 */
import {
  dashboardPageColumns,
  dashboardPageFrom,
  type DashboardPage,
  type DashboardView,
} from '../../claims/dashboard.ts';
import {
  caseScopeOf,
  casesFrom,
  debtorCasesColumn,
  listDebtorCases,
  type CaseScope,
  type DebtorCase,
} from '../../claims/cases.ts';
import { readFile, type ExtraColumns } from '../../claims/facts.ts';
import type { KnownValues } from '../../../intents/anonymiser/index.ts';
import { knownValuesColumn, knownValuesFrom, knownValuesOf } from '../known-values.ts';
import { noticeOfCompletionState } from '../../claims/notice-of-completion.ts';
import { callbackDays, timesOfDay } from '../../contact/callback-slots.ts';
import { subjectIds } from '../../contact/schema.ts';
import { announceFormDefaults, sisterBrandName } from '../../payments-announced/announce.ts';
import { contactDefaults as readContactDefaults } from '../../contact/defaults.ts';
import type { Database } from '../../db/client.ts';
import { fileContextColumns, fileContextFrom, loadFileContext, type FileContext } from '../../instalments/context.ts';
import { deferralOffer } from '../../instalments/deferral.ts';
import { loadPlan, type PlanView } from '../../instalments/plan-view.ts';
import { planOffer, quotePlan, type QuoteResult } from '../../instalments/plans.ts';
import { skipOffered } from '../../instalments/skip.ts';
import type { Variant } from '../../variants/config.ts';
import type { ToolContext } from './context.ts';

export interface FileRef {
  fileId: number;
  debtorId: number;
}

/**
 * What a turn reads of its file is read once per turn (issue 28): the tools only read (they never
 * run an action), so what one of them read holds for the rest of the turn. claim_balance's
 * figures, its alternatives and the offers it lists read the same file four times before.
 */
const turnReads = new WeakMap<ToolContext, Map<string, Promise<unknown>>>();

function once<T>(ctx: ToolContext, key: string, read: () => Promise<T>): Promise<T> {
  let reads = turnReads.get(ctx);
  if (!reads) turnReads.set(ctx, (reads = new Map()));
  let found = reads.get(key) as Promise<T> | undefined;
  if (!found) reads.set(key, (found = read()));
  return found;
}

/**
 * What a turn reads of its file, as one statement per turn (issue 28): what the dashboard page
 * and the checkout read (a turn that answers with figures and offers the checkout's forms needs
 * both), the debtor's files the session may list (the "other files" offer) and the anonymiser's
 * known values (the intent log). Four statements before. One set of columns per scope of the
 * list, each a module constant (readFile prepares one statement per set).
 */
const turnColumns = (scope: CaseScope) =>
  ({
    ...dashboardPageColumns,
    ...fileContextColumns,
    cases: debtorCasesColumn(scope),
    known: knownValuesColumn,
  }) satisfies ExtraColumns;
const turnColumnsOf = { full: turnColumns('full'), reference: turnColumns('reference') };

function turnFile(ctx: ToolContext, session: NonNullable<ToolContext['session']>) {
  return once(ctx, 'file', () => readFile(ctx.db, session.fileId, turnColumnsOf[caseScopeOf(session)]));
}

/** The session's file's read of this turn, begun now (a signed-in turn reads it whatever it answers). */
export function beginTurnRead(ctx: ToolContext): void {
  if (ctx.session) void turnFile(ctx, ctx.session).catch(() => undefined);
}

/** The debtor's files the session may list (the claims list's), read with the turn's file. */
export async function turnCases(ctx: ToolContext): Promise<DebtorCase[]> {
  const session = ctx.session;
  if (!session) return [];
  const read = await turnFile(ctx, session);
  return read ? casesFrom(read.extras.cases, session) : listDebtorCases(ctx.db, session);
}

/**
 * The anonymiser's known values of the signed-in debtor, read with the turn's file; by their own
 * statement when the file could not be read (deleted meanwhile): the debtor's values are removed
 * from the intent log whatever happened to the file.
 */
export async function turnKnownValues(ctx: ToolContext): Promise<KnownValues> {
  const session = ctx.session;
  if (!session) return {};
  const read = await turnFile(ctx, session);
  const known = read?.extras.known;
  return known ? knownValuesFrom(known) : knownValuesOf(ctx.db, session);
}

/**
 * The dashboard page's reading of the session's file as of the turn's day: its view, the facts it
 * was made from and the documents still asked for.
 */
export function dashboardAndFacts(ctx: ToolContext): Promise<DashboardPage | null> {
  const session = ctx.session;
  if (!session) return Promise.resolve(null);
  return once(ctx, 'dashboard', async () => {
    const read = await turnFile(ctx, session);
    return read && dashboardPageFrom(read, { today: ctx.today, level: session.level });
  });
}

/** The dashboard's own view of the file (the figures the debtor sees on the dashboard). */
export async function dashboard(ctx: ToolContext): Promise<DashboardView | null> {
  return (await dashboardAndFacts(ctx))?.view ?? null;
}

/** The claim information's compact breakdown (main claim, interest, costs, payments, total). */
export async function breakdown(ctx: ToolContext) {
  const facts = (await dashboardAndFacts(ctx))?.facts;
  if (!facts) return null;
  return {
    mainClaimMinor: facts.mainClaimMinor,
    interestMinor: facts.interestMinor,
    costsMinor: facts.costsMinor,
    paymentsMinor: facts.paymentsMinor,
    totalMinor: facts.totalMinor,
  };
}

/** The instalment and deferral context of the checkout (eligibility, limits, costs). */
export function fileContext(db: Database, file: FileRef, today: string): Promise<FileContext | null> {
  return loadFileContext(db, file, today);
}

/** The same for the session's file, read once per turn. */
export function turnFileContext(ctx: ToolContext): Promise<FileContext | null> {
  const session = ctx.session;
  if (!session) return Promise.resolve(null);
  return once(ctx, 'context', async () => fileContextFrom(await turnFile(ctx, session), session, ctx.today));
}

export { planOffer, deferralOffer, skipOffered };

/** The plan calculator of the checkout's overview step, with the server's limits. */
export function quote(ctx: FileContext, monthlyMinor: number, firstDueOn: string): QuoteResult {
  return quotePlan(ctx, { monthlyMinor, firstDueOn });
}

export function plan(db: Database, file: FileRef): Promise<PlanView | null> {
  return loadPlan(db, file.fileId);
}

export function noticeState(db: Database, file: FileRef, today: string) {
  return noticeOfCompletionState(db, file.fileId, today);
}

/** What the contact screen's callback form offers in this variant. */
export function callbackChoices(variant: Variant) {
  return { weekdays: callbackDays(variant.support.callbackHours), timesOfDay: [...timesOfDay] };
}

export function messageSubjects(): number[] {
  return [...subjectIds];
}

/** The debtor's stored phone and e-mail, as the contact screen fills them in (a full session only). */
export function contactDefaults(db: Database, file: FileRef): Promise<{ email: string; phone: string }> {
  return readContactDefaults(db, file.debtorId);
}

/** The announce-payment screen's defaults for the payer (name) and the payees it names (a full session only). */
export async function announceDefaults(db: Database, file: FileRef, variant: Variant) {
  const defaults = await announceFormDefaults(db, file);
  if (!defaults) return null;
  return {
    currency: defaults.currency,
    payerName: defaults.payerName,
    payees: [
      { value: 'agency', name: variant.legal.name },
      { value: 'creditor', name: defaults.creditor },
      { value: 'sisterBrand', name: sisterBrandName(variant) },
    ],
  };
}
