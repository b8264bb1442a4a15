import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from 'argon2';
import * as t from '#server/db/schema.ts';
import { demoFiles, demoPassword } from '#server/demo/catalogue.ts';
import { ensureDemoData } from '#server/db/bootstrap.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
const today = new Date('2026-11-22T08:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ today });
});
afterAll(async () => {
  await database?.dispose();
});

const file = async (refno: string, subcase = 1) => {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
  if (!row) throw new Error(`demo file ${refno}-${subcase} missing`);
  return row;
};

describe(`schema and demo seed (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('creates every demo file of the catalogue in its variant', async () => {
    for (const demo of demoFiles) {
      const row = await file(demo.refno, demo.subcase ?? 1);
      expect(row.variant, demo.refno).toBe(demo.variant);
    }
  });

  it('gives every demo debtor the password Demo-Pass1, hashed with argon2id', async () => {
    const debtors = await database.db.select({ hash: t.debtors.passwordHash }).from(t.debtors);
    expect(debtors.length).toBeGreaterThanOrEqual(17);
    for (const d of debtors) {
      expect(d.hash).toMatch(/^\$argon2id\$/);
      expect(await verify(d.hash!, demoPassword)).toBe(true);
      expect(await verify(d.hash!, 'demo-pass1')).toBe(false);
    }
  });

  it('derives the total from the breakdown in minor units', async () => {
    const f1 = await file('100000001');
    expect(f1.mainClaimMinor + f1.interestMinor + f1.costsMinor - f1.paymentsMinor).toBe(58784);
    expect(f1.totalMinor).toBe(58784);
    const settled = await file('100000006');
    expect(settled.statusCode).toBe('3');
    expect(settled.totalMinor).toBe(0);
  });

  it('stores the states the demo table promises', async () => {
    expect((await file('100000003')).statusCode).toBe('24');
    expect((await file('100000007')).statusCode).toBe('42');
    expect((await file('100000011')).statusCode).toBe('22');
    expect((await file('100000005')).instalmentErrorCode).toBe(5);
    expect((await file('100000005')).depositRequiredMinor).toBe(15000);
    expect((await file('300000001')).currency).toBe('CHF');
    expect((await file('400000001')).currency).toBe('SEK');
    expect((await file('500000001')).currency).toBe('NOK');

    const d9 = await database.db
      .select()
      .from(t.debtors)
      .where(eq(t.debtors.id, (await file('100000009')).debtorId));
    expect(d9[0]?.mustChangePassword).toBe(true);

    const f4 = await file('100000004');
    expect(await database.db.select().from(t.deferrals).where(eq(t.deferrals.fileId, f4.id))).toHaveLength(1);

    const f8 = await file('100000008');
    const modals = await database.db
      .select()
      .from(t.modals)
      .where(eq(t.modals.fileId, f8.id))
      .orderBy(asc(t.modals.orderNo));
    expect(modals.map((m) => m.kind)).toEqual(['floodArea', 'specialOffer']);

    const f10 = await file('100000010');
    const siblings = await database.db.select().from(t.files).where(eq(t.files.debtorId, f10.debtorId));
    expect(siblings.filter((s) => !s.legalBlocking && !s.deletedAt)).toHaveLength(3);

    const f12 = await file('100000012');
    expect(
      await database.db.select().from(t.documentRequests).where(eq(t.documentRequests.fileId, f12.id)),
    ).toHaveLength(3);
  });

  it('keeps instalment rows consistent: they sum to the plan total and the last row holds the remainder', async () => {
    for (const refno of ['100000002', '100000011']) {
      const f = await file(refno);
      const [plan] = await database.db.select().from(t.instalmentPlans).where(eq(t.instalmentPlans.fileId, f.id));
      const rows = await database.db
        .select()
        .from(t.instalmentRows)
        .where(eq(t.instalmentRows.planId, plan!.id))
        .orderBy(asc(t.instalmentRows.position));
      expect(rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(plan!.totalMinor);
      expect(rows.at(-1)!.isFinal).toBe(true);
      expect(rows.at(-1)!.remainingMinor).toBe(0);
      const unpaid = rows.filter((r) => !r.paidAt).reduce((sum, r) => sum + r.amountMinor, 0);
      expect(unpaid).toBe(f.totalMinor);
    }
  });

  it('refuses what the constraints forbid', async () => {
    const f1 = await file('100000001');
    await expect(
      database.db
        .insert(t.files)
        .values({ ...f1, id: undefined, totalMinor: undefined, createdAt: undefined } as never),
    ).rejects.toThrow();
    await expect(
      database.db.insert(t.files).values({
        ...f1,
        id: undefined,
        totalMinor: undefined,
        createdAt: undefined,
        refno: '12345',
        subcase: 9,
      } as never),
    ).rejects.toThrow();
    await expect(
      database.db.insert(t.feedback).values({ fileId: f1.id, source: 'portal', stars: 6 }),
    ).rejects.toThrow();
  });

  it('does not seed twice', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(t.files);
    expect(await ensureDemoData(database, { fastHashes: true })).toBe(false);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(t.files);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
