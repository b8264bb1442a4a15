import * as t from '../../db/schema.ts';
import { isoDate, addPlan, type DemoIds, type DemoKit } from '../kit.ts';

/** 100000003: down payment pending (status 24) before the plan starts. */
export async function seed({ tx, today }: DemoKit, { fileId: f3 }: DemoIds): Promise<void> {
  await tx
    .insert(t.deposits)
    .values({ fileId: f3, kind: 'downPayment', amountMinor: 20000, dueOn: isoDate(today, 5), status: 'pending' });
  await addPlan(tx, f3, today, {
    total: 138450 - 20000,
    monthly: 10000,
    paidCount: 0,
    firstDueDaysAgo: -35,
    fee: 0,
    status: 'pending',
  });
}
