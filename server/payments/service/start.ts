/**
 * Starting a payment: idempotent by (file, idempotency key), the payment row under the file's lock,
 * the portal order and the audit entry, then the provider's call outside any transaction.
 */
import { and, desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { auditDebtor } from '../../audit/log.ts';
import { loadFileFacts, todayIso, type FileFacts } from '../../claims/facts.ts';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { truncateClientAddress } from '../../security/client-address.ts';
import type { Variant } from '../../variants/config.ts';
import { publicUrl } from '../../variants/public-url.ts';
import { bankAccounts, cashSlipValidDays, paymentValidMinutes, transferValidDays } from '../config.ts';
import { markFinished, nextOpenRow, type PaymentRow } from '../booking.ts';
import { providerFee } from '../fees.ts';
import { methods, type MethodKey } from '../methods.ts';
import type { PaymentPurpose } from '../purpose.ts';
import { remittanceFor } from './instructions.ts';
import { checkoutOptionsFor } from './options.ts';
import { paymentProvider } from './provider.ts';
import { forgetAtProvider, paymentsUnderWay, sumOf, supersededBy } from './under-way.ts';

export interface CreatePaymentRequest {
  debtorId: number;
  fileId: number;
  variant: Variant;
  method: MethodKey;
  purpose: PaymentPurpose;
  /** Only for `partial`: the amount the debtor chose (already checked ≥ 0.01 and ≤ open). */
  partialAmountMinor?: number;
  idempotencyKey: string;
  language: string;
  clientAddress: string;
  /** Card: the contact data asked first (kept in the portal order's info, not in the payment). */
  contact?: { firstName: string; lastName: string; street: string; zip: string; city: string };
  now?: Date;
  /**
   * Runs in one transaction with the payment's last write when the payment goes through (a replay
   * included): the action layer writes the agency's event here (decision 087). The provider is
   * never called inside a transaction.
   */
  commit?: (tx: Database, started: PaymentStarted) => Promise<void>;
}

export type PaymentStarted = {
  ok: true;
  payment: PaymentRow;
  replayed: boolean;
  next: { kind: 'redirect'; url: string } | { kind: 'page' };
};

export type CreatePaymentResult =
  | PaymentStarted
  | { ok: false; error: 'notAvailable' | 'nothingToPay' | 'providerError' | 'guard'; payment?: PaymentRow }
  /** The idempotency key already started a payment with another method, purpose or amount: nothing is replayed. */
  | { ok: false; error: 'keyReused' }
  /** The amount is more than is still open once the payments under way are counted; `payment` is the latest of those. */
  | { ok: false; error: 'inFlight'; payment: PaymentRow | null; openMinor: number };

/** Where the debtor's own payment page is (instructions, the card iframe, the status). */
export function paymentPagePath(variant: Variant, paymentId: string): string {
  return `${variant.basePath}/checkout/pay-direct/payment/${paymentId}`;
}

/** The provider's return addresses: on the configured public address, never the request's Host. */
export function returnUrls(
  variant: Variant,
  paymentId: string,
  method: MethodKey,
): { successUrl: string; failureUrl: string } {
  if (method === 'twint' && variant.id === 'ch') {
    // The Swiss variant's own return pages (section 2.1).
    return {
      successUrl: publicUrl(variant, `/checkout/pay-direct-success?payment=${paymentId}`),
      failureUrl: publicUrl(variant, `/checkout/pay-direct-failure?payment=${paymentId}`),
    };
  }
  const back = publicUrl(variant, `/checkout/pay-direct/return?payment=${paymentId}`);
  return { successUrl: back, failureUrl: back };
}

const orderTypeOf: Record<PaymentPurpose, (typeof t.portalOrders.$inferInsert)['orderType']> = {
  openAmount: 'payDirect',
  remainder: 'payDirect',
  downPayment: 'payDirect',
  instalment: 'payDirect',
  deposit: 'payDirect',
  specialOffer: 'specialOffer',
  partial: 'partialPayment',
};

/**
 * Starts a payment: the payment row under the file's lock (one transaction), then the provider's call
 * outside any transaction, then the payment's status and `input.commit` in one last transaction.
 */
export async function createPayment(db: Database, input: CreatePaymentRequest): Promise<CreatePaymentResult> {
  const now = input.now ?? new Date();
  const existing = await findByKey(db, input.fileId, input.idempotencyKey);
  if (existing) return committedReplay(db, existing, input);

  const facts = await loadFileFacts(db, input.fileId, { today: todayIso(now) });
  if (!facts) return { ok: false, error: 'nothingToPay' };
  const options = checkoutOptionsFor(facts, input.variant, input.purpose, todayIso(now));
  if (!options.ok) return { ok: false, error: options.error === 'guard' ? 'guard' : 'nothingToPay' };
  const provider = paymentProvider(db);
  const allowed = options.methods.find((m) => m.key === input.method);
  if (!allowed || (!provider && methods[input.method].flow !== 'instructions'))
    return { ok: false, error: 'notAvailable' };
  if (provider && !provider.supports(input.method)) return { ok: false, error: 'notAvailable' };

  let amountMinor = options.amountMinor;
  if (input.purpose === 'partial') {
    if (!input.partialAmountMinor || input.partialAmountMinor < 1 || input.partialAmountMinor > options.amountMinor)
      return { ok: false, error: 'nothingToPay' };
    amountMinor = input.partialAmountMinor;
  }
  const feeMinor = providerFee(input.variant.id, input.method, amountMinor);
  const links = await linkedRows(db, facts, input.purpose);

  const id = randomUUID();
  // A claim is never paid twice (issue 11, finding 14): with the file's row locked, the amount may
  // not exceed what is open once the payments already under way (created, pending) are counted.
  const outcome = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [locked] = await tx
      .select({ totalMinor: t.files.totalMinor })
      .from(t.files)
      .where(eq(t.files.id, input.fileId))
      .for('update');
    const again = await findByKey(tx, input.fileId, input.idempotencyKey);
    if (again) return { kind: 'replay' as const, payment: again };
    if (!(await stillAsked(tx, links))) return { kind: 'gone' as const };
    const under = await paymentsUnderWay(tx, input.fileId);
    // An awaited transfer or cash slip does not block a newer payment (decision 058): those the new
    // amount would collide with, oldest first, are superseded; a payment at a provider's page
    // (minutes) still blocks.
    const superseded = supersededBy(under.rows, locked?.totalMinor ?? 0, amountMinor);
    const openMinor = Math.max(0, (locked?.totalMinor ?? 0) - under.totalMinor + sumOf(superseded));
    if (amountMinor > openMinor) return { kind: 'inFlight' as const, payment: under.latest, openMinor };
    for (const row of superseded) await markFinished(tx, row.id, 'cancelled', 'superseded', now);
    const inserted = await tx
      .insert(t.payments)
      .values({
        id,
        fileId: input.fileId,
        debtorId: input.debtorId,
        variant: input.variant.id,
        idempotencyKey: input.idempotencyKey,
        providerId: input.method,
        purpose: input.purpose,
        amountMinor,
        feeMinor,
        currency: facts.currency,
        language: input.language.slice(0, 2),
        expiresAt: expiryFor(input.method, now),
        createdAt: now,
        updatedAt: now,
        ...links,
      })
      .onConflictDoNothing()
      .returning();
    return { kind: 'created' as const, payment: inserted[0], superseded };
  });
  if (outcome.kind === 'replay') return committedReplay(db, outcome.payment, input);
  if (outcome.kind === 'gone') return { ok: false, error: 'nothingToPay' };
  if (outcome.kind === 'inFlight')
    return { ok: false, error: 'inFlight', payment: outcome.payment, openMinor: outcome.openMinor };
  const created = outcome.payment;
  // The provider forgets the superseded instructions too (money sent to them is returned, as for a
  // discarded transfer); the portal's rows are already final, so a provider that fails changes nothing.
  for (const row of outcome.superseded) await forgetAtProvider(db, row);
  if (!created) {
    // A second submit with the same key won the race: answer with its payment.
    const winner = await findByKey(db, input.fileId, input.idempotencyKey);
    return winner ? committedReplay(db, winner, input) : { ok: false, error: 'providerError' };
  }

  await db.insert(t.portalOrders).values({
    fileId: input.fileId,
    ip: truncateClientAddress(input.clientAddress),
    orderType: orderTypeOf[input.purpose],
    orderedAt: now,
    targetAmountMinor: amountMinor,
    targetDate: todayIso(now),
    feesMinor: feeMinor,
    info: JSON.stringify({
      paymentId: id,
      provider: input.method,
      purpose: input.purpose,
      ...(input.contact ? { contact: input.contact } : {}),
    }),
  });
  await auditDebtor(db, input, 'payment.created', {
    detail: { provider: input.method, purpose: input.purpose, amountMinor },
  });

  const { successUrl, failureUrl } = returnUrls(input.variant, id, input.method);
  const account = bankAccounts[input.variant.id];
  try {
    if (!provider) {
      // Online payment is off: a bank transfer still works; the agency's bank reports it.
      return await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const [pending] = await tx
          .update(t.payments)
          .set({ status: 'pending', updatedAt: now })
          .where(eq(t.payments.id, id))
          .returning();
        const started: PaymentStarted = { ok: true, payment: pending!, replayed: false, next: { kind: 'page' } };
        await input.commit?.(tx, started);
        return started;
      });
    }
    // Outside every transaction: a provider's latency never holds a connection or a lock.
    const result = await provider.createPayment({
      paymentId: id,
      method: input.method,
      chargeMinor: amountMinor + feeMinor,
      currency: facts.currency,
      remittance: remittanceFor(facts, input.language),
      successUrl,
      failureUrl,
      expiresAt: created.expiresAt,
      account,
    });
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const [pending] = await tx
        .update(t.payments)
        .set({ status: 'pending', providerReference: result.providerReference, updatedAt: now })
        .where(and(eq(t.payments.id, id), eq(t.payments.status, 'created')))
        .returning();
      const started: PaymentStarted = {
        ok: true,
        payment: pending ?? created,
        replayed: false,
        next: result.kind === 'redirect' ? { kind: 'redirect', url: result.url } : { kind: 'page' },
      };
      await input.commit?.(tx, started);
      return started;
    });
  } catch {
    const failed = await markFinished(db, id, 'failed', 'providerError', now);
    return { ok: false, error: 'providerError', payment: failed ?? created };
  }
}

