/**
 * Extra data for the browser tests only, written once after the demo seed (never into a demo
 * or production database). Journeys that change a demo file for good get their own copy here,
 * so that two journeys never compete for one file's state.
 *
 * - 100000098: a copy of 100000008 (flood-area notice and special settlement offer). The
 *   modals journey declines the offer on 100000008 and accepts it on this copy.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import * as t from '../../server/db/schema.ts';

export async function applyE2eFixtures(db: Database): Promise<void> {
  await copyFile(db, '100000008', '100000098');
}

async function copyFile(db: Database, from: string, to: string): Promise<void> {
  const [exists] = await db.select({ id: t.files.id }).from(t.files).where(eq(t.files.refno, to));
  if (exists) return;
  const [file] = await db.select().from(t.files).where(and(eq(t.files.refno, from), eq(t.files.subcase, 1)));
  if (!file) throw new Error(`e2e fixtures: demo file ${from} is missing`);
  const [debtor] = await db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
  await db.transaction(async (tx) => {
    const { id: _debtorId, ...debtorValues } = debtor!;
    const [newDebtor] = await tx.insert(t.debtors).values(debtorValues).returning({ id: t.debtors.id });
    const { id: _fileId, totalMinor: _total, ...fileValues } = file;
    const [newFile] = await tx.insert(t.files).values({ ...fileValues, refno: to, debtorId: newDebtor!.id }).returning({ id: t.files.id });
    const fileId = newFile!.id;
    for (const offer of await tx.select().from(t.specialOffers).where(eq(t.specialOffers.fileId, file.id))) {
      const { id: _id, ...values } = offer;
      await tx.insert(t.specialOffers).values({ ...values, fileId });
    }
    for (const modal of await tx.select().from(t.modals).where(eq(t.modals.fileId, file.id))) {
      const { id: _id, ...values } = modal;
      await tx.insert(t.modals).values({ ...values, fileId });
    }
  });
}
