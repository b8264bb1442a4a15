import * as t from '../../db/schema.ts';
import { isoDate, type DemoIds, type DemoKit } from '../kit.ts';

/** 100000006: settled (status 3); a notice of completion can be requested. */
export async function seed({ tx, today }: DemoKit, { fileId: f6 }: DemoIds): Promise<void> {
  await tx.insert(t.paymentsMade).values({
    fileId: f6,
    bookedOn: isoDate(today, -6),
    amountMinor: 26460,
    turnover: 'payment',
    balanceMinor: 0,
    providerId: '4',
    reference: 'Kartenzahlung',
  });
}
