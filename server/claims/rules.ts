/**
 * Claim rules: what the dashboard, the claim information and the assistant show for one file,
 * derived from its facts (facts.ts). Pure functions, no framework, no database, no clock: the
 * caller passes `today` as an ISO date (YYYY-MM-DD) so that every rule is reproducible.
 *
 * Spec references are to /work/shared/spec/portal-spec.md.
 */
import type { FileFacts, PlanFacts, SpecialOfferFacts, StatusCode, SubState } from './facts.ts';

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** Status codes of a measure in progress: 40 and 41 measures, 42 enforcement (section 4.2). */
const measureStatusCodes: ReadonlySet<StatusCode> = new Set<StatusCode>(['40', '41', '42']);

/**
 * Whether a measure is running on the file. Sign-in is refused then, by every door, and switching
 * files never reaches such a file (4.1 "Login is refused while a measure is running"; decision 019).
 */
export function measureRunning(statusCode: StatusCode): boolean {
  return measureStatusCodes.has(statusCode);
}

/** Translation keys in the `claim` namespace (locales/<lang>/claim.json, object `status`). */
export const statusLabelKeys = [
  'status.open',
  'status.deferred',
  'status.postponed',
  'status.sepaMandate',
  'status.instalmentRunning',
  'status.instalmentEnded',
  'status.paymentNoted',
  'status.sepaFailed',
  'status.instalmentOverdue',
  'status.agreement',
  'status.settledByAgreement',
  'status.settled',
  'status.stopped',
  'status.sepaActive',
  'status.processing',
  'status.downPaymentPending',
  'status.measure',
  'status.enforcement',
  'status.disputed',
] as const;
export type StatusLabelKey = (typeof statusLabelKeys)[number];

export interface StatusView {
  code: StatusCode;
  subState: SubState | null;
  labelKey: StatusLabelKey;
  /** ISO date that belongs to the label: status date, next due date, pay-by date, down payment due date. */
  date: string;
  tone: Tone;
}

const dateOnly = (iso: string): string => iso.slice(0, 10);

/** Codes after which nothing more is owed or collected (section 4.2: 2a, 3, 3a). */
const finishedCodes: ReadonlySet<string> = new Set<StatusCode>(['2a', '3', '3a']);

/** The file is finished: settled (3), settled by agreement (2a) or collection stopped (3a). The one home of this set. */
export function isFinished(statusCode: string): boolean {
  return finishedCodes.has(statusCode);
}

/** The next unpaid row of the plan is past due (a skipped row is not due). */
export function isPlanOverdue(plan: PlanFacts | null, today: string): boolean {
  if (!plan?.next) return false;
  return plan.overdue || plan.next.dueOn < dateOnly(today);
}

/** A special settlement offer can still be taken: valid today, not declined, not paid, amount positive (section 9). */
export function isSpecialOfferValid(offer: SpecialOfferFacts | null, today: string): offer is SpecialOfferFacts {
  return (
    offer !== null && offer.validTill >= dateOnly(today) && !offer.declinedAt && !offer.paidAt && offer.amountMinor > 0
  );
}

const hasActivePlan = (facts: FileFacts): boolean => facts.plan?.status === 'active';
const sepaCollecting = (plan: PlanFacts | null): boolean =>
  plan?.status === 'active' && plan.isSepa && !plan.sepaFailed;

// ---------------------------------------------------------------------------------------------
// Status label (section 4.2; section 3 "status {status number, label, date, color, …}")
// ---------------------------------------------------------------------------------------------

/** Which date a label refers to. */
type DateSource = 'statusDate' | 'nextDue' | 'payBy' | 'downPaymentDue' | 'agreement';

