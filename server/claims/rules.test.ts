import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusCodes, subStates } from '../db/schema.ts';
import type { FileFacts, PlanFacts } from './facts.ts';
import { fileFacts } from './facts.fixture.ts';
import {
  actionFlagNames,
  actionFlags,
  actionSituation,
  amountToPay,
  applicableModals,
  sortModals,
  statusLabelKeys,
  statusView,
  type ActionFlagName,
  type AmountToPay,
  type StatusView,
} from './rules.ts';

const today = '2026-11-22';

const facts = fileFacts;

function plan(overrides: Partial<PlanFacts> = {}): PlanFacts {
  return {
    status: 'active',
    isSepa: false,
    sepaFailed: false,
    skipsUsed: 0,
    monthlyMinor: 15000,
    instalmentCount: 7,
    next: { position: 3, dueOn: '2026-11-25', amountMinor: 15000 },
    remainingMinor: 74010,
    overdue: false,
    ...overrides,
  };
}

const overduePlan = plan({ next: { position: 3, dueOn: '2026-11-10', amountMinor: 15000 }, overdue: true });
const sepaPlan = plan({ isSepa: true });
const pendingPlan = plan({ status: 'pending', next: { position: 1, dueOn: '2026-12-27', amountMinor: 10000 } });
const cancelledPlan = plan({ status: 'cancelled', next: null });
const deferral = { payBy: '2026-12-12', grantedAt: '2026-11-12T10:00:00.000Z' };
const downPayment = { amountMinor: 20000, dueOn: '2026-11-27', status: 'pending' as const };
const offer = { amountMinor: 54000, validTill: '2026-12-06', acceptedAt: null, declinedAt: null, paidAt: null };

