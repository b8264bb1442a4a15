import * as t from '../../db/schema.ts';
import { isoDate, addPlan, type DemoKit } from '../kit.ts';

/** 100000003: down payment pending (status 24) before the plan starts. */
export async function seed({ tx, today, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d3 = await addDebtor(
    person('Julia', 'Becker', 2, 'Gartenweg', '7', '04109', 'Leipzig', 'DE', 'julia.becker@example.org'),
  );
  const f3 = await addFile({
    refno: '100000003',
    debtorId: d3,
    variant: 'de',
    creditor: 'Stadtwerke Elbtal',
    status: '24',
    statusDaysAgo: 2,
    subject: 'Stromlieferung, Jahresabrechnung Vertragskonto 2200418',
    subjectCode: { key: 'electricity', params: { account: '2200418' } },
    main: 118450,
    interest: 3120,
    costs: 16880,
  });
  await tx
    .insert(t.deposits)
    .values({ fileId: f3, kind: 'downPayment', amountMinor: 20000, dueOn: isoDate(today, 5), status: 'pending' });
  await addPlan(tx, f3, today, {
    total: 138450 - 20000,
    monthly: 10000,
    paidCount: 0,
    firstDueDaysAgo: -35,
    fee: 0,
    status: 'pending',
  });
}
