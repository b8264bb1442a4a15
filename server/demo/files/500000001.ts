import { type DemoKit } from '../kit.ts';

/** 500000001: open claim in NOK, Norwegian bank-identity login. */
export async function seed({ options, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const dNo = await addDebtor(
    person('Ingrid', 'Hansen', 2, 'Storgata', '12', '0155', 'Oslo', 'NO', 'ingrid.hansen@example.org', {
      phone: '+47 912 34 567',
      personalNumberHash: options.hashPersonalNumber('17058512345'),
    }),
  );
  await addFile({
    refno: '500000001',
    debtorId: dNo,
    variant: 'no',
    creditor: 'Fjordnett',
    currency: 'NOK',
    status: '1',
    subject: 'Bredbåndsavtale 55-10934, månedsavgifter',
    subjectCode: { key: 'broadbandContract', params: { contract: '55-10934' } },
    main: 512000,
    interest: 9800,
    costs: 14000,
  });
}
