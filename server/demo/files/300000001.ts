import { type DemoKit } from '../kit.ts';

/** 300000001: open claim in CHF, TWINT offered. */
export async function seed({ addDebtor, addFile, person }: DemoKit): Promise<void> {
  const dCh = await addDebtor(
    person('Céline', 'Favre', 2, 'Rue de Lausanne', '64', '1202', 'Genève', 'CH', 'celine.favre@example.org', {
      preferredLanguage: 'fr',
      phone: '+41 79 123 45 67',
    }),
  );
  await addFile({
    refno: '300000001',
    debtorId: dCh,
    variant: 'ch',
    creditor: 'Limmat Versand',
    currency: 'CHF',
    status: '1',
    subject: 'Kaufvertrag, Bestellung 20-55871 (Elektrogeräte)',
    subjectCode: { key: 'purchase', params: { goods: 'appliances', order: '20-55871' } },
    main: 68950,
    interest: 1720,
    costs: 9500,
  });
}
