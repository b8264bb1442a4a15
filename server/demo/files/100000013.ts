import * as t from '../../db/schema.ts';
import { type DemoKit } from '../kit.ts';

/**
 * 100000013: no e-mail yet, another team handles the case, delivery costs of an earlier measure
 * may be missing from the total. Open (status 1): sign-in is refused while a measure runs
 * (40, 41, 42; decision 019), so the notices are shown once the measure is over.
 */
export async function seed({ tx, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d13 = await addDebtor(person('Kerstin', 'Braun', 2, 'Talstraße', '12', '66119', 'Saarbrücken', 'DE', null));
  const f13 = await addFile({
    refno: '100000013',
    debtorId: d13,
    variant: 'de',
    creditor: 'Heimwerk24',
    status: '1',
    statusDaysAgo: 12,
    subject: 'Kaufvertrag über Werkzeug, Bestellung 77-03318',
    subjectCode: { key: 'purchase', params: { goods: 'tools', order: '77-03318' } },
    main: 28800,
    interest: 720,
    costs: 9350,
  });
  await tx.insert(t.modals).values([
    { fileId: f13, kind: 'emailCapture', orderNo: 1 },
    { fileId: f13, kind: 'redirectNotice', orderNo: 2 },
    { fileId: f13, kind: 'deliveryCosts', orderNo: 3 },
  ]);
}
