/**
 * A file's debtor as a mail to them is addressed: where it goes, how they are named and greeted,
 * and the file's reference. The receipts and confirmations of messages, uploads, announced payments
 * and bookings read the same columns and word the name and the reference the same way.
 */
import { eq } from 'drizzle-orm';
import { formatReference } from '../auth/reference.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { enqueueMail, type MailData } from './outbox.ts';

/** The columns of the addressee, to select from the files joined with their debtors. */
export const addresseeColumns = {
  refno: t.files.refno,
  subcase: t.files.subcase,
  variant: t.files.variant,
  email: t.debtors.email,
  firstName: t.debtors.firstName,
  lastName: t.debtors.lastName,
  companyName: t.debtors.companyName,
  salutation: t.debtors.salutation,
};

/** The debtor's name in a mail or a document: the company's, else first and last name. */
export function debtorName(debtor: {
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
}): string {
  return debtor.companyName ?? [debtor.firstName, debtor.lastName].filter(Boolean).join(' ');
}

/** The file's addressee (with the file's debtor id), or null when there is no such file. */
export async function fileAddressee(db: Database, fileId: number) {
  const [row] = await db
    .select({ ...addresseeColumns, debtorId: t.files.debtorId })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(eq(t.files.id, fileId));
  if (!row) return null;
  return { ...row, name: debtorName(row), reference: formatReference(row.refno, row.subcase) };
}

/** The debtor's receipt of what they sent (template `receipt`), written only when there is an address to send it to. */
export async function mailReceipt(
  db: Database,
  to: string | null | undefined,
  mail: { language: string; variant: string; fileId: number; data: MailData['receipt'] },
): Promise<void> {
  if (!to) return;
  await enqueueMail(db, { to, template: 'receipt', ...mail });
}

/** The debtor's receipt (`mailReceipt`) of what they sent, named and greeted as the file's addressee, in their language. */
export async function mailAddresseeReceipt(
  db: Database,
  to: string | null | undefined,
  addressee: { variant: string; name: string; salutation: number; reference: string },
  ctx: { language: string; fileId: number },
  receipt: Omit<MailData['receipt'], 'name' | 'salutation' | 'reference'>,
): Promise<void> {
  const { variant, name, salutation, reference } = addressee;
  await mailReceipt(db, to, {
    language: ctx.language,
    variant,
    fileId: ctx.fileId,
    data: { name, salutation, reference, ...receipt },
  });
}
