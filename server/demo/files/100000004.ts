import * as t from '../../db/schema.ts';
import { isoDate, at, type DemoIds, type DemoKit } from '../kit.ts';

/** 100000004: a deferral was already granted once. */
export async function seed({ tx, today }: DemoKit, { fileId: f4 }: DemoIds): Promise<void> {
  await tx.insert(t.deferrals).values({
    fileId: f4,
    grantedAt: at(today, -10),
    payBy: isoDate(today, 20),
    noticeDays: 30,
    feeMinor: 0,
    providerId: '6',
  });
}
