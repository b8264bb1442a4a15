import { type DemoKit } from '../kit.ts';

/** 600000001: open claim under the sister brand Paycare. */
export async function seed({ addDebtor, addFile, person }: DemoKit): Promise<void> {
  const dPc = await addDebtor(
    person('Nina', 'Krüger', 2, 'Bergstraße', '2', '69120', 'Heidelberg', 'DE', 'nina.krueger@example.org'),
  );
  await addFile({
    refno: '600000001',
    debtorId: dPc,
    variant: 'paycare',
    creditor: 'Heimwerk24',
    status: '1',
    subject: 'Kaufvertrag über Baustoffe, Bestellung 77-05521',
    subjectCode: { key: 'purchase', params: { goods: 'buildingMaterials', order: '77-05521' } },
    main: 38750,
    interest: 940,
    costs: 9350,
  });
}
