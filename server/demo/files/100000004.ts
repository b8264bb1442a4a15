import * as t from '../../db/schema.ts';
import { isoDate, at, type DemoKit } from '../kit.ts';

/** 100000004: a deferral was already granted once. */
export async function seed({ tx, today, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d4 = await addDebtor(
    person('Lukas', 'Hoffmann', 1, 'Schillerstraße', '22', '30159', 'Hannover', 'DE', 'lukas.hoffmann@example.org'),
  );
  const f4 = await addFile({
    refno: '100000004',
    debtorId: d4,
    variant: 'de',
    creditor: 'FitLine',
    status: '2',
    subState: 'deferred',
    statusDaysAgo: 10,
    subject: 'Mitgliedschaft Fitnessstudio, Beiträge Januar bis April',
    subjectCode: { key: 'membership', params: {} },
    main: 31960,
    interest: 840,
    costs: 9350,
  });
  await tx.insert(t.deferrals).values({
    fileId: f4,
    grantedAt: at(today, -10),
    payBy: isoDate(today, 20),
    noticeDays: 30,
    feeMinor: 0,
    providerId: '6',
  });
}