// -------------------------------------------------------------------------------------------
describe('statusView: every status code and sub-state of section 4.2', () => {
  type Expected = Pick<StatusView, 'labelKey' | 'tone' | 'date'>;
  type Label = Expected['labelKey'] extends `status.${infer L}` ? L : never;
  /** The status line expected: its label (`status.<label>`), tone and date. */
  const shows = (label: Label, tone: Expected['tone'], date: string): Expected => ({
    labelKey: `status.${label}`,
    tone,
    date,
  });
  const cases: Array<[string, Partial<FileFacts>, Expected]> = [
    ['1 open claim', {}, shows('open', 'warning', '2026-11-08')],
    [
      '2 deferred: the pay-by date',
      { statusCode: '2', subState: 'deferred', deferral },
      shows('deferred', 'info', '2026-12-12'),
    ],
    [
      '2 postponed: the date',
      { statusCode: '2', subState: 'postponed', deferral },
      shows('postponed', 'info', '2026-12-12'),
    ],
    [
      '2 sepaMandate: the next debit',
      { statusCode: '2', subState: 'sepaMandate', plan: sepaPlan },
      shows('sepaMandate', 'info', '2026-11-25'),
    ],
    [
      '2 instalmentRunning: the next due date',
      { statusCode: '2', subState: 'instalmentRunning', plan: plan() },
      shows('instalmentRunning', 'info', '2026-11-25'),
    ],
    [
      '2 instalmentRunning with a row past due reads as overdue',
      { statusCode: '2', subState: 'instalmentRunning', plan: overduePlan },
      shows('instalmentOverdue', 'danger', '2026-11-10'),
    ],
    [
      '2 instalmentRunning, row due yesterday (flag not yet set)',
      {
        statusCode: '2',
        subState: 'instalmentRunning',
        plan: plan({ next: { position: 3, dueOn: '2026-11-21', amountMinor: 15000 } }),
      },
      shows('instalmentOverdue', 'danger', '2026-11-21'),
    ],
    [
      '2 instalmentRunning, row due today is not overdue',
      {
        statusCode: '2',
        subState: 'instalmentRunning',
        plan: plan({ next: { position: 3, dueOn: today, amountMinor: 15000 } }),
      },
      { labelKey: 'status.instalmentRunning', tone: 'info', date: today },
    ],
    [
      '2 instalmentEnded',
      { statusCode: '2', subState: 'instalmentEnded', plan: cancelledPlan },
      shows('instalmentEnded', 'warning', '2026-11-08'),
    ],
    ['2 paymentNoted', { statusCode: '2', subState: 'paymentNoted' }, shows('paymentNoted', 'info', '2026-11-08')],
    [
      '2 sepaFailed',
      { statusCode: '2', subState: 'sepaFailed', plan: plan({ isSepa: true, sepaFailed: true }) },
      shows('sepaFailed', 'danger', '2026-11-08'),
    ],
    [
      '2 instalmentOverdue: the unpaid due date',
      { statusCode: '2', subState: 'instalmentOverdue', plan: overduePlan },
      shows('instalmentOverdue', 'danger', '2026-11-10'),
    ],
    [
      '2 without sub-state, active plan',
      { statusCode: '2', plan: plan() },
      shows('instalmentRunning', 'info', '2026-11-25'),
    ],
    ['2 without sub-state, deferral', { statusCode: '2', deferral }, shows('deferred', 'info', '2026-12-12')],
    ['2 without sub-state, nothing known', { statusCode: '2' }, shows('agreement', 'info', '2026-11-08')],
    ['2a settled by compromise', { statusCode: '2a' }, shows('settledByAgreement', 'success', '2026-11-08')],
    ['3 settled', { statusCode: '3', totalMinor: 0 }, shows('settled', 'success', '2026-11-08')],
    ['3a collection stopped', { statusCode: '3a' }, shows('stopped', 'neutral', '2026-11-08')],
    [
      '20 with an instalment plan',
      { statusCode: '20', plan: plan() },
      shows('instalmentRunning', 'info', '2026-11-25'),
    ],
    [
      '20 with an overdue plan',
      { statusCode: '20', plan: overduePlan },
      shows('instalmentOverdue', 'danger', '2026-11-10'),
    ],
    ['20 with a SEPA plan', { statusCode: '20', plan: sepaPlan }, shows('sepaActive', 'info', '2026-11-25')],
    ['20 deferred case', { statusCode: '20', deferral }, shows('deferred', 'info', '2026-12-12')],
    [
      '20 cancelled-instalment case',
      { statusCode: '20', plan: cancelledPlan },
      shows('instalmentEnded', 'warning', '2026-11-08'),
    ],
    ['20 without plan or deferral', { statusCode: '20' }, shows('agreement', 'info', '2026-11-08')],
    [
      '22 SEPA direct debit active: the next debit',
      { statusCode: '22', plan: sepaPlan },
      shows('sepaActive', 'info', '2026-11-25'),
    ],
    ['22 without plan data: the status date', { statusCode: '22' }, shows('sepaActive', 'info', '2026-11-08')],
    ['23 processing', { statusCode: '23' }, shows('processing', 'info', '2026-11-08')],
    [
      '24 down payment pending: its due date',
      { statusCode: '24', downPayment, plan: pendingPlan },
      shows('downPaymentPending', 'warning', '2026-11-27'),
    ],
    [
      '24 down payment without due date: the status date',
      { statusCode: '24', downPayment: { ...downPayment, dueOn: null } },
      shows('downPaymentPending', 'warning', '2026-11-08'),
    ],
    ['40 measure', { statusCode: '40' }, shows('measure', 'warning', '2026-11-08')],
    ['41 measure', { statusCode: '41' }, shows('measure', 'warning', '2026-11-08')],
    ['42 enforcement', { statusCode: '42', functionsBlocked: true }, shows('enforcement', 'danger', '2026-11-08')],
    [
      'disputed open claim: the dispute date',
      { disputedAt: '2026-11-20T09:30:00.000Z' },
      shows('disputed', 'info', '2026-11-20'),
    ],
    [
      'disputed running plan',
      { statusCode: '2', subState: 'instalmentRunning', plan: plan(), disputedAt: '2026-11-20T09:30:00.000Z' },
      shows('disputed', 'info', '2026-11-20'),
    ],
    [
      'disputed but settled: settled wins',
      { statusCode: '3', disputedAt: '2026-11-20T09:30:00.000Z' },
      shows('settled', 'success', '2026-11-08'),
    ],
  ];

  it.each(cases)('%s', (_name, overrides, expected) => {
    const f = facts(overrides);
    expect(statusView(f, today)).toEqual({ code: f.statusCode, subState: f.subState, ...expected });
  });

  const combos = statusCodes.flatMap((code) => [null, ...subStates].map((subState) => [code, subState] as const));
  it.each(combos)('code %s, sub-state %s: a known label, an ISO date, a tone', (code, subState) => {
    const view = statusView(facts({ statusCode: code, subState, plan: plan(), deferral, downPayment }), today);
    expect(statusLabelKeys).toContain(view.labelKey);
    expect(view.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(['neutral', 'info', 'success', 'warning', 'danger']).toContain(view.tone);
  });
});

describe('status labels in locales/<lang>/claim.json', () => {
  const load = (lang: string) =>
    JSON.parse(readFileSync(path.resolve(process.cwd(), 'locales', lang, 'claim.json'), 'utf8')) as {
      status: Record<string, string>;
    };
  const german = load('de');

  it.each(['de', 'en', 'es', 'fr', 'it', 'tr', 'sv'])(
    '%s has exactly one label per key, same placeholders as German',
    (lang) => {
      const labels = load(lang).status;
      expect(Object.keys(labels).sort()).toEqual(statusLabelKeys.map((k) => k.replace(/^status\./, '')).sort());
      for (const [key, text] of Object.entries(labels)) {
        expect(text.trim().length, `${lang} ${key}`).toBeGreaterThan(3);
        expect(text.match(/{{\w+}}/g) ?? [], `${lang} ${key}`).toEqual(german.status[key]!.match(/{{\w+}}/g) ?? []);
      }
    },
  );
});

// -------------------------------------------------------------------------------------------
describe('actionFlags: section 3 flags by situation', () => {
  type On = ActionFlagName[];
  const openFlags: On = ['showPayDirect', 'showPayInstallments', 'showPayLater', 'showPayPartialPayment'];
  const runningFlags: On = [
    'showPayDirect',
    'showPayDirectInstallmentTrue',
    'showSkipInstallment',
    'showInstallmentPlan',
    'showPayPartialPayment',
  ];
  const cases: Array<[string, Partial<FileFacts>, On]> = [
    ['1 open: every way to pay', {}, openFlags],
    [
      '1 open, deferral already used: no pay later',
      { deferral },
      ['showPayDirect', 'showPayInstallments', 'showPayPartialPayment'],
    ],
    [
      '1 open, instalment error 5 with deposit: instalments still offered',
      { instalmentErrorCode: 5, depositRequiredMinor: 15000, plan: cancelledPlan },
      openFlags,
    ],
    ['1 open with a valid special offer', { specialOffer: offer }, openFlags],
    ['2 instalmentEnded: open again', { statusCode: '2', subState: 'instalmentEnded', plan: cancelledPlan }, openFlags],
    ['2 paymentNoted: open', { statusCode: '2', subState: 'paymentNoted' }, openFlags],
    ['20 cancelled-instalment case: open', { statusCode: '20', plan: cancelledPlan }, openFlags],
    ['2 instalmentRunning', { statusCode: '2', subState: 'instalmentRunning', plan: plan() }, runningFlags],
    [
      '2 instalmentRunning, skip already used',
      { statusCode: '2', subState: 'instalmentRunning', plan: plan({ skipsUsed: 1 }) },
      runningFlags.filter((f) => f !== 'showSkipInstallment'),
    ],
    [
      '2 instalmentRunning, next row overdue: no skip',
      { statusCode: '2', subState: 'instalmentRunning', plan: overduePlan },
      runningFlags.filter((f) => f !== 'showSkipInstallment'),
    ],
    [
      '2 instalmentOverdue: no skip',
      { statusCode: '2', subState: 'instalmentOverdue', plan: overduePlan },
      runningFlags.filter((f) => f !== 'showSkipInstallment'),
    ],
    [
      '2 instalmentRunning, every row paid',
      { statusCode: '2', subState: 'instalmentRunning', plan: plan({ next: null, remainingMinor: 0 }) },
      ['showPayDirect', 'showInstallmentPlan', 'showPayPartialPayment'],
    ],
    [
      '2 sepaFailed: pay the instalment yourself',
      { statusCode: '2', subState: 'sepaFailed', plan: plan({ isSepa: true, sepaFailed: true }) },
      runningFlags,
    ],
    ['20 with an instalment plan', { statusCode: '20', plan: plan() }, runningFlags],
    ['2 deferred', { statusCode: '2', subState: 'deferred', deferral }, ['showPayDirect', 'showPayPartialPayment']],
    ['2 postponed', { statusCode: '2', subState: 'postponed', deferral }, ['showPayDirect', 'showPayPartialPayment']],
    ['20 deferred case', { statusCode: '20', deferral }, ['showPayDirect', 'showPayPartialPayment']],
    ['22 SEPA active: plan only', { statusCode: '22', plan: sepaPlan }, ['showInstallmentPlan']],
    ['2 sepaMandate: plan only', { statusCode: '2', subState: 'sepaMandate', plan: sepaPlan }, ['showInstallmentPlan']],
    [
      '2 instalmentRunning collected by SEPA: plan only',
      { statusCode: '2', subState: 'instalmentRunning', plan: sepaPlan },
      ['showInstallmentPlan'],
    ],
    [
      '24 down payment pending: pay it, see the plan',
      { statusCode: '24', downPayment, plan: pendingPlan },
      ['showPayDirect', 'showInstallmentPlan'],
    ],
    ['24 without a plan yet', { statusCode: '24', downPayment }, ['showPayDirect']],
    ['3 settled: notice of completion', { statusCode: '3', totalMinor: 0 }, ['showNoticeOfCompletion']],
    [
      '3 settled, notice already requested',
      { statusCode: '3', noticeOfCompletionRequestedAt: '2026-11-21T08:00:00.000Z' },
      [],
    ],
    ['3 settled and closed', { statusCode: '3', closedAt: '2026-11-21T08:00:00.000Z' }, []],
    ['2a settled by compromise: notice of completion', { statusCode: '2a' }, ['showNoticeOfCompletion']],
    ['3a collection stopped: nothing', { statusCode: '3a' }, []],
    [
      '3 settled with an old plan and offer: still only the notice',
      { statusCode: '3', plan: plan(), specialOffer: offer },
      ['showNoticeOfCompletion'],
    ],
    ['functions blocked: nothing', { functionsBlocked: true }, []],
    [
      'functions blocked on a running plan: nothing',
      { statusCode: '2', subState: 'instalmentRunning', plan: plan(), functionsBlocked: true },
      [],
    ],
    ['functions blocked on a settled file: nothing', { statusCode: '3', functionsBlocked: true }, []],
    ['42 enforcement: nothing, even without the block flag', { statusCode: '42' }, []],
    ['40 measure: pay now or in part', { statusCode: '40' }, ['showPayDirect', 'showPayPartialPayment']],
    [
      '41 measure with a plan: also the plan',
      { statusCode: '41', plan: plan() },
      ['showPayDirect', 'showInstallmentPlan', 'showPayPartialPayment'],
    ],
    ['23 processing: nothing to pay', { statusCode: '23' }, []],
    ['23 processing with a plan: the plan', { statusCode: '23', plan: plan() }, ['showInstallmentPlan']],
    ['disputed open claim: nothing to pay', { disputedAt: '2026-11-20T09:30:00.000Z' }, []],
    [
      'disputed running plan: the plan view only',
      { statusCode: '2', subState: 'instalmentRunning', plan: plan(), disputedAt: '2026-11-20T09:30:00.000Z' },
      ['showInstallmentPlan'],
    ],
    ['disputed with a cancelled plan: nothing', { disputedAt: '2026-11-20T09:30:00.000Z', plan: cancelledPlan }, []],
  ];

  it.each(cases)('%s', (_name, overrides, on) => {
    const flags = actionFlags(facts(overrides), today);
    const expected = Object.fromEntries(actionFlagNames.map((name) => [name, on.includes(name)]));
    expect(flags).toEqual(expected);
  });

  const combos = statusCodes.flatMap((code) => [null, ...subStates].map((subState) => [code, subState] as const));
  it.each(combos)(
    'code %s, sub-state %s: blocked shows nothing, finished files never ask for money',
    (code, subState) => {
      const rich = { statusCode: code, subState, plan: plan(), deferral, specialOffer: offer };
      expect(Object.values(actionFlags(facts({ ...rich, functionsBlocked: true }), today)).some(Boolean)).toBe(false);
      const flags = actionFlags(facts(rich), today);
      expect(Object.keys(flags)).toEqual([...actionFlagNames]);
      if (code === '2a' || code === '3' || code === '3a' || code === '42') {
        const { showNoticeOfCompletion, ...rest } = flags;
        expect(Object.values(rest).some(Boolean)).toBe(false);
        expect(showNoticeOfCompletion).toBe(code === '2a' || code === '3');
      } else {
        expect(flags.showNoticeOfCompletion).toBe(false);
      }
      if (flags.showSkipInstallment) expect(flags.showPayDirectInstallmentTrue).toBe(true);
    },
  );

  it('classifies the demo situations', () => {
    expect(actionSituation(facts())).toBe('open');
    expect(actionSituation(facts({ statusCode: '22' }))).toBe('sepaActive');
    expect(actionSituation(facts({ statusCode: '24', downPayment }))).toBe('downPaymentPending');
  });
});

// -------------------------------------------------------------------------------------------
describe('amountToPay: section 9 priority', () => {
  const everything: Partial<FileFacts> = {
    statusCode: '2',
    subState: 'instalmentRunning',
    downPayment,
    plan: plan(),
    specialOffer: offer,
    depositRequiredMinor: 15000,
  };
  const cases: Array<[string, Partial<FileFacts>, Pick<AmountToPay, 'kind' | 'amountMinor'>]> = [
    [
      'down payment beats instalment, offer, deposit, open amount',
      everything,
      { kind: 'downPayment', amountMinor: 20000 },
    ],
    [
      'instalment beats special deal',
      { ...everything, downPayment: { ...downPayment, status: 'paid' } },
      { kind: 'instalment', amountMinor: 15000 },
    ],
    [
      'special deal beats deposit',
      { ...everything, downPayment: null, plan: null },
      { kind: 'specialDeal', amountMinor: 54000 },
    ],
    ['deposit beats open amount', { depositRequiredMinor: 15000 }, { kind: 'deposit', amountMinor: 15000 }],
    ['open amount last', {}, { kind: 'openAmount', amountMinor: 58784 }],
    [
      'cancelled down payment is skipped',
      { downPayment: { ...downPayment, status: 'cancelled' } },
      { kind: 'openAmount', amountMinor: 58784 },
    ],
    [
      'zero down payment is skipped',
      { downPayment: { ...downPayment, amountMinor: 0 }, plan: plan() },
      { kind: 'instalment', amountMinor: 15000 },
    ],
    ['pending plan is not an instalment yet', { plan: pendingPlan }, { kind: 'openAmount', amountMinor: 58784 }],
    [
      'cancelled plan is not an instalment',
      { plan: cancelledPlan, depositRequiredMinor: 15000 },
      { kind: 'deposit', amountMinor: 15000 },
    ],
    ['active plan without an unpaid row', { plan: plan({ next: null }) }, { kind: 'openAmount', amountMinor: 58784 }],
    [
      'zero instalment row is skipped',
      { plan: plan({ next: { position: 7, dueOn: '2026-12-25', amountMinor: 0 } }), specialOffer: offer },
      { kind: 'specialDeal', amountMinor: 54000 },
    ],
    ['overdue instalment is still the instalment', { plan: overduePlan }, { kind: 'instalment', amountMinor: 15000 }],
    [
      'special deal valid through its last day',
      { specialOffer: { ...offer, validTill: today } },
      { kind: 'specialDeal', amountMinor: 54000 },
    ],
    [
      'expired special deal is skipped',
      { specialOffer: { ...offer, validTill: '2026-11-21' }, depositRequiredMinor: 15000 },
      { kind: 'deposit', amountMinor: 15000 },
    ],
    [
      'declined special deal is skipped',
      { specialOffer: { ...offer, declinedAt: '2026-11-21T10:00:00.000Z' } },
      { kind: 'openAmount', amountMinor: 58784 },
    ],
    [
      'paid special deal is skipped',
      { specialOffer: { ...offer, paidAt: '2026-11-21T10:00:00.000Z' } },
      { kind: 'openAmount', amountMinor: 58784 },
    ],
    [
      'accepted, unpaid special deal still applies',
      { specialOffer: { ...offer, acceptedAt: '2026-11-21T10:00:00.000Z' } },
      { kind: 'specialDeal', amountMinor: 54000 },
    ],
    [
      'zero special deal is skipped',
      { specialOffer: { ...offer, amountMinor: 0 } },
      { kind: 'openAmount', amountMinor: 58784 },
    ],
    [
      'pending deposit row',
      { deposit: { amountMinor: 12000, status: 'pending' } },
      { kind: 'deposit', amountMinor: 12000 },
    ],
    [
      'pending deposit row beats the file requirement',
      { deposit: { amountMinor: 12000, status: 'pending' }, depositRequiredMinor: 15000 },
      { kind: 'deposit', amountMinor: 12000 },
    ],
    [
      'paid deposit: no deposit any more',
      { deposit: { amountMinor: 15000, status: 'paid' }, depositRequiredMinor: 15000 },
      { kind: 'openAmount', amountMinor: 58784 },
    ],
    ['zero deposit requirement is skipped', { depositRequiredMinor: 0 }, { kind: 'openAmount', amountMinor: 58784 }],
    ['nothing open: nothing to pay, never negative', { totalMinor: -500 }, { kind: 'nothing', amountMinor: 0 }],
    [
      'settled file: nothing, even with a valid offer',
      { statusCode: '3', totalMinor: 0, specialOffer: offer, depositRequiredMinor: 15000 },
      { kind: 'nothing', amountMinor: 0 },
    ],
    // Issue 11 finding 7: the amount never contradicts the status beside it.
    [
      'direct debit collects the instalments: nothing to pay now',
      { statusCode: '22', plan: plan({ isSepa: true }) },
      { kind: 'nothing', amountMinor: 0 },
    ],
    [
      'objection under review: nothing to pay now',
      { statusCode: '2', subState: 'instalmentRunning', plan: plan(), disputedAt: '2026-11-20T10:00:00.000Z' },
      { kind: 'nothing', amountMinor: 0 },
    ],
    [
      'payment noted: nothing to pay now while it is checked',
      { statusCode: '2', subState: 'paymentNoted', depositRequiredMinor: 15000 },
      { kind: 'nothing', amountMinor: 0 },
    ],
    [
      'payment being processed: nothing to pay now',
      { statusCode: '23', plan: plan() },
      { kind: 'nothing', amountMinor: 0 },
    ],
    [
      'SEPA debit failed: the instalment is to be paid another way',
      { statusCode: '2', subState: 'sepaFailed', plan: plan({ isSepa: true, sepaFailed: true }) },
      { kind: 'instalment', amountMinor: 15000 },
    ],
    [
      'instalment never above the open amount',
      { plan: plan(), totalMinor: 9000 },
      { kind: 'instalment', amountMinor: 9000 },
    ],
  ];

  it.each(cases)('%s', (_name, overrides, expected) => {
    const result = amountToPay(facts(overrides), today);
    expect({ kind: result.kind, amountMinor: result.amountMinor }).toEqual(expected);
    // The amount was decided for the very situation the buttons are decided for.
    expect(result.situation).toBe(actionSituation(facts(overrides)));
  });

  it('accepts a full timestamp as today', () => {
    expect(amountToPay(facts({ specialOffer: { ...offer, validTill: today } }), `${today}T23:59:00.000Z`).kind).toBe(
      'specialDeal',
    );
  });
});

// -------------------------------------------------------------------------------------------
describe('modals: section 2.4 "sorted by orderNo"', () => {
  type M = { id: number; kind: string; orderNo: number; acknowledgedAt: Date | string | null };
  const m = (id: number, orderNo: number, acknowledgedAt: Date | string | null = null, kind = 'floodArea'): M => ({
    id,
    kind,
    orderNo,
    acknowledgedAt,
  });

  const cases: Array<[string, M[], number[]]> = [
    ['sorted by orderNo', [m(1, 3), m(2, 1), m(3, 2)], [2, 3, 1]],
    ['equal orderNo keeps the given order', [m(1, 2), m(2, 1), m(3, 2), m(4, 1)], [2, 4, 1, 3]],
    ['acknowledged ones are left out (Date)', [m(1, 1, new Date('2026-11-21T08:00:00Z')), m(2, 2)], [2]],
    ['acknowledged ones are left out (ISO string)', [m(1, 2), m(2, 1, '2026-11-21T08:00:00.000Z')], [1]],
    ['none', [], []],
  ];
  it.each(cases)('%s', (_name, modals, ids) => {
    const copy = structuredClone(modals);
    expect(sortModals(modals).map((x) => x.id)).toEqual(ids);
    expect(modals).toEqual(copy);
  });

  it.each([
    ['valid offer: offer modal kept', offer, [1, 2]],
    ['expired offer: offer modal dropped', { ...offer, validTill: '2026-11-01' }, [1]],
    ['declined offer: offer modal dropped', { ...offer, declinedAt: '2026-11-21T10:00:00.000Z' }, [1]],
    ['no offer: offer modal dropped', null, [1]],
  ] as const)('applicableModals, %s', (_name, specialOffer, ids) => {
    const modals = [m(2, 2, null, 'specialOffer'), m(1, 1, null, 'floodArea')];
    expect(applicableModals(modals, facts({ specialOffer }), today).map((x) => x.id)).toEqual(ids);
  });
});