/** Tone and date of every label: one row per label key. */
const statusTable: Record<Exclude<StatusLabelKey, 'status.disputed'>, { tone: Tone; date: DateSource }> = {
  // 4.2 code 1: open claim.
  'status.open': { tone: 'warning', date: 'statusDate' },
  // 4.2 code 2, deferred: "pay later" granted; 4.3 "it states the date to pay by".
  'status.deferred': { tone: 'info', date: 'payBy' },
  // 4.2 code 2, "payment postponed until a date".
  'status.postponed': { tone: 'info', date: 'payBy' },
  // 4.2 code 2, "SEPA mandate granted": the next debit date.
  'status.sepaMandate': { tone: 'info', date: 'nextDue' },
  // 4.2 code 2, "instalment running": the next due date (section 3 installment.dueDate).
  'status.instalmentRunning': { tone: 'info', date: 'nextDue' },
  // 4.2 code 2, "instalment cancelled or ended": the claim is open again.
  'status.instalmentEnded': { tone: 'warning', date: 'statusDate' },
  // 4.2 code 2, "payment noted (optionally with provider or amount)".
  'status.paymentNoted': { tone: 'info', date: 'statusDate' },
  // 4.2 code 2, "SEPA debit failed".
  'status.sepaFailed': { tone: 'danger', date: 'statusDate' },
  // 4.2 code 2, "instalment overdue": the due date of the unpaid row.
  'status.instalmentOverdue': { tone: 'danger', date: 'nextDue' },
  // 4.2 code 2 without sub-state, and code 20 (guards: "an instalment …, a deferred case").
  'status.agreement': { tone: 'info', date: 'agreement' },
  // 4.2 code 2a: settled by settlement or compromise.
  'status.settledByAgreement': { tone: 'success', date: 'statusDate' },
  // 4.2 code 3: claim settled or paid.
  'status.settled': { tone: 'success', date: 'statusDate' },
  // 4.2 code 3a: recovery or collection stopped.
  'status.stopped': { tone: 'neutral', date: 'statusDate' },
  // 4.2 code 22 / 2.3 "SEPA direct debit is active and the status is … 22": the next debit date.
  'status.sepaActive': { tone: 'info', date: 'nextDue' },
  // 4.2 code 23: triggers reloading after a payment returns; shown as "being processed".
  'status.processing': { tone: 'info', date: 'statusDate' },
  // 4.2 code 24: "down payment pending (due date, rateAmount)".
  'status.downPaymentPending': { tone: 'warning', date: 'downPaymentDue' },
  // 4.2 codes 40, 41: measures in progress.
  'status.measure': { tone: 'warning', date: 'statusDate' },
  // 4.2 code 42: enforcement measure in progress.
  'status.enforcement': { tone: 'danger', date: 'statusDate' },
};

/** Sub-states of code 2 mapped to their labels (section 4.2, row 2). */
const subStateLabels: Record<SubState, Exclude<StatusLabelKey, 'status.disputed'>> = {
  deferred: 'status.deferred',
  postponed: 'status.postponed',
  sepaMandate: 'status.sepaMandate',
  instalmentRunning: 'status.instalmentRunning',
  instalmentEnded: 'status.instalmentEnded',
  paymentNoted: 'status.paymentNoted',
  sepaFailed: 'status.sepaFailed',
  instalmentOverdue: 'status.instalmentOverdue',
};

/** Codes whose label does not depend on the plan or the sub-state. */
const codeLabels: Partial<Record<StatusCode, Exclude<StatusLabelKey, 'status.disputed'>>> = {
  '1': 'status.open',
  '2a': 'status.settledByAgreement',
  '3': 'status.settled',
  '3a': 'status.stopped',
  '22': 'status.sepaActive',
  '23': 'status.processing',
  '24': 'status.downPaymentPending',
  '40': 'status.measure',
  '41': 'status.measure',
  '42': 'status.enforcement',
};

/** The label of an agreement (code 2 without sub-state, code 20), read from the plan or the deferral. */
function agreementLabel(facts: FileFacts, today: string): Exclude<StatusLabelKey, 'status.disputed'> {
  if (hasActivePlan(facts)) {
    if (sepaCollecting(facts.plan)) return 'status.sepaActive';
    return isPlanOverdue(facts.plan, today) ? 'status.instalmentOverdue' : 'status.instalmentRunning';
  }
  if (facts.deferral) return 'status.deferred';
  if (facts.plan?.status === 'cancelled') return 'status.instalmentEnded';
  return 'status.agreement';
}

function labelFor(facts: FileFacts, today: string): Exclude<StatusLabelKey, 'status.disputed'> {
  const fixed = codeLabels[facts.statusCode];
  if (fixed) return fixed;
  if (facts.statusCode === '2' && facts.subState) {
    const label = subStateLabels[facts.subState];
    // A running plan whose next row is past due reads as overdue even before the nightly status run.
    if (label === 'status.instalmentRunning' && isPlanOverdue(facts.plan, today)) return 'status.instalmentOverdue';
    return label;
  }
  return agreementLabel(facts, today);
}

