import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { keyedHash } from '../security/crypto.ts';

export type AuditActor = (typeof t.auditLog.$inferInsert)['actor'];

/** Writes one audit entry. Details must never hold a reference number, IBAN, e-mail or token in clear. */
export async function audit(
  db: Database,
  entry: {
    actor: AuditActor;
    action: string;
    debtorId?: number | null;
    fileId?: number | null;
    clientAddress?: string;
    detail?: Record<string, string | number | boolean | null>;
    at?: Date;
  },
): Promise<void> {
  await db.insert(t.auditLog).values({
    at: entry.at ?? new Date(),
    actor: entry.actor,
    action: entry.action,
    debtorId: entry.debtorId ?? null,
    fileId: entry.fileId ?? null,
    detail: entry.detail ?? null,
    clientHash: entry.clientAddress ? keyedHash('client', entry.clientAddress) : null,
  });
}

/** audit as a page calls it: it opens the database itself (decision 077). */
export const auditForPage = withDatabase(audit);

/** Who did it in a debtor's own action: their debtor id, the file, and the client's address (hashed in the entry). */
export interface DebtorActor {
  debtorId: number;
  fileId: number;
  clientAddress?: string;
}

/** An audit entry of a debtor's own action on their file. */
export async function auditDebtor(
  db: Database,
  who: DebtorActor,
  action: string,
  entry: { detail?: Record<string, string | number | boolean | null>; at?: Date } = {},
): Promise<void> {
  await audit(db, {
    actor: 'debtor',
    action,
    debtorId: who.debtorId,
    fileId: who.fileId,
    clientAddress: who.clientAddress,
    ...entry,
  });
}
