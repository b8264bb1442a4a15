import * as t from '../../db/schema.ts';
import { isoDate, type DemoKit } from '../kit.ts';

/** 100000005: instalments only after a deposit of 150.00 EUR (instalment error code 5). */
export async function seed({ tx, today, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d5 = await addDebtor(
    person('Sabine', 'Wagner', 2, 'Am Markt', '1', '99084', 'Erfurt', 'DE', 'sabine.wagner@example.org'),
  );
  const f5 = await addFile({
    refno: '100000005',
    debtorId: d5,
    variant: 'de',
    creditor: 'Telvia',
    status: '1',
    subject: 'Festnetz- und Internetvertrag Nr. 41-220-0917',
    subjectCode: { key: 'telecomContract', params: { contract: '41-220-0917' } },
    main: 76420,
    interest: 2410,
    costs: 11330,
    extra: { instalmentErrorCode: 5, depositRequiredMinor: 15000 },
  });
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
