/**
 * Reading a file's payments: one by its id (only the file's own), and the most recent one.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { PaymentRow } from '../booking.ts';

/** A payment of the session's own file; another file's payment id is as unknown as a made-up one. */
export async function paymentForFile(db: Database, fileId: number, paymentId: string): Promise<PaymentRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(paymentId)) return null;
  const [row] = await db
    .select()
    .from(t.payments)
    .where(and(eq(t.payments.id, paymentId), eq(t.payments.fileId, fileId)));
  return row ?? null;
}

/** The file's most recent payment (any status), for "has the last visit been rated?". */
export async function latestPaymentOfFile(db: Database, fileId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(t.payments)
    .where(eq(t.payments.fileId, fileId))
    .orderBy(desc(t.payments.createdAt))
    .limit(1);
  return row ?? null;
}