/** How long a payment stays open: minutes at a provider's page, days for a cash slip or a transfer. */
export function expiryFor(method: MethodKey, now: Date): Date {
  if (method === '5') return new Date(now.getTime() + cashSlipValidDays * 86_400_000);
  if (methods[method].flow === 'instructions') return new Date(now.getTime() + transferValidDays * 86_400_000);
  return new Date(now.getTime() + paymentValidMinutes * 60_000);
}

async function findByKey(db: Database, fileId: number, key: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(t.payments)
    .where(and(eq(t.payments.fileId, fileId), eq(t.payments.idempotencyKey, key)));
  return row ?? null;
}

/**
 * Whether a request repeats the one that made `payment` (same method, same purpose, and for a part
 * the same amount), so that the key may answer with that payment. A request that names an amount
 * is compared by the amount, whatever purpose that amount read as the first time (the file may
 * have moved on since). The contact data asked before a card payment is not compared: it does
 * not change what is paid.
 */
export function repeatsRequest(
  payment: Pick<PaymentRow, 'providerId' | 'purpose' | 'amountMinor'>,
  input: Pick<CreatePaymentRequest, 'method' | 'purpose' | 'partialAmountMinor'>,
): boolean {
  if (payment.providerId !== input.method) return false;
  if (input.purpose === 'partial') return payment.amountMinor === input.partialAmountMinor;
  return payment.purpose === input.purpose;
}

