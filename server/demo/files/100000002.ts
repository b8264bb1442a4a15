import * as t from '../../db/schema.ts';
import { isoDate, addPlan, type DemoKit } from '../kit.ts';

/** 100000002: instalment plan running; next instalment ahead; skip and plan offered. */
export async function seed({ tx, today, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d2 = await addDebtor(
    person('Mehmet', 'Yılmaz', 1, 'Bahnhofstraße', '3a', '44135', 'Dortmund', 'DE', 'm.yilmaz@example.org', {
      preferredLanguage: 'tr',
    }),
  );
  const f2 = await addFile({
    refno: '100000002',
    debtorId: d2,
    variant: 'de',
    creditor: 'Telvia',
    status: '2',
    subState: 'instalmentRunning',
    statusDaysAgo: 70,
    subject: 'Mobilfunkvertrag Nr. 88-301-7744, Grundgebühren März bis Juni',
    subjectCode: { key: 'mobileContract', params: { contract: '88-301-7744' } },
    main: 89000,
    interest: 2140,
    costs: 12870,
    payments: 30000,
  });
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
