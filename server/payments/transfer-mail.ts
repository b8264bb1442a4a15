/**
 * The bank transfer details by e-mail (section 7 SendUeberweisungMail): the payment page's "send me
 * the details" and the JSON API. The mail names the payment's own amount, the variant's account,
 * the remittance text and, for euro transfers, the EPC QR code; never figures a client sent.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { loadFileFacts } from '../claims/facts.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { debtorName } from '../mail/addressee.ts';
import type { PaymentRow } from './booking.ts';
import { qrPngDataUrl } from './codes.ts';
import { epcPayload } from './epc-qr.ts';
import { instructionsFor, mailTransferDetails } from './service/instructions.ts';
import { paymentForFile } from './service/reads.ts';

/** Providers whose payment is a bank transfer the debtor makes themselves. */
const transferProviders = ['6'];

/** The file's bank transfer still awaited (the newest), when no payment is named. */
async function openTransferOf(db: Database, fileId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(t.payments)
    .where(
      and(
        eq(t.payments.fileId, fileId),
        inArray(t.payments.providerId, transferProviders),
        inArray(t.payments.status, ['created', 'pending']),
      ),
    )
    .orderBy(desc(t.payments.createdAt))
    .limit(1);
  return row ?? null;
}

export type TransferMailResult =
  | { ok: true; to: string; stored: boolean; paymentId: string }
  | { ok: false; error: 'noTransfer' | 'needsFullLogin' | 'noAddress' };

/**
 * Mails the transfer details of a payment of the session's file (the named one, else the newest
 * transfer still awaited): to `to` for a full sign-in, else to the stored address.
 */
export async function mailTransferOfPayment(
  db: Database,
  input: {
    session: { fileId: number; debtorId: number; level: 'limited' | 'full' };
    paymentId: string | null;
    to: string | null;
  },
): Promise<TransferMailResult> {
  const { session } = input;
  const payment = input.paymentId
    ? await paymentForFile(db, session.fileId, input.paymentId)
    : await openTransferOf(db, session.fileId);
  if (!payment || !transferProviders.includes(payment.providerId)) return { ok: false, error: 'noTransfer' };
  const facts = await loadFileFacts(db, session.fileId);
  if (!facts) return { ok: false, error: 'noTransfer' };
  const instructions = await instructionsFor(db, payment, facts);
  if (instructions?.type !== 'bankTransfer') return { ok: false, error: 'noTransfer' };
  const payload = epcPayload({
    ...instructions,
    amountMinor: payment.amountMinor + payment.feeMinor,
    currency: payment.currency,
  });
  const [debtor] = await db.select().from(t.debtors).where(eq(t.debtors.id, session.debtorId));
  const sent = await mailTransferDetails(db, {
    session,
    payment,
    to: input.to,
    facts,
    qrPngDataUrl: payload ? await qrPngDataUrl(payload) : null,
    name: debtor ? debtorName(debtor) : '',
    salutation: debtor?.salutation ?? 1,
  });
  return sent.ok ? { ...sent, paymentId: payment.id } : sent;
}
