import { type DemoKit } from '../kit.ts';

/** 100000009: the password must be changed before anything else. */
export async function seed({ addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d9 = await addDebtor(
    person('Paul', 'Schulz', 1, 'Hauptstraße', '101', '10827', 'Berlin', 'DE', 'paul.schulz@example.org', {
      mustChangePassword: true,
    }),
  );
  await addFile({
    refno: '100000009',
    debtorId: d9,
    variant: 'de',
    creditor: 'FitLine',
    status: '1',
    subject: 'Mitgliedschaft Fitnessstudio, Beiträge Mai bis Juli',
    subjectCode: { key: 'membership', params: {} },
    main: 23970,
    interest: 510,
    costs: 7050,
  });
}