function dateFor(source: DateSource, facts: FileFacts): string {
  switch (source) {
    case 'statusDate':
      return facts.statusDate;
    case 'nextDue':
      return facts.plan?.next?.dueOn ?? facts.statusDate;
    case 'payBy':
      return facts.deferral?.payBy ?? facts.statusDate;
    case 'downPaymentDue':
      return facts.downPayment?.dueOn ?? facts.statusDate;
    case 'agreement':
      return facts.plan?.next?.dueOn ?? facts.deferral?.payBy ?? facts.statusDate;
  }
}

/**
 * Status label, date and colour of a file (section 4.2 for every code and sub-state; section 3
 * "status {…, label, date, color, downPaymentDate}"). A dispute still under review is shown
 * instead of the code, except on a finished file (2a, 3, 3a) where nothing is owed any more.
 */
export function statusView(facts: FileFacts, today: string): StatusView {
  const base = { code: facts.statusCode, subState: facts.subState };
  if (facts.disputedAt && !finishedCodes.has(facts.statusCode)) {
    return { ...base, labelKey: 'status.disputed', date: dateOnly(facts.disputedAt), tone: 'info' };
  }
  const labelKey = labelFor(facts, today);
  const row = statusTable[labelKey];
  return { ...base, labelKey, date: dateFor(row.date, facts), tone: row.tone };
}

// ---------------------------------------------------------------------------------------------
// Action-button flags (section 3 "Action-button flags"; section 2.4 dashboard buttons)
// ---------------------------------------------------------------------------------------------

export const actionFlagNames = [
  'showPayDirect',
  'showPayDirectInstallmentTrue',
  'showPayInstallments',
  'showPayLater',
  'showNoticeOfCompletion',
  'showSkipInstallment',
  'showInstallmentPlan',
  'showPayPartialPayment',
] as const;
export type ActionFlagName = (typeof actionFlagNames)[number];
export type ActionFlags = Record<ActionFlagName, boolean>;

/** What the file allows, in the order the rules test it (first match wins). */
export type ActionSituation =
  | 'blocked'
  | 'settled'
  | 'stopped'
  | 'disputed'
  | 'measure'
  | 'processing'
  | 'downPaymentPending'
  | 'sepaActive'
  | 'instalmentRunning'
  | 'deferred'
  | 'open';

/**
 * A table cell: `Y` always, `N` never, or a condition on the facts:
 * - `ifPlan`: the file has an active or pending plan to show (section 2.1 /installment-plan);
 * - `ifNext`: the active plan has an unpaid row to pay now (2.1 pay-direct?installment=true);
 * - `ifSkip`: no skip used yet and the next row is not overdue (4.3 "offered only rarely");
 * - `ifNoDeferral`: no deferral granted yet (4.3 and 9 "Deferral once only");
 * - `ifNoticeOpen`: no notice of completion requested yet and the file not closed (4.3).
 */
type Cell = 'Y' | 'N' | 'ifPlan' | 'ifNext' | 'ifSkip' | 'ifNoDeferral' | 'ifNoticeOpen';
type Row = readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell];

/** The rule table. Columns in the order of `actionFlagNames`. */
export const actionFlagTable: Readonly<Record<ActionSituation, Row>> = {
  //                   payDirect instTrue  payInst  payLater        notice          skip      plan      partial
  blocked: ['N', 'N', 'N', 'N', 'N', 'N', 'N', 'N'],
  settled: ['N', 'N', 'N', 'N', 'ifNoticeOpen', 'N', 'N', 'N'],
  stopped: ['N', 'N', 'N', 'N', 'N', 'N', 'N', 'N'],
  disputed: ['N', 'N', 'N', 'N', 'N', 'N', 'ifPlan', 'N'],
  measure: ['Y', 'N', 'N', 'N', 'N', 'N', 'ifPlan', 'Y'],
  processing: ['N', 'N', 'N', 'N', 'N', 'N', 'ifPlan', 'N'],
  downPaymentPending: ['Y', 'N', 'N', 'N', 'N', 'N', 'ifPlan', 'N'],
  sepaActive: ['N', 'N', 'N', 'N', 'N', 'N', 'ifPlan', 'N'],
  instalmentRunning: ['Y', 'ifNext', 'N', 'N', 'N', 'ifSkip', 'ifPlan', 'Y'],
  deferred: ['Y', 'N', 'N', 'N', 'N', 'N', 'N', 'Y'],
  open: ['Y', 'N', 'Y', 'ifNoDeferral', 'N', 'N', 'N', 'Y'],
};

