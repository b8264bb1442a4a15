import { type DemoKit } from '../kit.ts';

/** 400000001: open claim in SEK, Swish and bank-identity login. */
export async function seed({ options, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const dSe = await addDebtor(
    person('Erik', 'Johansson', 1, 'Drottninggatan', '58', '111 21', 'Stockholm', 'SE', 'erik.johansson@example.org', {
      preferredLanguage: 'sv',
      phone: '+46 70 123 45 67',
      personalNumberHash: options.hashPersonalNumber('198505172386'),
    }),
  );
  await addFile({
    refno: '400000001',
    debtorId: dSe,
    variant: 'se',
    creditor: 'Nordic Home',
    currency: 'SEK',
    status: '1',
    subject: 'Köpeavtal, order 31-77820 (möbler)',
    subjectCode: { key: 'purchase', params: { goods: 'furniture', order: '31-77820' } },
    main: 849000,
    interest: 21300,
    costs: 18000,
  });
}
