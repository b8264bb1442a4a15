/**
 * A debtor's files (spec 2.1 "DebtorCases"): files under legal blocking or deletion are never
 * listed; switching the session's file is allowed only to a listed file of the same debtor.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { ActiveSession } from '../auth/session.ts';

export interface DebtorCase {
  fileId: number;
  refno: string;
  subcase: number;
  variant: string;
  creditor: string;
  claimSubject: string;
  currency: string;
  totalMinor: number;
  statusCode: (typeof t.statusCodes)[number];
  subState: (typeof t.subStates)[number] | null;
  current: boolean;
}

export async function listDebtorCases(db: Database, session: Pick<ActiveSession, 'debtorId' | 'fileId'>): Promise<DebtorCase[]> {
  const rows = await db
    .select({
      fileId: t.files.id,
      refno: t.files.refno,
      subcase: t.files.subcase,
      variant: t.files.variant,
      creditor: t.creditors.name,
      claimSubject: t.files.claimSubject,
      currency: t.files.currency,
      totalMinor: t.files.totalMinor,
      statusCode: t.files.statusCode,
      subState: t.files.subState,
    })
    .from(t.files)
    .innerJoin(t.creditors, eq(t.creditors.id, t.files.creditorId))
    .where(and(eq(t.files.debtorId, session.debtorId), eq(t.files.legalBlocking, false), isNull(t.files.deletedAt)))
    .orderBy(asc(t.files.refno), asc(t.files.subcase));
  return rows.map((r) => ({ ...r, totalMinor: r.totalMinor ?? 0, current: r.fileId === session.fileId }));
}

export const switchCaseInput = z.object({ fileId: z.coerce.number().int().positive() });

/** Makes another of the debtor's own files the session's file; anything else is refused. */
export async function switchCase(
  db: Database,
  session: ActiveSession,
  raw: z.input<typeof switchCaseInput>,
  ctx: { clientAddress?: string } = {},
): Promise<{ ok: true; variant: string } | { ok: false; error: 'notYours' }> {
  const parsed = switchCaseInput.safeParse(raw);
  if (!parsed.success) return { ok: false, error: 'notYours' };
  const cases = await listDebtorCases(db, session);
  const target = cases.find((c) => c.fileId === parsed.data.fileId);
  if (!target) {
    await audit(db, { actor: 'debtor', action: 'case.switch.refused', debtorId: session.debtorId, fileId: session.fileId, clientAddress: ctx.clientAddress, detail: { requested: parsed.data.fileId } });
    return { ok: false, error: 'notYours' };
  }
  await db.update(t.sessions).set({ fileId: target.fileId }).where(eq(t.sessions.idHash, session.idHash));
  await audit(db, { actor: 'debtor', action: 'case.switched', debtorId: session.debtorId, fileId: target.fileId, clientAddress: ctx.clientAddress });
  return { ok: true, variant: target.variant };
}
