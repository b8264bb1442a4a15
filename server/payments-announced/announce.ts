/**
 * A debtor tells us about a payment already made (spec 2.5, "announce payment"): the payment
 * with its receipts is stored for staff, the file's history gets an event, the agency gets a mail
 * and the debtor a receipt, and the audit log records it. All in one transaction: either
 * everything happens or nothing.
 *
 * The announcement is a note beside the file's status, never a new status: until staff have
 * checked it (`reviewed_at`), the dashboard and the claim page say "payment announced on …, being
 * checked", and the status with everything it allows or refuses (a SEPA plan's page, a measure's
 * refusals) stays as it was.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { fileRef } from '../claims/facts.ts';
import { filesWithDebtors, rowOfFile } from '../claims/file-queries.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { audit } from '../audit/log.ts';
import { formatReference } from '../auth/reference.ts';
import { agencyAddress } from '../mail/addresses.ts';
import { addresseeColumns, debtorName, mailAddresseeReceipt } from '../mail/addressee.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { submitWithUploads } from '../uploads/receive.ts';
import { intlLocale } from '../i18n/negotiate.ts';
import { isLanguage } from '../i18n/languages.ts';
import { variants, type Variant, type VariantId } from '../variants/config.ts';
import type { z } from 'zod';
import { receiptsStep, type AmountReading, type AnnouncedPaymentInput } from './schema.ts';

export interface AnnounceContext {
  fileId: number;
  debtorId: number;
  language: string;
  clientAddress?: string;
  now?: Date;
}

export type AnnounceResult =
  { ok: true; id: number } | { ok: false; problem: 'invalid' | 'noFile' | 'notYours' | 'totalTooLarge' | 'tooMany' };

/** The announced payment as read by `receiptsStep` (amount in minor units, IBANs normalised). */
export type AnnouncedPayment = z.output<ReturnType<typeof receiptsStep>>;

/** How the file's amounts are read: the debtor's language with the file's country, and the file's currency. */
export function announceReading(fileVariant: string, currency: string, language: string): AmountReading {
  const variant = variants[fileVariant as VariantId] ?? variants.de;
  return { locale: intlLocale(isLanguage(language) ? language : variant.defaultLanguage, variant), currency };
}

async function announceFile(db: Database, ctx: AnnounceContext) {
  const [file] = await filesWithDebtors(db, {
    ...addresseeColumns,
    id: t.files.id,
    currency: t.files.currency,
    statusCode: t.files.statusCode,
  }).where(and(eq(t.files.id, ctx.fileId), eq(t.files.debtorId, ctx.debtorId), isNull(t.files.deletedAt)));
  return file ?? null;
}

/** Reads what the debtor typed with the announce form's rules, then stores it (`storeAnnouncedPayment`). */
export async function announcePayment(
  db: Database,
  ctx: AnnounceContext,
  raw: AnnouncedPaymentInput,
): Promise<AnnounceResult> {
  const file = await announceFile(db, ctx);
  if (!file) return { ok: false, problem: 'noFile' };
  // The amount is read as the debtor's page showed amounts: their language with the file's country.
  const parsed = receiptsStep(announceReading(file.variant, file.currency, ctx.language)).safeParse(raw);
  if (!parsed.success) return { ok: false, problem: 'invalid' };
  return storeAnnouncedPayment(db, ctx, parsed.data);
}

/** Stores an announced payment already read by `receiptsStep` (the action layer reads it). */
export async function storeAnnouncedPayment(
  db: Database,
  ctx: AnnounceContext,
  input: AnnouncedPayment,
): Promise<AnnounceResult> {
  const now = ctx.now ?? new Date();
  const file = await announceFile(db, ctx);
  if (!file) return { ok: false, problem: 'noFile' };
  const amountMinor = input.amount;
  const reference = formatReference(file.refno, file.subcase);

  return submitWithUploads(db, {
    // A refused receipt undoes the insert: the transaction rolls back, the pending uploads stay offered.
    attach: { fileId: file.id, context: 'announcedPayment', ids: input.uploadId },
    insert: (tx) =>
      tx
        .insert(t.announcedPayments)
        .values({
          fileId: file.id,
          payee: input.payee,
          paidOn: input.paidOn,
          amountMinor,
          currency: file.currency,
          payerName: input.payerName,
          payerIban: input.payerIban ?? null,
          payerBic: input.payerBic ?? null,
          payeeName: input.payeeName ?? null,
          payeeIban: input.payeeIban ?? null,
          payeeBic: input.payeeBic ?? null,
          reference: input.reference ?? null,
          createdAt: now,
        })
        .returning({ id: t.announcedPayments.id }),
    finish: async (tx, id, attachments) => {
      // A note in the file's history, not a new status (issue 11, finding 6).
      await tx.insert(t.events).values({
        fileId: file.id,
        occurredAt: now,
        kind: 'paymentAnnounced',
        detail: { announcedPaymentId: id, paidOn: input.paidOn, amountMinor, currency: file.currency },
      });
      await enqueueMail(tx, {
        to: agencyAddress(file.variant),
        template: 'agencyAnnouncedPayment',
        language: 'de',
        variant: file.variant,
        fileId: file.id,
        data: {
          reference,
          payee: input.payee,
          paidOn: input.paidOn,
          amount: { amountMinor, currency: file.currency },
          payerName: input.payerName,
          receiptCount: attachments.length,
        },
      });
      await mailAddresseeReceipt(
        tx,
        file.email,
        { variant: file.variant, name: debtorName(file), salutation: file.salutation, reference },
        { language: ctx.language, fileId: file.id },
        { kind: 'announcedPayment' },
      );
      await audit(tx, {
        actor: 'debtor',
        action: 'payment.announced',
        debtorId: ctx.debtorId,
        fileId: file.id,
        clientAddress: ctx.clientAddress,
        at: now,
        detail: { announcedPaymentId: id, amountMinor, payee: input.payee, receipts: attachments.length },
      });
    },
  });
}

