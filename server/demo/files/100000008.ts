import * as t from '../../db/schema.ts';
import { isoDate, type DemoKit } from '../kit.ts';

/** 100000008: special settlement offer and a flood-area notice, shown by orderNo. */
export async function seed({ tx, today, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d8 = await addDebtor(
    person('Claudia', 'Neumann', 2, 'Uferstraße', '31', '94032', 'Passau', 'DE', 'claudia.neumann@example.org', {
      inFloodedArea: true,
    }),
  );
  const f8 = await addFile({
    refno: '100000008',
    debtorId: d8,
    variant: 'de',
    creditor: 'Heimwerk24',
    status: '1',
    subject: 'Kaufvertrag über Gartengeräte, Bestellung 77-01942',
    subjectCode: { key: 'purchase', params: { goods: 'gardenTools', order: '77-01942' } },
    main: 64900,
    interest: 1980,
    costs: 10380,
  });
  await tx.insert(t.specialOffers).values({ fileId: f8, amountMinor: 54000, validTill: isoDate(today, 14) });
  await tx.insert(t.modals).values([
    { fileId: f8, kind: 'floodArea', orderNo: 1 },
    { fileId: f8, kind: 'specialOffer', orderNo: 2, payload: { amountMinor: 54000, validTill: isoDate(today, 14) } },
  ]);
}
