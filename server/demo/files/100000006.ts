import * as t from '../../db/schema.ts';
import { isoDate, type DemoKit } from '../kit.ts';

/** 100000006: settled (status 3); a notice of completion can be requested. */
export async function seed({ tx, today, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d6 = await addDebtor(
    person('Thomas', 'Klein', 1, 'Rosenstraße', '9', '68159', 'Mannheim', 'DE', 'thomas.klein@example.org'),
  );
  const f6 = await addFile({
    refno: '100000006',
    debtorId: d6,
    variant: 'de',
    creditor: 'Nordwind',
    status: '3',
    statusDaysAgo: 6,
    subject: 'Kaufvertrag über Haushaltswaren, Bestellung 3390-1184',
    subjectCode: { key: 'purchase', params: { goods: 'householdGoods', order: '3390-1184' } },
    main: 18990,
    interest: 420,
    costs: 7050,
    payments: 26460,
  });
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
