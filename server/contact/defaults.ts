/**
 * The debtor's stored e-mail and phone as the contact forms fill them in (the mobile number before
 * the landline). One read for every door that prefills a message or a callback.
 */
import { eq } from 'drizzle-orm';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

export async function contactDefaults(db: Database, debtorId: number): Promise<{ email: string; phone: string }> {
  const [row] = await db
    .select({ email: t.debtors.email, phone: t.debtors.phone, mobile: t.debtors.mobile })
    .from(t.debtors)
    .where(eq(t.debtors.id, debtorId));
  return { email: row?.email ?? '', phone: row?.mobile ?? row?.phone ?? '' };
}

/** The same as a page reads it: it opens the database itself (decision 077). */
export const contactDefaultsForPage = withDatabase(contactDefaults);
