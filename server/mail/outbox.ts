/**
 * The transactional outbox: a mail is a row written in the same transaction as the change it
 * reports; a worker delivers pending rows. Nothing is sent from inside a request.
 *
 * `MailData` is the contract between the code that writes a mail and the templates that render
 * it (server/mail/templates): one entry per template, with exactly the data it needs. Money is
 * in minor units with its currency, dates are ISO strings; the template formats them for the
 * mail's language and variant.
 */
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { PlanRow } from '../instalments/plan.ts';

interface Addressee {
  /** Full name or company name; empty when unknown. */
  name: string;
  /** 1 Mr, 2 Ms, 3 company (section 3, profile). */
  salutation: number;
}

interface Money {
  amountMinor: number;
  currency: string;
}

export interface MailData {
  /** A link to set a new password (server/auth/password-reset.ts). */
  passwordReset: Addressee & { link: string; validMinutes: number };
  /** The agency confirms that the file is settled and closed (notice of completion). */
  noticeOfCompletion: Addressee & { reference: string; creditor: string; settledOn: string };
  /** The repayment plan, after an agreement or on request from /installment-plan. */
  instalmentPlan: Addressee & {
    reference: string;
    monthly: Money;
    firstDueOn: string;
    instalmentCount: number;
    /** Instalment fee, expenses and VAT, as agreed (the costs are repeated in writing). */
    fees: Array<{ kind: 'instalmentFee' | 'expenses' | 'vat' | 'settlementFee' | 'deferralFee'; amountMinor: number }>;
    total: Money;
    /** The plan's rows as the plan has them (server/instalments/plan.ts). */
    rows: PlanRow[];
    /**
     * A plan paid by SEPA direct debit: the rates are collected from this account (masked) under
     * this mandate, each on its date (issue 25, finding 8); absent for plans paid by the debtor.
     */
    directDebit?: { mandateReference: string; account: string };
  };
  /** Bank transfer details for paying by transfer, with the EPC QR code as a PNG data URL. */
  bankTransferDetails: Addressee & {
    reference: string;
    amount: Money;
    recipient: string;
    iban: string;
    bic: string;
    remittance: string;
    qrPngDataUrl: string | null;
  };
  /** A payment was received through a provider. */
  paymentConfirmation: Addressee & {
    reference: string;
    amount: Money;
    provider: string;
    purpose: string;
    paidAt: string;
  };
  /** A deferral (pay later) was agreed. */
  deferralConfirmation: Addressee & { reference: string; payBy: string; fee: Money | null };
  /** To the agency: a debtor's message from /service/contact or the assistant. */
  agencyMessage: {
    reference: string;
    subjectId: number;
    subSubject: string | null;
    body: string;
    replyEmail: string | null;
    replyPhone: string | null;
    attachmentCount: number;
    fromAssistant: boolean;
  };
  /** To the agency: a callback request. */
  agencyCallback: {
    reference: string;
    phone: string;
    reason: string;
    weekday: number;
    timeOfDay: string;
    hour: string;
  };
  /** To the agency: a payment the debtor says was already made. */
  agencyAnnouncedPayment: {
    reference: string;
    payee: string;
    paidOn: string;
    amount: Money;
    payerName: string;
    receiptCount: number;
  };
  /**
   * To the agency: a debtor disputes the claim online (download center). The file is marked
   * disputed and reminders pause until the objection is reviewed.
   */
  agencyDispute: {
    reference: string;
    reason: 'notMyDebt' | 'goodsNotReceived' | 'goodsReturned' | 'identityTheft';
    statement: string;
    /** ISO date the goods were sent back (goodsReturned only). */
    dateGoodsReturn: string | null;
    evidenceCount: number;
    debtorName: string;
    replyEmail: string | null;
    disputedAt: string;
  };
  /**
   * To the agency: a debtor in hardship asks for a breathing space (/service/hardship, decision
   * 068). Collection and reminders pause until `pausedUntil` while the agency reviews it.
   */
  agencyHardship: {
    reference: string;
    reason: 'jobLoss' | 'illness' | 'bereavement' | 'separation' | 'other';
    statement: string | null;
    income: Money | null;
    expenses: Money | null;
    pausedUntil: string;
    debtorName: string;
    replyEmail: string | null;
    requestedAt: string;
    fromAssistant: boolean;
  };
  /** To the debtor: the message, callback or announcement was received. */
  receipt: Addressee & {
    reference: string;
    kind: 'message' | 'callback' | 'announcedPayment' | 'documents' | 'profileChange' | 'dispute' | 'hardship';
    /** For `callback`: the slot booked (weekday 1 = Monday, hour "HH:MM") and the number called. */
    callback?: { weekday: number; hour: string; phone: string };
    /** For `hardship`: the last day collection is paused. */
    pausedUntil?: string;
  };
}

export type MailTemplate = keyof MailData;

export interface OutgoingMail<K extends MailTemplate = MailTemplate> {
  to: string;
  template: K;
  language: string;
  variant: string;
  fileId?: number | null;
  data: MailData[K];
}

export async function enqueueMail<K extends MailTemplate>(db: Database, mail: OutgoingMail<K>): Promise<number> {
  const [row] = await db
    .insert(t.mailOutbox)
    .values({
      toAddress: mail.to,
      template: mail.template,
      language: mail.language.slice(0, 2),
      variant: mail.variant,
      fileId: mail.fileId ?? null,
      data: mail.data as unknown as Record<string, unknown>,
    })
    .returning({ id: t.mailOutbox.id });
  return row!.id;
}
