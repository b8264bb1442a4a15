import * as t from '../../db/schema.ts';
import { isoDate, addPlan, type DemoIds, type DemoKit } from '../kit.ts';

/** 100000002: instalment plan running; next instalment ahead; skip and plan offered. */
export async function seed({ tx, today }: DemoKit, { fileId: f2 }: DemoIds): Promise<void> {
  await addPlan(tx, f2, today, { total: 104010, monthly: 15000, paidCount: 2, firstDueDaysAgo: 58, fee: 0 });
  await tx.insert(t.paymentsMade).values([
    {
      fileId: f2,
      bookedOn: isoDate(today, -57),
      amountMinor: 15000,
      turnover: 'payment',
      balanceMinor: 89010,
      providerId: '6',
      reference: 'Rate 1',
    },
    {
      fileId: f2,
      bookedOn: isoDate(today, -27),
      amountMinor: 15000,
      turnover: 'payment',
      balanceMinor: 74010,
      providerId: '6',
      reference: 'Rate 2',
    },
  ]);
}