/**
 * What the announce form starts from for the session's file: its currency and creditor, and the
 * payer as the file knows them (account holder or name, IBAN, BIC). Null for a file not the debtor's.
 */
/** The payee name of the sister brand: a file of one brand may have been paid to the other. */
export function sisterBrandName(variant: Pick<Variant, 'brand'>): string {
  return variant.brand.key === 'paycare' ? 'Clarus Inkasso GmbH' : 'Paycare GmbH';
}

export async function announceFormDefaults(db: Database, session: { fileId: number; debtorId: number }) {
  const [file] = await filesWithDebtors(db, {
    creditor: t.creditors.name,
    currency: t.files.currency,
    payerName: t.debtors.accountHolder,
    firstName: t.debtors.firstName,
    lastName: t.debtors.lastName,
    companyName: t.debtors.companyName,
    iban: t.debtors.iban,
    bic: t.debtors.bic,
  })
    .innerJoin(t.creditors, eq(t.creditors.id, t.files.creditorId))
    .where(and(eq(t.files.id, session.fileId), eq(t.files.debtorId, session.debtorId)));
  if (!file) return null;
  return {
    creditor: file.creditor,
    currency: file.currency,
    payerName: file.payerName ?? debtorName(file),
    payerIban: file.iban ?? '',
    payerBic: file.bic ?? '',
  };
}

/**
 * The same announcement as a column of the file's one statement (server/claims/facts.ts
 * `readFile`), for the pages that read everything at once; `announcementFromColumn` turns it
 * into what `pendingAnnouncement` returns.
 */
export const pendingAnnouncementColumn = sql<{
  paidOn: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
} | null>`(
  select json_build_object('paidOn', a.paid_on, 'amountMinor', a.amount_minor, 'currency', a.currency, 'createdAt', a.created_at)
  from announced_payments a where a.file_id = ${fileRef} and a.reviewed_at is null
  order by a.created_at desc, a.id desc limit 1)`;

export function announcementFromColumn(
  value: (typeof pendingAnnouncementColumn)['_']['type'],
): Awaited<ReturnType<typeof pendingAnnouncement>> {
  return value
    ? {
        paidOn: value.paidOn,
        amountMinor: value.amountMinor,
        currency: value.currency,
        announcedOn: new Date(value.createdAt).toISOString(),
      }
    : null;
}

/** The latest announced payment staff have not checked yet: the note beside the status. */
export async function pendingAnnouncement(
  db: Database,
  fileId: number,
): Promise<{ paidOn: string; amountMinor: number; currency: string; announcedOn: string } | null> {
  const [row] = await db
    .select({
      paidOn: t.announcedPayments.paidOn,
      amountMinor: t.announcedPayments.amountMinor,
      currency: t.announcedPayments.currency,
      createdAt: t.announcedPayments.createdAt,
    })
    .from(t.announcedPayments)
    .where(and(eq(t.announcedPayments.fileId, fileId), isNull(t.announcedPayments.reviewedAt)))
    .orderBy(desc(t.announcedPayments.createdAt), desc(t.announcedPayments.id))
    .limit(1);
  return row
    ? {
        paidOn: row.paidOn,
        amountMinor: row.amountMinor,
        currency: row.currency,
        announcedOn: row.createdAt.toISOString(),
      }
    : null;
}

/** One announced payment of the file, for the confirmation page. */
export async function findAnnouncedPayment(db: Database, input: { fileId: number; id: number }) {
  const row = await rowOfFile(db, t.announcedPayments, input);
  if (!row) return null;
  const receipts = await db
    .select({ id: t.uploads.id, name: t.uploads.originalName, sizeBytes: t.uploads.sizeBytes })
    .from(t.uploads)
    .where(
      and(eq(t.uploads.fileId, input.fileId), eq(t.uploads.context, 'announcedPayment'), eq(t.uploads.ownerId, row.id)),
    );
  return { ...row, receipts };
}

/** announceFormDefaults as a page calls it: it opens the database itself (decision 077). */
export const announceFormDefaultsForPage = withDatabase(announceFormDefaults);

/** findAnnouncedPayment as a page calls it: it opens the database itself (decision 077). */
export const findAnnouncedPaymentForPage = withDatabase(findAnnouncedPayment);