const runningSubStates: ReadonlySet<SubState> = new Set<SubState>([
  'instalmentRunning',
  'instalmentOverdue',
  'sepaFailed',
]);

/**
 * Classifies the file for the flag table. First match wins:
 * - blocked: functions refused for the file (6 "Features can be refused per file") or code 42
 *   (4.2 enforcement; 4.1 "Login is refused while a measure is running");
 * - settled: 3 or 2a; stopped: 3a (4.2);
 * - disputed: an objection is being reviewed, so nothing is asked to be paid;
 * - measure: 40, 41 (4.2); processing: 23 (reloading after a payment returns, 4.2);
 * - downPaymentPending: 24 or a pending down payment (4.3 "pay the down payment first");
 * - sepaActive: 22, or an active plan collected by direct debit that has not failed (2.3);
 * - instalmentRunning: an active plan (not collected by direct debit), or code 2 with a running,
 *   overdue or SEPA-failed sub-state;
 * - deferred: code 2 deferred or postponed, or code 20 with a deferral (2.3 "a deferred case");
 * - open: everything else (1; 2 instalmentEnded, paymentNoted; 20 after a cancelled plan).
 */
export function actionSituation(facts: FileFacts): ActionSituation {
  const code = facts.statusCode;
  if (facts.functionsBlocked || code === '42') return 'blocked';
  if (code === '3' || code === '2a') return 'settled';
  if (code === '3a') return 'stopped';
  if (facts.disputedAt) return 'disputed';
  if (code === '40' || code === '41') return 'measure';
  if (code === '23') return 'processing';
  if (code === '24' || facts.downPayment?.status === 'pending') return 'downPaymentPending';
  if (code === '22' || (sepaCollecting(facts.plan) && facts.subState !== 'sepaFailed')) return 'sepaActive';
  if (code === '2' && facts.subState === 'sepaMandate' && !facts.plan?.sepaFailed) return 'sepaActive';
  if (hasActivePlan(facts)) return 'instalmentRunning';
  if (code === '2' && facts.subState && runningSubStates.has(facts.subState)) return 'instalmentRunning';
  if (code === '2' && (facts.subState === 'deferred' || facts.subState === 'postponed')) return 'deferred';
  if (code === '20' && facts.deferral) return 'deferred';
  return 'open';
}

function evaluate(cell: Cell, facts: FileFacts, today: string): boolean {
  const plan = facts.plan;
  switch (cell) {
    case 'Y':
      return true;
    case 'N':
      return false;
    case 'ifPlan':
      return plan !== null && (plan.status === 'active' || plan.status === 'pending');
    case 'ifNext':
      return plan?.status === 'active' && plan.next !== null;
    case 'ifSkip':
      return plan?.status === 'active' && plan.next !== null && plan.skipsUsed === 0 && !isPlanOverdue(plan, today);
    case 'ifNoDeferral':
      return facts.deferral === null;
    case 'ifNoticeOpen':
      return facts.noticeOfCompletionRequestedAt === null && facts.closedAt === null;
  }
}

/**
 * The eight action-button flags of section 3, decided on the server (section 6 "Which buttons
 * and features appear is decided by server flags"). See `actionFlagTable` for the rules.
 * With an active plan, `showPayDirect` is the "pay the entire remaining claim" button and
 * `showPayDirectInstallmentTrue` the "pay the current instalment" button (section 2.4).
 */
export function actionFlags(facts: FileFacts, today: string): ActionFlags {
  const row = actionFlagTable[actionSituation(facts)];
  const flags = {} as ActionFlags;
  actionFlagNames.forEach((name, i) => {
    flags[name] = evaluate(row[i]!, facts, today);
  });
  return flags;
}

// ---------------------------------------------------------------------------------------------
// Amount to pay (section 9 "Amount to pay priority")
// ---------------------------------------------------------------------------------------------

