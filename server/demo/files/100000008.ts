import * as t from '../../db/schema.ts';
import { isoDate, type DemoIds, type DemoKit } from '../kit.ts';

/** 100000008: special settlement offer and a flood-area notice, shown by orderNo. */
export async function seed({ tx, today }: DemoKit, { fileId: f8 }: DemoIds): Promise<void> {
  await tx.insert(t.specialOffers).values({ fileId: f8, amountMinor: 54000, validTill: isoDate(today, 14) });
  await tx.insert(t.modals).values([
    { fileId: f8, kind: 'floodArea', orderNo: 1 },
    { fileId: f8, kind: 'specialOffer', orderNo: 2, payload: { amountMinor: 54000, validTill: isoDate(today, 14) } },
  ]);
}
