/**
 * What a reference-only (limited) session may see and do, where it differs from a full one
 * (decision 018, docs/security.md). A reference number proves that someone has the letter, not
 * that they are the debtor: the limited level may pay, but it sees no e-mail address, only a
 * masked IBAN, and mails go only to the address stored for the file.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { ActiveSession } from './session.ts';

export type MailRecipient =
  { ok: true; to: string; stored: boolean } | { ok: false; error: 'needsFullLogin' | 'noAddress' };

/**
 * The address a mail of the debtor's own file (the plan, the bank-transfer details) goes to: the
 * address asked for by a full session, otherwise the one stored for the debtor. A limited session
 * that names an address is refused, even the stored one, so that it cannot test which it is.
 */
export async function mailRecipient(
  db: Database,
  session: Pick<ActiveSession, 'debtorId' | 'level'>,
  requested: string | null | undefined,
): Promise<MailRecipient> {
  const wanted = requested?.trim() || null;
  if (wanted && session.level === 'full') return { ok: true, to: wanted, stored: false };
  if (wanted) return { ok: false, error: 'needsFullLogin' };
  const [debtor] = await db
    .select({ email: t.debtors.email })
    .from(t.debtors)
    .where(eq(t.debtors.id, session.debtorId));
  return debtor?.email ? { ok: true, to: debtor.email, stored: true } : { ok: false, error: 'noAddress' };
}
