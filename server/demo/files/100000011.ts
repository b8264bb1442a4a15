import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { variants } from '../../variants/config.ts';
import { addPlan, type DemoIds, type DemoKit } from '../kit.ts';

/** 100000011: SEPA direct debit active (status 22). */
export async function seed({ tx, today }: DemoKit, { fileId: f11 }: DemoIds): Promise<void> {
  await addPlan(tx, f11, today, {
    total: 110740,
    monthly: 10000,
    paidCount: 1,
    firstDueDaysAgo: 28,
    fee: 0,
    sepa: true,
  });
  // Its mandate, as signed (the printable mandate shows this account, reference and date).
  const [plan11] = await tx
    .select({ id: t.instalmentPlans.id, firstDueOn: t.instalmentPlans.firstDueOn })
    .from(t.instalmentPlans)
    .where(eq(t.instalmentPlans.fileId, f11));
  await tx.insert(t.sepaMandates).values({
    fileId: f11,
    mandateReference: `CI-100000011-P${plan11!.id}`,
    creditorId: variants.de.sepa!.creditorId,
    accountHolder: 'Andreas Wolf',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    purpose: 'plan',
    agreementId: plan11!.id,
    targetDate: plan11!.firstDueOn,
    signedAt: new Date(today.getTime() - 29 * 86_400_000),
  });
}
