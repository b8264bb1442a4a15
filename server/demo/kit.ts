/**
 * What the demo files get beyond the agency's batch (decision 104): server/demo/seed.ts loads the
 * batch (server/demo/batch.ts) through the bulk import, then completes each letter with this kit,
 * in one transaction: the creditors' logos, what the portal holds of a debtor (the demo password,
 * the flags a debtor's own actions set), each file's status history before the portal (its costs
 * and its letters come in the batch), then the file's own module
 * (server/demo/files/). Dates are relative to the day of seeding so that "next instalment due"
 * stays ahead.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { demoCreditors, demoDebtorKey, isoDate, type DemoLetter, type DemoLetterFile } from './batch.ts';
import { demoPassword } from './catalogue.ts';

export { isoDate };

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}
export function at(base: Date, days: number, hour = 10): Date {
  return new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + days, hour));
}

export interface SeedOptions {
  today?: Date;
  /** Lower argon2 cost for tests; production hashes use the library's defaults. */
  fastHashes?: boolean;
}

/** The rows of a letter: its debtor, its first file and all its files in the letter's order. */
export interface DemoIds {
  debtorId: number;
  fileId: number;
  fileIds: number[];
}

/** The tools a demo file's module writes its file with, inside the one completing transaction. */
export interface DemoKit {
  tx: Tx;
  /** The agency's calendar day of the seeding, at midnight UTC. */
  today: Date;
  options: SeedOptions;
  /** Completes the n-th letter of letters.json, which the batch has imported. */
  completeLetter(letter: DemoLetter, index: number): Promise<DemoIds>;
}

/** Gives the demo creditors their logos and returns the kit. */
export async function createKit(tx: Tx, today: Date, options: SeedOptions): Promise<DemoKit> {
  for (const creditor of demoCreditors)
    if (creditor.logoPath)
      await tx.update(t.creditors).set({ logoPath: creditor.logoPath }).where(eq(t.creditors.name, creditor.name));

  const completeFile = async (f: DemoLetterFile, id: number) => {
    await tx.insert(t.fileStatusHistory).values([
      { fileId: id, statusCode: '1', changedAt: at(today, -90), reason: 'handedOver' },
      ...(f.status === '1'
        ? []
        : [
            {
              fileId: id,
              statusCode: f.status,
              subState: f.subState ?? null,
              changedAt: at(today, -(f.statusDaysAgo ?? 14)),
            },
          ]),
    ]);
  };

  const completeLetter = async ({ debtor, files }: DemoLetter, index: number): Promise<DemoIds> => {
    const [row] = await tx
      .update(t.debtors)
      .set({
        passwordHash: await hashPassword(demoPassword, { fast: options.fastHashes }),
        emailSetOnce: debtor.emailSetOnce ?? false,
        inFloodedArea: debtor.inFloodedArea ?? false,
        mustChangePassword: debtor.mustChangePassword ?? false,
        iban: debtor.iban ?? null,
        bic: debtor.bic ?? null,
        accountHolder: debtor.accountHolder ?? null,
      })
      .where(eq(t.debtors.agencyKey, demoDebtorKey(index)))
      .returning({ id: t.debtors.id });
    if (!row) throw new Error(`the demo batch did not import debtor ${demoDebtorKey(index)}`);
    const rows = await tx
      .select({ id: t.files.id, refno: t.files.refno, subcase: t.files.subcase })
      .from(t.files)
      .where(
        and(
          eq(t.files.debtorId, row.id),
          inArray(
            t.files.refno,
            files.map((f) => f.refno),
          ),
        ),
      );
    const fileIds: number[] = [];
    for (const file of files) {
      const id = rows.find((r) => r.refno === file.refno && r.subcase === (file.subcase ?? 1))?.id;
      if (id === undefined) throw new Error(`the demo batch did not import file ${file.refno}`);
      await completeFile(file, id);
      fileIds.push(id);
    }
    return { debtorId: row.id, fileId: fileIds[0]!, fileIds };
  };

  return { tx, today, options, completeLetter };
}

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A plan with monthly rows; the last row carries the remainder (position order, due dates monthly). */
export async function addPlan(
  tx: Tx,
  fileId: number,
  today: Date,
  p: {
    total: number;
    monthly: number;
    paidCount: number;
    firstDueDaysAgo: number;
    fee: number;
    sepa?: boolean;
    status?: 'pending' | 'active';
  },
): Promise<void> {
  const count = Math.ceil(p.total / p.monthly);
  const firstDueOn = isoDate(today, -p.firstDueDaysAgo);
  const [plan] = await tx
    .insert(t.instalmentPlans)
    .values({
      fileId,
      status: p.status ?? 'active',
      residualClaimMinor: p.total - p.fee,
      feeMinor: p.fee,
      totalMinor: p.total,
      monthlyMinor: p.monthly,
      instalmentCount: count,
      firstDueOn,
      providerId: p.sepa ? '3' : '6',
      isSepa: p.sepa ?? false,
    })
    .returning({ id: t.instalmentPlans.id });
  let remaining = p.total;
  const rows: Array<typeof t.instalmentRows.$inferInsert> = [];
  for (let position = 1; position <= count; position++) {
    const amount = position === count ? remaining : p.monthly;
    const dueOn = addMonths(firstDueOn, position - 1);
    rows.push({
      planId: plan!.id,
      position,
      dueOn,
      amountMinor: amount,
      claimMinor: remaining,
      remainingMinor: remaining - amount,
      isFinal: position === count,
      paidAt: position <= p.paidCount ? new Date(`${dueOn}T09:00:00Z`) : null,
    });
    remaining -= amount;
  }
  await tx.insert(t.instalmentRows).values(rows);
}
