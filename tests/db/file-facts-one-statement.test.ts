/**
 * The file's facts in one statement (issue 16) give exactly what the seven statements gave: the
 * earlier reader is kept here as the reference and both read every demo file, then files with
 * plans, deposits, offers and notices added in awkward orders (equal creation times, several
 * pending rows, skipped and paid rows, timestamps with microseconds). PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import { loadFileFacts, type FileFacts, type PlanFacts } from '#server/claims/facts.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { recordStatements } from '../helpers/statements.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ today: new Date('2026-11-22T08:00:00Z') });
});
afterAll(async () => {
  await database?.dispose();
});

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** The reader before issue 16, statement by statement: the reference. */
async function referenceFacts(db: Database, fileId: number, today: string): Promise<FileFacts | null> {
  const [file] = await db.select().from(t.files).where(eq(t.files.id, fileId));
  if (!file || file.deletedAt) return null;
  const plans = await db
    .select()
    .from(t.instalmentPlans)
    .where(eq(t.instalmentPlans.fileId, fileId))
    .orderBy(desc(t.instalmentPlans.createdAt), desc(t.instalmentPlans.id));
  const deposits = await db
    .select()
    .from(t.deposits)
    .where(eq(t.deposits.fileId, fileId))
    .orderBy(desc(t.deposits.createdAt), desc(t.deposits.id));
  const [deferral] = await db
    .select()
    .from(t.deferrals)
    .where(eq(t.deferrals.fileId, fileId))
    .orderBy(desc(t.deferrals.grantedAt), desc(t.deferrals.id))
    .limit(1);
  const [offer] = await db
    .select()
    .from(t.specialOffers)
    .where(eq(t.specialOffers.fileId, fileId))
    .orderBy(desc(t.specialOffers.id))
    .limit(1);
  const [invoices] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.invoices)
    .where(eq(t.invoices.fileId, fileId));
  const [notice] = await db
    .select({ at: t.portalOrders.orderedAt })
    .from(t.portalOrders)
    .where(and(eq(t.portalOrders.fileId, fileId), eq(t.portalOrders.orderType, 'noticeOfCompletion')))
    .orderBy(desc(t.portalOrders.orderedAt))
    .limit(1);
  const preference = { active: 0, pending: 1, completed: 2, cancelled: 2 } as const;
  const planRow = [...plans].sort((a, b) => preference[a.status] - preference[b.status])[0];
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
  const pick = (kind: 'deposit' | 'downPayment') => {
    const rows = deposits.filter((d) => d.kind === kind);
    return rows.find((r) => r.status === 'pending') ?? rows[0];
  };
  const down = pick('downPayment');
  const deposit = pick('deposit');
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
    hasInvoices: (invoices?.n ?? 0) > 0,
    showEventHistory: file.showEventHistory,
    plan,
    downPayment: down ? { amountMinor: down.amountMinor, dueOn: down.dueOn, status: down.status } : null,
    deposit: deposit ? { amountMinor: deposit.amountMinor, status: deposit.status } : null,
    deferral: deferral ? { payBy: deferral.payBy, grantedAt: deferral.grantedAt.toISOString() } : null,
    specialOffer: offer
      ? {
          amountMinor: offer.amountMinor,
          validTill: offer.validTill,
          acceptedAt: iso(offer.acceptedAt),
          declinedAt: iso(offer.declinedAt),
          paidAt: iso(offer.paidAt),
        }
      : null,
    noticeOfCompletionRequestedAt: iso(notice?.at),
    terms: { paymentMethods: file.paymentMethods, instalmentTerms: file.instalmentTerms },
  };
}

const days = ['2026-11-01', '2026-11-22', '2027-03-15'];

async function expectSameFacts(db: Database) {
  const files = await db.select({ id: t.files.id, refno: t.files.refno }).from(t.files).orderBy(t.files.id);
  expect(files.length).toBeGreaterThan(10);
  for (const { id, refno } of files) {
    for (const today of days) {
      expect(await loadFileFacts(db, id, { today }), `${refno} on ${today}`).toEqual(
        await referenceFacts(db, id, today),
      );
    }
  }
}

describe(`the file's facts in one statement (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('read every demo file as the seven statements did, in one statement', async () => {
    await expectSameFacts(database.db);
    const [first] = await database.db.select({ id: t.files.id }).from(t.files).limit(1);
    const { statements } = await recordStatements(database.db, () => loadFileFacts(database.db, first!.id));
    expect(statements).toHaveLength(1);
    expect(await loadFileFacts(database.db, 987654)).toBeNull();
  });

  it('choose the same rows where several compete', async () => {
    const db = database.db;
    const files = await db.select({ id: t.files.id }).from(t.files).orderBy(t.files.id).limit(4);
    const same = new Date('2026-11-20T10:00:00.123Z');
    for (const [index, { id: fileId }] of files.entries()) {
      // Plans of every status with equal creation times: the preference, then the newest id.
      for (const status of ['cancelled', 'completed', 'pending', index % 2 ? 'active' : 'pending'] as const) {
        const [plan] = await db
          .insert(t.instalmentPlans)
          .values({
            fileId,
            status,
            residualClaimMinor: 10000,
            totalMinor: 10000,
            monthlyMinor: 2500 + index,
            instalmentCount: 4,
            firstDueOn: '2026-11-10',
            isSepa: index % 2 === 0,
            skipsUsed: index,
            createdAt: same,
          })
          .returning({ id: t.instalmentPlans.id });
        await db.insert(t.instalmentRows).values(
          [0, 1, 2, 3].map((position) => ({
            planId: plan!.id,
            position: position + 1,
            dueOn: `2026-1${1 + (position > 1 ? 1 : 0)}-${String(10 + position).padStart(2, '0')}`,
            amountMinor: 2500 + position,
            claimMinor: 10000,
            remainingMinor: 7500,
            paidAt: position === 0 ? same : null,
            skipped: position === 1 && index > 1,
          })),
        );
      }
      // Deposits and down payments: two pending ones, paid and cancelled ones, equal times.
      for (const [kind, status, ms] of [
        ['deposit', 'paid', 0],
        ['deposit', 'pending', 0],
        ['deposit', 'pending', 5],
        ['downPayment', 'cancelled', 9],
        ['downPayment', index % 2 ? 'pending' : 'paid', 1],
      ] as const) {
        await db.insert(t.deposits).values({
          fileId,
          kind,
          status,
          amountMinor: 1000 + ms,
          dueOn: ms ? null : '2026-12-01',
          createdAt: new Date(same.getTime() + ms),
        });
      }
      // Microseconds in timestamps written by the database itself.
      await db.insert(t.deferrals).values({ fileId, payBy: '2026-12-24', grantedAt: sql`now()` });
      await db.insert(t.specialOffers).values({
        fileId,
        amountMinor: 5000,
        validTill: '2026-12-31',
        acceptedAt: index % 2 ? sql`now()` : null,
        declinedAt: index === 2 ? same : null,
      });
      await db.insert(t.portalOrders).values([
        { fileId, orderType: 'noticeOfCompletion' as const, orderedAt: sql`now() - interval '1 day'` },
        { fileId, orderType: 'noticeOfCompletion' as const },
        { fileId, orderType: 'payDirect' as const, orderedAt: sql`now() + interval '1 day'` },
      ]);
    }
    await expectSameFacts(db);
  });
});
