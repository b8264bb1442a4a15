import * as t from '../../db/schema.ts';
import { type DemoIds, type DemoKit } from '../kit.ts';

/** 100000012: requested documents waiting in the upload center. */
export async function seed({ tx }: DemoKit, { fileId: f12 }: DemoIds): Promise<void> {
  await tx.insert(t.documentRequests).values([
    { fileId: f12, templateId: 'proofOfIncome', category: 'income', categoryPosition: 2 },
    { fileId: f12, templateId: 'identityDocument', category: 'identity', categoryPosition: 1 },
    { fileId: f12, templateId: 'paymentReceipt', category: 'payments', categoryPosition: 3 },
  ]);
}
