import * as t from '../../db/schema.ts';
import { isoDate, type DemoIds, type DemoKit } from '../kit.ts';

/** 100000005: instalments only after a deposit of 150.00 EUR (instalment error code 5). */
export async function seed({ tx, today }: DemoKit, { fileId: f5 }: DemoIds): Promise<void> {
  await tx.insert(t.instalmentPlans).values({
    fileId: f5,
    status: 'cancelled',
    residualClaimMinor: 90160,
    totalMinor: 90160,
    monthlyMinor: 5000,
    instalmentCount: 19,
    firstDueOn: isoDate(today, -200),
  });
}
