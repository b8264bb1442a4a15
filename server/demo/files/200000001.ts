import { type DemoKit } from '../kit.ts';

/** 200000001: open claim, EUR, Austrian legal entity. */
export async function seed({ addDebtor, addFile, person }: DemoKit): Promise<void> {
  const dAt = await addDebtor(
    person('Florian', 'Gruber', 1, 'Praterstraße', '38', '1020', 'Wien', 'AT', 'florian.gruber@example.org'),
  );
  await addFile({
    refno: '200000001',
    debtorId: dAt,
    variant: 'at',
    creditor: 'Alpenstrom',
    status: '1',
    subject: 'Stromlieferung, Jahresabrechnung Kundennummer 601-22871',
    subjectCode: { key: 'electricity', params: { account: '601-22871' } },
    main: 52740,
    interest: 1390,
    costs: 8820,
  });
}
