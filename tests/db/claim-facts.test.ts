/**
 * The claim rules on the seeded demo files: what docs/demo-data.md promises per file.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { loadFileFacts, type FileFacts } from '#server/claims/facts.ts';
import {
  actionFlagNames,
  actionFlags,
  amountToPay,
  applicableModals,
  sortModals,
  statusView,
  type ActionFlagName,
} from '#server/claims/rules.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
const seededOn = new Date('2026-11-22T08:00:00Z');
const today = '2026-11-22';
const inDays = (days: number) => new Date(Date.UTC(2026, 10, 22 + days)).toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase({ today: seededOn });
});
afterAll(async () => {
  await database?.dispose();
});

async function fileId(refno: string, subcase = 1): Promise<number> {
  const [row] = await database.db
    .select({ id: t.files.id })
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
  if (!row) throw new Error(`demo file ${refno}-${subcase} missing`);
  return row.id;
}

async function factsOf(refno: string): Promise<FileFacts> {
  const facts = await loadFileFacts(database.db, await fileId(refno), { today });
  if (!facts) throw new Error(`no facts for ${refno}`);
  return facts;
}

const flagsOn = (facts: FileFacts): ActionFlagName[] => {
  const flags = actionFlags(facts, today);
  return actionFlagNames.filter((name) => flags[name]);
};

describe(`claim facts and rules on the demo files (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('returns null for a file that does not exist', async () => {
    expect(await loadFileFacts(database.db, 987654, { today })).toBeNull();
  });

  it('100000001: open claim of 587.84 EUR, all pay buttons, invoices, history, video', async () => {
    const f = await factsOf('100000001');
    expect(f).toMatchObject({
      statusCode: '1',
      currency: 'EUR',
      totalMinor: 58784,
      hasInvoices: true,
      hasVideo: true,
      showEventHistory: true,
      plan: null,
      deferral: null,
    });
    expect(statusView(f, today)).toMatchObject({ labelKey: 'status.open', tone: 'warning', date: inDays(-14) });
    expect(flagsOn(f)).toEqual(['showPayDirect', 'showPayInstallments', 'showPayLater', 'showPayPartialPayment']);
    expect(amountToPay(f, today)).toMatchObject({ kind: 'openAmount', amountMinor: 58784 });
  });

  it('100000002: instalment plan running, 7 rows, two paid, next due; skip and plan offered', async () => {
    const f = await factsOf('100000002');
    expect(f.plan).toMatchObject({
      status: 'active',
      isSepa: false,
      skipsUsed: 0,
      monthlyMinor: 15000,
      instalmentCount: 7,
      overdue: false,
    });
    expect(f.plan?.next?.position).toBe(3);
    expect(f.plan?.next?.amountMinor).toBe(15000);
    expect(f.plan!.next!.dueOn >= today).toBe(true);
    expect(f.plan?.remainingMinor).toBe(f.totalMinor);
    expect(statusView(f, today)).toMatchObject({
      code: '2',
      subState: 'instalmentRunning',
      labelKey: 'status.instalmentRunning',
      tone: 'info',
      date: f.plan!.next!.dueOn,
    });
    expect(flagsOn(f)).toEqual([
      'showPayDirect',
      'showPayDirectInstallmentTrue',
      'showSkipInstallment',
      'showInstallmentPlan',
      'showPayPartialPayment',
    ]);
    expect(amountToPay(f, today)).toMatchObject({ kind: 'instalment', amountMinor: 15000 });
  });

  it('100000003: down payment of 200.00 EUR pending before a plan of 100.00 EUR a month', async () => {
    const f = await factsOf('100000003');
    expect(f.downPayment).toEqual({ amountMinor: 20000, dueOn: inDays(5), status: 'pending' });
    expect(f.plan).toMatchObject({ status: 'pending', monthlyMinor: 10000 });
    expect(statusView(f, today)).toMatchObject({
      code: '24',
      labelKey: 'status.downPaymentPending',
      tone: 'warning',
      date: inDays(5),
    });
    expect(flagsOn(f)).toEqual(['showPayDirect', 'showInstallmentPlan']);
    expect(amountToPay(f, today)).toMatchObject({ kind: 'downPayment', amountMinor: 20000 });
  });

  it('100000004: deferral already granted once, pay by in 20 days', async () => {
    const f = await factsOf('100000004');
    expect(f.deferral?.payBy).toBe(inDays(20));
    expect(statusView(f, today)).toMatchObject({
      code: '2',
      subState: 'deferred',
      labelKey: 'status.deferred',
      tone: 'info',
      date: inDays(20),
    });
    expect(flagsOn(f)).toEqual(['showPayDirect', 'showPayPartialPayment']);
    expect(amountToPay(f, today)).toMatchObject({ kind: 'openAmount', amountMinor: f.totalMinor });
    expect(f.totalMinor).toBe(31960 + 840 + 9350);
  });

  it('100000005: instalments only after a deposit of 150.00 EUR (error code 5); earlier plan cancelled', async () => {
    const f = await factsOf('100000005');
    expect(f).toMatchObject({ statusCode: '1', instalmentErrorCode: 5, depositRequiredMinor: 15000 });
    expect(f.plan?.status).toBe('cancelled');
    expect(statusView(f, today)).toMatchObject({ labelKey: 'status.open' });
    expect(flagsOn(f)).toEqual(['showPayDirect', 'showPayInstallments', 'showPayLater', 'showPayPartialPayment']);
    expect(amountToPay(f, today)).toMatchObject({ kind: 'deposit', amountMinor: 15000 });
  });

  it('100000006: settled, paid by card; a notice of completion can be requested', async () => {
    const f = await factsOf('100000006');
    expect(f).toMatchObject({ statusCode: '3', totalMinor: 0, noticeOfCompletionRequestedAt: null, closedAt: null });
    expect(statusView(f, today)).toMatchObject({ labelKey: 'status.settled', tone: 'success', date: inDays(-6) });
    expect(flagsOn(f)).toEqual(['showNoticeOfCompletion']);
    expect(amountToPay(f, today)).toMatchObject({ kind: 'nothing', amountMinor: 0 });

    // Once requested, the button goes away.
    await database.db
      .insert(t.portalOrders)
      .values({ fileId: f.fileId, orderType: 'noticeOfCompletion', orderedAt: new Date('2026-11-22T09:00:00Z') });
    const after = await factsOf('100000006');
    expect(after.noticeOfCompletionRequestedAt).toBe('2026-11-22T09:00:00.000Z');
    expect(flagsOn(after)).toEqual([]);
  });

  it('100000007: enforcement (42), functions refused', async () => {
    const f = await factsOf('100000007');
    expect(statusView(f, today)).toMatchObject({ code: '42', labelKey: 'status.enforcement', tone: 'danger' });
    expect(flagsOn(f)).toEqual([]);
  });

  it('100000008: special offer of 540.00 EUR valid 14 days; modals flood area 1, offer 2', async () => {
    const f = await factsOf('100000008');
    expect(f.specialOffer).toMatchObject({ amountMinor: 54000, validTill: inDays(14), declinedAt: null, paidAt: null });
    expect(statusView(f, today)).toMatchObject({ labelKey: 'status.open' });
    expect(flagsOn(f)).toEqual(['showPayDirect', 'showPayInstallments', 'showPayLater', 'showPayPartialPayment']);
    expect(amountToPay(f, today)).toMatchObject({ kind: 'specialDeal', amountMinor: 54000 });
    expect(amountToPay(f, inDays(15))).toMatchObject({ kind: 'openAmount', amountMinor: f.totalMinor });

    const modals = await database.db.select().from(t.modals).where(eq(t.modals.fileId, f.fileId));
    expect(sortModals([...modals].reverse()).map((m) => m.kind)).toEqual(['floodArea', 'specialOffer']);
    expect(applicableModals(modals, f, inDays(15)).map((m) => m.kind)).toEqual(['floodArea']);
  });

  it('100000011: SEPA direct debit active (22): plan only, next debit shown', async () => {
    const f = await factsOf('100000011');
    expect(f.plan).toMatchObject({ status: 'active', isSepa: true, sepaFailed: false, overdue: false });
    expect(f.plan?.remainingMinor).toBe(f.totalMinor);
    expect(statusView(f, today)).toMatchObject({
      code: '22',
      labelKey: 'status.sepaActive',
      tone: 'info',
      date: f.plan!.next!.dueOn,
    });
    expect(flagsOn(f)).toEqual(['showInstallmentPlan']);
    // The direct debit collects the instalment: nothing to pay now beside "Lastschrifteinzug aktiv" (issue 11, finding 7).
    expect(amountToPay(f, today)).toMatchObject({ kind: 'nothing', amountMinor: 0, situation: 'sepaActive' });
  });
});