/** `nothing`: the file's state asks for no payment now (direct debit collects, a payment is being checked …). */
export type AmountKind = 'downPayment' | 'instalment' | 'specialDeal' | 'deposit' | 'openAmount' | 'nothing';
export interface AmountToPay {
  kind: AmountKind;
  amountMinor: number;
  /** The state of the file the amount was decided for: the status label and the buttons follow the same one. */
  situation: ActionSituation;
}

/** The deposit still to pay: a pending deposit, else the file's requirement unless a deposit was paid. */
export function depositDue(facts: FileFacts): number {
  if (facts.deposit?.status === 'pending' && facts.deposit.amountMinor > 0) return facts.deposit.amountMinor;
  if (facts.deposit?.status === 'paid') return 0;
  return Math.max(0, facts.depositRequiredMinor ?? 0);
}

/**
 * Situations in which nothing is to be paid now, whatever the amounts: the file is finished or
 * blocked, an objection is being reviewed, a payment is being processed, the direct debit
 * collects the instalments. (A noted payment is checked first: see `amountToPay`.)
 */
const nothingToPayIn: ReadonlySet<ActionSituation> = new Set<ActionSituation>([
  'blocked',
  'settled',
  'stopped',
  'disputed',
  'processing',
  'sepaActive',
]);

/**
 * The one decision of what "pay now" asks for (section 9 "Amount to pay priority"), made for
 * the same situation as the status label and the buttons (`actionSituation`), so the three never
 * contradict one another:
 * - nothing, where the file asks for no payment now (see `nothingToPayIn`), and while a payment
 *   the debtor told us about is being checked (status 2, payment noted);
 * - otherwise, in the spec's order: down payment (pending), instalment (next unpaid row of an
 *   active plan), special deal if valid and positive, deposit (required), the open amount.
 * A level with a zero amount is skipped. Never negative.
 */
export function amountToPay(facts: FileFacts, today: string): AmountToPay {
  const situation = actionSituation(facts);
  const open: AmountToPay = { kind: 'openAmount', amountMinor: Math.max(0, facts.totalMinor), situation };
  if (
    nothingToPayIn.has(situation) ||
    (facts.statusCode === '2' && facts.subState === 'paymentNoted') ||
    open.amountMinor === 0
  ) {
    return { kind: 'nothing', amountMinor: 0, situation };
  }

  const downPayment = facts.downPayment;
  if (downPayment?.status === 'pending' && downPayment.amountMinor > 0) {
    return { kind: 'downPayment', amountMinor: downPayment.amountMinor, situation };
  }
  const next = facts.plan?.status === 'active' ? facts.plan.next : null;
  if (next && next.amountMinor > 0)
    return { kind: 'instalment', amountMinor: Math.min(next.amountMinor, open.amountMinor), situation };
  if (isSpecialOfferValid(facts.specialOffer, today)) {
    return { kind: 'specialDeal', amountMinor: facts.specialOffer.amountMinor, situation };
  }
  const deposit = depositDue(facts);
  if (deposit > 0) return { kind: 'deposit', amountMinor: Math.min(deposit, open.amountMinor), situation };
  return open;
}

// ---------------------------------------------------------------------------------------------
// Modals (section 2.4 "Modals arrive from the server sorted by orderNo")
// ---------------------------------------------------------------------------------------------

export interface ModalLike {
  orderNo: number;
  acknowledgedAt?: Date | string | null;
}

/** The modals still to show: unacknowledged ones, by orderNo, equal orderNo in their given order. */
export function sortModals<T extends ModalLike>(modals: readonly T[]): T[] {
  return modals.filter((m) => !m.acknowledgedAt).sort((a, b) => a.orderNo - b.orderNo);
}

/**
 * The modals that apply to the file now: `sortModals`, minus a special-offer modal whose offer
 * can no longer be taken (expired, declined or paid; section 4.3 "accept and pay, or decline").
 */
export function applicableModals<T extends ModalLike & { kind: string }>(
  modals: readonly T[],
  facts: FileFacts,
  today: string,
): T[] {
  const offerValid = isSpecialOfferValid(facts.specialOffer, today);
  return sortModals(modals.filter((m) => m.kind !== 'specialOffer' || offerValid));
}
