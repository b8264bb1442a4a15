import * as t from '../../db/schema.ts';
import { type DemoKit } from '../kit.ts';

/** 100000012: requested documents waiting in the upload center. */
export async function seed({ tx, addDebtor, addFile, person }: DemoKit): Promise<void> {
  const d12 = await addDebtor(
    person('Elif', 'Demir', 2, 'Körnerstraße', '40', '22301', 'Hamburg', 'DE', 'elif.demir@example.org', {
      preferredLanguage: 'tr',
    }),
  );
  const f12 = await addFile({
    refno: '100000012',
    debtorId: d12,
    variant: 'de',
    creditor: 'Nordwind',
    status: '1',
    subject: 'Kaufvertrag über Möbel, Bestellung 6631-0042',
    subjectCode: { key: 'purchase', params: { goods: 'furniture', order: '6631-0042' } },
    main: 129900,
    interest: 4210,
    costs: 16880,
    extra: { showUploadCenter: true },
  });
  await tx.insert(t.documentRequests).values([
    { fileId: f12, templateId: 'proofOfIncome', category: 'income', categoryPosition: 2 },
    { fileId: f12, templateId: 'identityDocument', category: 'identity', categoryPosition: 1 },
    { fileId: f12, templateId: 'paymentReceipt', category: 'payments', categoryPosition: 3 },
  ]);
}
