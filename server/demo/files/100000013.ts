import * as t from '../../db/schema.ts';
import { type DemoIds, type DemoKit } from '../kit.ts';

/**
 * 100000013: no e-mail yet, another team handles the case, delivery costs of an earlier measure
 * may be missing from the total. Open (status 1): sign-in is refused while a measure runs
 * (40, 41, 42; decision 019), so the notices are shown once the measure is over.
 */
export async function seed({ tx }: DemoKit, { fileId: f13 }: DemoIds): Promise<void> {
  await tx.insert(t.modals).values([
    { fileId: f13, kind: 'emailCapture', orderNo: 1 },
    { fileId: f13, kind: 'redirectNotice', orderNo: 2 },
    { fileId: f13, kind: 'deliveryCosts', orderNo: 3 },
  ]);
}
