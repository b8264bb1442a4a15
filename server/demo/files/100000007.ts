import { type DemoKit } from '../kit.ts';

/** 100000007: enforcement measure running (42); functions are refused. */
export async function seed({ addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d7 = await addDebtor(
    person('Stefan', 'Richter', 1, 'Kirchgasse', '5', '55116', 'Mainz', 'DE', 'stefan.richter@example.org'),
  );
  await addFile({
    refno: '100000007',
    debtorId: d7,
    variant: 'de',
    creditor: 'Stadtwerke Elbtal',
    status: '42',
    statusDaysAgo: 21,
    subject: 'Gaslieferung, Schlussrechnung Vertragskonto 2210773',
    subjectCode: { key: 'gasFinal', params: { account: '2210773' } },
    main: 243080,
    interest: 18930,
    costs: 41220,
    extra: { functionsBlocked: true },
  });
}