/**
 * The same key again: the payment it made when the request is the same (issue 31, finding 5),
 * otherwise a refusal; another amount under the first request's key is never answered with the
 * first payment as if it were the one asked for.
 */
function replayOrRefuse(db: Database, payment: PaymentRow, input: CreatePaymentRequest): CreatePaymentResult {
  return repeatsRequest(payment, input) ? replay(db, payment) : { ok: false, error: 'keyReused' };
}

/** `replayOrRefuse`, with `input.commit` in a transaction of its own when the key answers with its payment. */
async function committedReplay(
  db: Database,
  payment: PaymentRow,
  input: CreatePaymentRequest,
): Promise<CreatePaymentResult> {
  const answer = replayOrRefuse(db, payment, input);
  if (!answer.ok || !input.commit) return answer;
  const commit = input.commit;
  await db.transaction(async (txn) => commit(txn as unknown as Database, answer));
  return answer;
}

/** A repeated submit: the same payment again; an open redirect payment sends the debtor back to the provider. */
function replay(db: Database, payment: PaymentRow): CreatePaymentResult {
  const provider = paymentProvider(db);
  if (
    provider &&
    payment.status === 'pending' &&
    payment.providerReference &&
    methods[payment.providerId as MethodKey]?.flow === 'redirect'
  ) {
    const url = provider.pageUrl(payment.providerReference, payment.providerId as MethodKey);
    if (url) return { ok: true, payment, replayed: true, next: { kind: 'redirect', url } };
  }
  return { ok: true, payment, replayed: true, next: { kind: 'page' } };
}

