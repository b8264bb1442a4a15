import { type DemoKit } from '../kit.ts';

/** 100000010: one debtor with three listed files (subcases 1 to 3) and one under legal blocking. */
export async function seed({ addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d10 = await addDebtor(
    person(
      'Maria',
      'García López',
      2,
      'Eichendorffstraße',
      '18',
      '90491',
      'Nürnberg',
      'DE',
      'maria.garcia@example.org',
      { preferredLanguage: 'es' },
    ),
  );
  await addFile({
    refno: '100000010',
    subcase: 1,
    debtorId: d10,
    variant: 'de',
    creditor: 'Telvia',
    status: '1',
    subject: 'Mobilfunkvertrag Nr. 88-455-0021',
    subjectCode: { key: 'mobileContract', params: { contract: '88-455-0021' } },
    main: 15980,
    interest: 310,
    costs: 5850,
  });
  await addFile({
    refno: '100000010',
    subcase: 2,
    debtorId: d10,
    variant: 'de',
    creditor: 'Stadtwerke Elbtal',
    status: '2',
    subState: 'paymentNoted',
    subject: 'Wasser und Abwasser, Abrechnung Vertragskonto 2231190',
    subjectCode: { key: 'water', params: { account: '2231190' } },
    main: 41275,
    interest: 980,
    costs: 9350,
  });
  await addFile({
    refno: '100000010',
    subcase: 3,
    debtorId: d10,
    variant: 'de',
    creditor: 'Nordwind',
    status: '1',
    subject: 'Kaufvertrag über Elektronik, Bestellung 5120-7730',
    subjectCode: { key: 'purchase', params: { goods: 'electronics', order: '5120-7730' } },
    main: 34900,
    interest: 620,
    costs: 9350,
  });
  await addFile({
    refno: '100000010',
    subcase: 4,
    debtorId: d10,
    variant: 'de',
    creditor: 'FitLine',
    status: '1',
    subject: 'Mitgliedschaft Fitnessstudio (gesperrt)',
    subjectCode: { key: 'membership', params: {} },
    main: 9990,
    interest: 0,
    costs: 3750,
    extra: { legalBlocking: true },
  });
}
