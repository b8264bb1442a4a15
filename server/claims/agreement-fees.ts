/**
 * The agreement fees charged to a file (decision 026): the instalment fee of a plan and the
 * settlement fee of pay later, as the file's costs hold them. The checkout names them beside the
 * remaining claim, so the debtor sees why the amount is more than the claim was.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

export type AgreementFeeKind = 'instalmentFee' | 'settlementFee';

export async function agreementFees(
  db: Database,
  fileId: number,
): Promise<Array<{ kind: AgreementFeeKind; amountMinor: number }>> {
  const rows = await db
    .select({ kind: t.collectionCosts.kind, amountMinor: t.collectionCosts.amountMinor })
    .from(t.collectionCosts)
    .where(
      and(eq(t.collectionCosts.fileId, fileId), inArray(t.collectionCosts.kind, ['instalmentFee', 'settlementFee'])),
    )
    .orderBy(t.collectionCosts.id);
  return rows.map((r) => ({ kind: r.kind as AgreementFeeKind, amountMinor: r.amountMinor }));
}
