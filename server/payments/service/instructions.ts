/**
 * What the debtor follows to pay by transfer or cash slip: the remittance text, the bank transfer
 * details or the cash slip, the Swiss QR-bill, and the details by e-mail.
 */
import { formatReference } from '../../auth/reference.ts';
import { eq } from 'drizzle-orm';
import { mailRecipient } from '../../auth/access.ts';
import type { ActiveSession } from '../../auth/session.ts';
import type { FileFacts } from '../../claims/facts.ts';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { isLanguage } from '../../i18n/languages.ts';
import { debtorName } from '../../mail/addressee.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { transferReferenceText } from '../../mail/templates.ts';
import { variants, type VariantId } from '../../variants/config.ts';
import { bankAccounts } from '../config.ts';
import type { PaymentRow } from '../booking.ts';
import type { Instructions } from '../providers/types.ts';
import { qrReference, splitStreet, swissQrBillSvg } from '../swiss-qr-bill.ts';
import { paymentProvider } from './provider.ts';

function fileReference(facts: Pick<FileFacts, 'refno' | 'subcase'>): string {
  return formatReference(facts.refno, facts.subcase);
}

/** The remittance text in the debtor's language (the payment's), e.g. "Az 100000001" or "Ärende 400000001". */
export function remittanceFor(facts: Pick<FileFacts, 'refno' | 'subcase'>, language: string): string {
  return transferReferenceText(language, fileReference(facts));
}

/** Bank transfer details or the cash slip for an instructions payment. */
export async function instructionsFor(
  db: Database,
  payment: PaymentRow,
  facts: Pick<FileFacts, 'refno' | 'subcase'>,
): Promise<Instructions | null> {
  const account = bankAccounts[payment.variant as VariantId] ?? bankAccounts.de;
  const remittance = remittanceFor(facts, payment.language);
  const provider = paymentProvider(db);
  if (provider && payment.providerReference)
    return provider.instructions(payment.providerReference, { account, remittance });
  if (payment.providerId === '6' || payment.providerId === '7') return { type: 'bankTransfer', ...account, remittance };
  return null;
}

/**
 * The Swiss QR-bill of a bank transfer in francs (decision 030): the variant's QR-IBAN, the file's
 * QR reference, the amount with fees, the agency as creditor and the debtor's address, worded in
 * the payment's language. Null for every other transfer (the EPC code serves euro transfers).
 */
export async function swissQrBillFor(
  db: Database,
  payment: PaymentRow,
  facts: Pick<FileFacts, 'refno' | 'subcase'>,
): Promise<{ svg: string; reference: string } | null> {
  const account = bankAccounts[payment.variant as VariantId];
  if (payment.currency !== 'CHF' || !account?.qrIban) return null;
  const legal = variants[payment.variant as VariantId].legal;
  const [debtor] = await db.select().from(t.debtors).where(eq(t.debtors.id, payment.debtorId));
  const reference = qrReference(facts.refno, facts.subcase);
  const language = isLanguage(payment.language) ? payment.language : 'de';
  const svg = swissQrBillSvg({
    qrIban: account.qrIban,
    creditor: {
      name: account.recipient,
      ...splitStreet(legal.street),
      postalCode: legal.postalCode,
      city: legal.city,
      country: legal.country,
    },
    debtor: debtor
      ? {
          name: debtorName(debtor),
          street: debtor.streetName,
          houseNumber: debtor.houseNumber,
          postalCode: debtor.postalCode,
          city: debtor.city,
          country: debtor.countryCode,
        }
      : null,
    amountMinor: payment.amountMinor + payment.feeMinor,
    currency: payment.currency,
    reference,
    message: remittanceFor(facts, language),
    language,
  });
  return svg ? { svg, reference } : null;
}

/**
 * Mails the bank transfer details (section 7 SendUeberweisungMail), a few times an hour per file:
 * to the address a full session names, otherwise to the stored one; a reference-only session
 * cannot name one (decision 018).
 */
export async function mailTransferDetails(
  db: Database,
  input: {
    session: Pick<ActiveSession, 'debtorId' | 'level'>;
    payment: PaymentRow;
    to: string | null;
    facts: Pick<FileFacts, 'refno' | 'subcase'>;
    qrPngDataUrl: string | null;
    name: string;
    salutation: number;
  },
): Promise<{ ok: true; to: string; stored: boolean } | { ok: false; error: 'needsFullLogin' | 'noAddress' }> {
  const recipient = await mailRecipient(db, input.session, input.to);
  if (!recipient.ok) return recipient;
  const account = bankAccounts[input.payment.variant as VariantId] ?? bankAccounts.de;
  await enqueueMail(db, {
    to: recipient.to,
    template: 'bankTransferDetails',
    language: input.payment.language,
    variant: input.payment.variant,
    fileId: input.payment.fileId,
    data: {
      name: input.name,
      salutation: input.salutation,
      reference: fileReference(input.facts),
      amount: { amountMinor: input.payment.amountMinor + input.payment.feeMinor, currency: input.payment.currency },
      recipient: account.recipient,
      iban: account.iban,
      bic: account.bic,
      remittance: remittanceFor(input.facts, input.payment.language),
      qrPngDataUrl: input.qrPngDataUrl,
    },
  });
  return recipient;
}