/**
 * Whether the offer or down payment a payment is for is still asked, under the file's lock: the
 * agency may have taken it back (decision 106) since the facts were read, and its DELETE holds
 * the file's row too, so either the DELETE sees this payment under way (409) or this sees the
 * withdrawal.
 */
async function stillAsked(db: Database, links: Partial<typeof t.payments.$inferInsert>): Promise<boolean> {
  if (links.specialOfferId) {
    const [offer] = await db
      .select({ withdrawnAt: t.specialOffers.withdrawnAt })
      .from(t.specialOffers)
      .where(eq(t.specialOffers.id, links.specialOfferId));
    return offer !== undefined && offer.withdrawnAt === null;
  }
  if (links.depositId) {
    const [deposit] = await db
      .select({ status: t.deposits.status })
      .from(t.deposits)
      .where(eq(t.deposits.id, links.depositId));
    return deposit?.status === 'pending';
  }
  return true;
}

async function linkedRows(
  db: Database,
  facts: FileFacts,
  purpose: PaymentPurpose,
): Promise<Partial<typeof t.payments.$inferInsert>> {
  switch (purpose) {
    case 'downPayment':
    case 'deposit': {
      const kind = purpose === 'downPayment' ? 'downPayment' : 'deposit';
      const [row] = await db
        .select({ id: t.deposits.id })
        .from(t.deposits)
        .where(and(eq(t.deposits.fileId, facts.fileId), eq(t.deposits.kind, kind), eq(t.deposits.status, 'pending')))
        .orderBy(desc(t.deposits.id))
        .limit(1);
      return row ? { depositId: row.id } : {};
    }
    case 'instalment': {
      const row = await nextOpenRow(db, facts.fileId);
      return row ? { instalmentRowId: row.id } : {};
    }
    case 'specialOffer': {
      const [row] = await db
        .select({ id: t.specialOffers.id })
        .from(t.specialOffers)
        .where(eq(t.specialOffers.fileId, facts.fileId))
        .orderBy(desc(t.specialOffers.id))
        .limit(1);
      return row ? { specialOfferId: row.id } : {};
    }
    default:
      return {};
  }
}
