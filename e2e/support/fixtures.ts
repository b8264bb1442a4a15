/**
 * Extra data for the browser tests only, written once after the demo seed (never into a demo
 * or production database). A journey that changes a demo file for good (pays it, agrees a plan,
 * disputes it, closes it) works on its own copy, so that journeys running in parallel never
 * compete for one file's state and every demo file keeps the state docs/demo-data.md describes.
 * A copy has the same debtor data and password (`Demo-Pass1`) and the same claim history.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import * as t from '../../server/db/schema.ts';

/** Copy → demo file it is made from, with the journey that uses it. */
export const e2eCopies = {
  // e2e/modals.spec.ts: accepts the special offer (100000008 itself declines it).
  '100000098': '100000008',
  // e2e/modals.spec.ts: requests the notice of completion, which closes the file.
  '110000006': '100000006',
  // e2e/checkout.spec.ts: pays in full by card, by bank transfer, declines, TWINT, down payment, cash deposit.
  '110000001': '100000001',
  '210000001': '200000001',
  '110000012': '100000012',
  '310000001': '300000001',
  '110000003': '100000003',
  '110000005': '100000005',
  // e2e/instalments.spec.ts: agrees a plan, defers once, skips an instalment.
  '120000001': '100000001',
  '130000001': '100000001',
  '120000002': '100000002',
  // e2e/figures.spec.ts: agrees a plan and skips a rate; agrees a plan and pays the remaining claim.
  '170000001': '100000001',
  '180000001': '100000001',
  // e2e/profile.spec.ts: changes the password.
  '140000001': '100000001',
  // e2e/languages.spec.ts: a Swiss transfer by QR-bill (it), Swish in Swedish, a sandbox page in Turkish.
  '320000001': '300000001',
  '410000001': '400000001',
  '150000001': '100000001',
  // e2e/access-levels.spec.ts: a reference-only session tries to set the password (forced change pending).
  '150000009': '100000009',
  // e2e/auth.spec.ts: locks the password sign-in with five wrong passwords.
  '190000004': '100000004',
  // e2e/documents.spec.ts: disputes the claim online.
  '220000001': '200000001',
  // e2e/phone-findings.spec.ts: pays by Swish at 127.0.0.1, announces a payment, resets the
  // password by a mailed link (Paycare, whose mail subject no other journey produces), books a callback.
  '420000001': '400000001',
  '230000001': '100000001',
  '610000001': '600000001',
  '260000001': '100000001',
  // e2e/awaited-transfer.spec.ts: a transfer started by reference number, then paid online instead.
  '111000001': '100000001',
} as const;

export async function applyE2eFixtures(db: Database): Promise<void> {
  for (const [to, from] of Object.entries(e2eCopies)) await copyFile(db, from, to);
}

/** Drops the primary key (and generated columns) of a row so that it can be inserted again. */
function values<T extends { id: number }>(row: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = row;
  return rest;
}

async function copyFile(db: Database, from: string, to: string): Promise<void> {
  const [exists] = await db.select({ id: t.files.id }).from(t.files).where(eq(t.files.refno, to));
  if (exists) return;
  const [file] = await db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, from), eq(t.files.subcase, 1)));
  if (!file) throw new Error(`e2e fixtures: demo file ${from} is missing`);
  const [debtor] = await db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
  await db.transaction(async (tx) => {
    // The copy is another debtor to the agency too: a key of its own (the agency's keys are unique).
    const agencyKey = debtor!.agencyKey === null ? null : `${debtor!.agencyKey}-copy-${to}`;
    const [newDebtor] = await tx
      .insert(t.debtors)
      .values({ ...values(debtor!), agencyKey })
      .returning({ id: t.debtors.id });
    const { totalMinor: _total, ...fileValues } = values(file);
    const [newFile] = await tx
      .insert(t.files)
      .values({ ...fileValues, refno: to, debtorId: newDebtor!.id })
      .returning({ id: t.files.id });
    const fileId = newFile!.id;
    const copyRows = async <R extends { id: number; fileId: number }>(
      table: Parameters<typeof tx.insert>[0],
      rows: R[],
    ) => {
      if (rows.length > 0) await tx.insert(table).values(rows.map((row) => ({ ...values(row), fileId })) as never);
    };
    await copyRows(
      t.fileStatusHistory,
      await tx.select().from(t.fileStatusHistory).where(eq(t.fileStatusHistory.fileId, file.id)),
    );
    await copyRows(t.invoices, await tx.select().from(t.invoices).where(eq(t.invoices.fileId, file.id)));
    await copyRows(
      t.collectionCosts,
      await tx.select().from(t.collectionCosts).where(eq(t.collectionCosts.fileId, file.id)),
    );
    await copyRows(t.paymentsMade, await tx.select().from(t.paymentsMade).where(eq(t.paymentsMade.fileId, file.id)));
    await copyRows(t.events, await tx.select().from(t.events).where(eq(t.events.fileId, file.id)));
    await copyRows(t.deferrals, await tx.select().from(t.deferrals).where(eq(t.deferrals.fileId, file.id)));
    await copyRows(t.deposits, await tx.select().from(t.deposits).where(eq(t.deposits.fileId, file.id)));
    await copyRows(t.specialOffers, await tx.select().from(t.specialOffers).where(eq(t.specialOffers.fileId, file.id)));
    await copyRows(t.modals, await tx.select().from(t.modals).where(eq(t.modals.fileId, file.id)));
    await copyRows(
      t.documentRequests,
      await tx.select().from(t.documentRequests).where(eq(t.documentRequests.fileId, file.id)),
    );
    const plans = await tx.select().from(t.instalmentPlans).where(eq(t.instalmentPlans.fileId, file.id));
    for (const plan of plans) {
      const [newPlan] = await tx
        .insert(t.instalmentPlans)
        .values({ ...values(plan), fileId })
        .returning({ id: t.instalmentPlans.id });
      const rows = await tx
        .select()
        .from(t.instalmentRows)
        .where(inArray(t.instalmentRows.planId, [plan.id]));
      if (rows.length > 0)
        await tx.insert(t.instalmentRows).values(rows.map((row) => ({ ...values(row), planId: newPlan!.id })));
    }
  });
}
