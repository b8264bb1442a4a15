/**
 * The portal's payment service: everything a route, a JSON API or the assistant does with a
 * payment goes through these functions. Framework-free; typed input, typed results.
 *
 *   checkoutOptions  what the file may pay now, with which methods, at which fee
 *   createPayment    idempotent by (file, idempotency key); writes the portal order; asks the provider
 *   syncPayment      asks the provider for the status (the browser's return, a page reload) and books once
 *   receiveWebhook   verifies the signature on the raw body, then the same idempotent step
 *   cancelPayment    the debtor leaves the provider's page and chooses again
 */
import { truncateClientAddress } from '../security/client-address.ts';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { audit } from '../audit/log.ts';
import { mailRecipient } from '../auth/access.ts';
import type { ActiveSession } from '../auth/session.ts';
import { loadFileFacts, todayIso, type FileFacts } from '../claims/facts.ts';
import { paymentStatusGuard, sepaGuard, type GuardDecision } from '../claims/guards.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { consume } from '../limits/rate-limits.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { variants, type Variant, type VariantId } from '../variants/config.ts';
import { isLanguage } from '../i18n/languages.ts';
import { qrReference, splitStreet, swissQrBillSvg } from './swiss-qr-bill.ts';
import { allowedMethods, type AllowedPurpose } from './allowed-methods.ts';
import { bankAccounts, cashSlipValidDays, paymentConfig, paymentValidMinutes, transferValidDays } from './config.ts';
import { bookPayment, markFinished, nextOpenRow, type PaymentRow } from './booking.ts';
import { feeRuleOf, providerFee } from './fees.ts';
import type { FeeRule } from './fee-rule.ts';
import { methodKey, methods, type MethodKey } from './methods.ts';
import { SandboxPaymentProvider } from './providers/sandbox.ts';
import type { Instructions, PaymentProvider, ProviderStatus } from './providers/types.ts';
import { allowedPurposeOf, amountFor, type PaymentPurpose } from './purpose.ts';
import { publicUrl } from '../variants/public-url.ts';
import { transferReferenceText } from '../mail/templates.ts';

export type { PaymentRow } from './booking.ts';

/** The configured provider, or null when online payment is off. */
export function paymentProvider(db: Database): PaymentProvider | null {
  const config = paymentConfig();
  if (config.provider === 'off') return null;
  return sandboxProvider(db);
}

/** The sandbox provider (its pages need its own functions), or null when it is not configured. */
export function sandboxProvider(db: Database): SandboxPaymentProvider | null {
  const config = paymentConfig();
  if (config.provider !== 'sandbox') return null;
  return new SandboxPaymentProvider(db, {
    secret: config.webhookSecret,
    // In-process stand-in for the provider's server-to-server POST to the webhook route.
    deliver: (rawBody, headers) => receiveWebhook(db, rawBody, headers),
  });
}

// ── What the file may pay ──────────────────────────────────────────────────────────────────

export interface MethodOption {
  key: MethodKey;
  feeMinor: number;
  /** The rule behind the fee, so that a partial payment's fee follows the amount typed. */
  feeRule: FeeRule | null;
  flow: (typeof methods)[MethodKey]['flow'];
}

export type CheckoutOptions =
  | {
      ok: true;
      facts: FileFacts;
      purpose: PaymentPurpose;
      amountMinor: number;
      currency: string;
      methods: MethodOption[];
    }
  | { ok: false; error: 'nothingToPay'; facts: FileFacts; purpose: PaymentPurpose }
  | { ok: false; error: 'guard'; decision: NonNullable<GuardDecision> };

/** Guards of section 2.3 for pay-direct: the payment-status guard for paying an agreed instalment, the SEPA guard always. */
export function checkoutGuard(facts: FileFacts, purpose: PaymentPurpose): GuardDecision {
  const sepa = sepaGuard(facts);
  if (sepa) return sepa;
  if (purpose === 'instalment' || purpose === 'remainder') return paymentStatusGuard(facts);
  return null;
}

export function checkoutOptionsFor(
  facts: FileFacts,
  variant: Variant,
  purpose: PaymentPurpose,
  today: string,
): CheckoutOptions {
  const decision = checkoutGuard(facts, purpose);
  if (decision) return { ok: false, error: 'guard', decision };
  const amountMinor = amountFor(facts, purpose, today);
  if (amountMinor === null || facts.functionsBlocked) return { ok: false, error: 'nothingToPay', facts, purpose };
  return {
    ok: true,
    facts,
    purpose,
    amountMinor,
    currency: facts.currency,
    methods: methodOptionsFor(facts, variant, allowedPurposeOf(purpose), amountMinor),
  };
}

/**
 * The methods the file may use for an allowed-methods purpose (section 6) and amount, with their
 * fees, in the variant's order: the pay-direct page's list and the JSON API's
 * GetAllowedPaymentMethods variants (an instalment plan's or an extension's methods too).
 */
export function methodOptionsFor(
  facts: Pick<FileFacts, 'currency' | 'functionsBlocked'>,
  variant: Variant,
  purpose: AllowedPurpose,
  amountMinor: number,
): MethodOption[] {
  const keys = allowedMethods({
    variantMethods: variant.paymentProviders.map(methodKey),
    purpose,
    currency: facts.currency,
    amountMinor,
    functionsBlocked: facts.functionsBlocked,
    providerOnline: paymentConfig().provider !== 'off',
  });
  return keys.map((key) => ({
    key,
    feeMinor: providerFee(variant.id, key, amountMinor),
    feeRule: feeRuleOf(variant.id, key),
    flow: methods[key].flow,
  }));
}

// ── Creating a payment ─────────────────────────────────────────────────────────────────────

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

function fileReference(facts: Pick<FileFacts, 'refno' | 'subcase'>): string {
  return `${facts.refno}${facts.subcase > 1 ? `-${facts.subcase}` : ''}`;
}

/** The remittance text in the debtor's language (the payment's), e.g. "Az 100000001" or "Ärende 400000001". */
export function remittanceFor(facts: Pick<FileFacts, 'refno' | 'subcase'>, language: string): string {
  return transferReferenceText(language, fileReference(facts));
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
  await audit(db, {
    actor: 'debtor',
    action: 'payment.created',
    debtorId: input.debtorId,
    fileId: input.fileId,
    clientAddress: input.clientAddress,
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

/** Payments of the file started but not yet paid or given up: their money may still arrive. Newest first. */
export async function paymentsUnderWay(
  db: Database,
  fileId: number,
): Promise<{ totalMinor: number; latest: PaymentRow | null; rows: PaymentRow[] }> {
  const rows = await db
    .select()
    .from(t.payments)
    .where(and(eq(t.payments.fileId, fileId), inArray(t.payments.status, ['created', 'pending'])))
    .orderBy(desc(t.payments.createdAt));
  return { totalMinor: sumOf(rows), latest: rows[0] ?? null, rows };
}

const sumOf = (rows: readonly Pick<PaymentRow, 'amountMinor'>[]) => rows.reduce((sum, row) => sum + row.amountMinor, 0);

/** An awaited transfer or cash slip: instructions the debtor may follow for days (not a provider's page). */
export function isAwaitedInstructions(payment: Pick<PaymentRow, 'providerId' | 'status'>): boolean {
  return (
    (payment.status === 'pending' || payment.status === 'created') &&
    methods[payment.providerId as MethodKey]?.flow === 'instructions'
  );
}

/**
 * The awaited transfers and cash slips (of `under`, newest first) that a new payment of
 * `amountMinor` replaces (decision 058): none while it fits beside everything under way, else the
 * oldest first until it fits. Payments at a provider's page are never superseded; when the
 * amount does not fit even without the awaited instructions, nothing is (the caller refuses).
 */
export function supersededBy(under: readonly PaymentRow[], totalMinor: number, amountMinor: number): PaymentRow[] {
  let openMinor = totalMinor - sumOf(under);
  const superseded: PaymentRow[] = [];
  for (const row of [...under].reverse()) {
    if (amountMinor <= openMinor) break;
    if (!isAwaitedInstructions(row)) continue;
    superseded.push(row);
    openMinor += row.amountMinor;
  }
  return amountMinor <= openMinor ? superseded : [];
}

/** Tells the provider that a superseded payment's instructions are void; a failure is logged by nobody and changes nothing. */
async function forgetAtProvider(db: Database, payment: PaymentRow): Promise<void> {
  const provider = paymentProvider(db);
  if (!provider || !payment.providerReference) return;
  await provider.cancel(payment.providerReference).catch(() => null);
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

// ── Reading and moving a payment ───────────────────────────────────────────────────────────

/** A payment of the session's own file; another file's payment id is as unknown as a made-up one. */
export async function paymentForFile(db: Database, fileId: number, paymentId: string): Promise<PaymentRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(paymentId)) return null;
  const [row] = await db
    .select()
    .from(t.payments)
    .where(and(eq(t.payments.id, paymentId), eq(t.payments.fileId, fileId)));
  return row ?? null;
}

/** Applies what the provider says; books a paid payment once. Returns the payment as it is now. */
export async function applyProviderStatus(
  db: Database,
  payment: PaymentRow,
  status: ProviderStatus | null,
  now = new Date(),
): Promise<PaymentRow> {
  return (await applyStatus(db, payment, status, now)).payment;
}

/** The same, telling whether this call is the one that booked the payment (never two callers). */
async function applyStatus(
  db: Database,
  payment: PaymentRow,
  status: ProviderStatus | null,
  now = new Date(),
): Promise<{ payment: PaymentRow; booked: boolean }> {
  if (!status) return { payment, booked: false };
  let current: PaymentRow | null = payment;
  let booked = false;
  switch (status.outcome) {
    case 'paid': {
      const result = await bookPayment(db, payment.id, status, now);
      current = result.payment;
      booked = result.booked;
      if (result.booked && result.payment) await afterBooking(db, result.payment);
      break;
    }
    case 'failed':
      current = await markFinished(db, payment.id, 'failed', status.reason ?? 'declined', now);
      break;
    case 'cancelled':
      current = await markFinished(db, payment.id, 'cancelled', 'cancelled', now);
      break;
    case 'expired':
      current = await markFinished(db, payment.id, 'expired', 'timeout', now);
      break;
    case 'open':
      break;
  }
  if (current) return { payment: current, booked };
  const [again] = await db.select().from(t.payments).where(eq(t.payments.id, payment.id));
  return { payment: again ?? payment, booked };
}

/** How long the browser's return waits for the provider's status before showing the payment as pending. */
export const providerStatusTimeoutMs = 8_000;

/**
 * The browser came back from the provider (or the payment page is reloaded): ask, then apply.
 * A provider that does not answer in time (or fails) changes nothing: the payment stays pending,
 * the page says so, and the provider's webhook settles it later (issue 18, faults).
 */
export async function syncPayment(
  db: Database,
  payment: PaymentRow,
  query: URLSearchParams = new URLSearchParams(),
  options: { provider?: PaymentProvider | null; timeoutMs?: number } = {},
): Promise<PaymentRow> {
  if (payment.status !== 'pending' || !payment.providerReference) return payment;
  const provider = options.provider === undefined ? paymentProvider(db) : options.provider;
  if (!provider) return payment;
  let timer: NodeJS.Timeout | undefined;
  const status = await Promise.race([
    provider.handleReturn(payment.providerReference, query),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), options.timeoutMs ?? providerStatusTimeoutMs);
    }),
  ])
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  return applyProviderStatus(db, payment, status);
}

export async function cancelPayment(db: Database, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'pending' && payment.status !== 'created') return payment;
  const provider = paymentProvider(db);
  const status = provider && payment.providerReference ? await provider.cancel(payment.providerReference) : null;
  if (status) return applyProviderStatus(db, payment, status);
  return (await markFinished(db, payment.id, 'cancelled', 'cancelled')) ?? payment;
}

export type WebhookResult = { status: 200; booked: boolean } | { status: 400 | 401 | 404; error: string };

/**
 * A provider's webhook (or TWINT's postback): the signature on the raw body decides; a bad or
 * stale signature is 401, a malformed body 400, an unknown payment 404; a repeated event is
 * answered 200 and books nothing.
 */
export async function receiveWebhook(db: Database, rawBody: string, headers: Headers): Promise<WebhookResult> {
  const provider = paymentProvider(db);
  if (!provider) return { status: 404, error: 'no provider' };
  const verified = provider.verifyWebhook(rawBody, headers);
  if (!verified.ok)
    return verified.error === 'malformed'
      ? { status: 400, error: 'malformed' }
      : { status: 401, error: verified.error };
  const event = verified.event;
  if (!/^[0-9a-f-]{36}$/.test(event.merchantReference)) return { status: 404, error: 'unknown payment' };
  const [payment] = await db.select().from(t.payments).where(eq(t.payments.id, event.merchantReference));
  if (!payment || payment.providerReference !== event.providerReference)
    return { status: 404, error: 'unknown payment' };
  // Booked is what the conditional booking says: of two identical webhooks racing, one only.
  const { booked } = await applyStatus(db, payment, {
    outcome: event.outcome,
    reason: event.reason,
    amountMinor: event.amountMinor,
    currency: event.currency,
  });
  return { status: 200, booked };
}

/** The provider's page for an open payment (the card form for the iframe, or where to continue). */
export function providerPageUrl(db: Database, payment: PaymentRow): string | null {
  const provider = paymentProvider(db);
  return provider && payment.providerReference
    ? provider.pageUrl(payment.providerReference, payment.providerId as MethodKey)
    : null;
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
          name: debtor.companyName ?? [debtor.firstName, debtor.lastName].filter(Boolean).join(' '),
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

async function afterBooking(db: Database, payment: PaymentRow): Promise<void> {
  const [row] = await db
    .select({
      email: t.debtors.email,
      firstName: t.debtors.firstName,
      lastName: t.debtors.lastName,
      companyName: t.debtors.companyName,
      salutation: t.debtors.salutation,
      refno: t.files.refno,
      subcase: t.files.subcase,
    })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(eq(t.files.id, payment.fileId));
  await audit(db, {
    actor: 'system',
    action: 'payment.booked',
    debtorId: payment.debtorId,
    fileId: payment.fileId,
    detail: { provider: payment.providerId, purpose: payment.purpose, amountMinor: payment.amountMinor },
  });
  if (!row?.email) return;
  await enqueueMail(db, {
    to: row.email,
    template: 'paymentConfirmation',
    language: payment.language,
    variant: payment.variant,
    fileId: payment.fileId,
    data: {
      name: row.companyName ?? [row.firstName, row.lastName].filter(Boolean).join(' '),
      salutation: row.salutation,
      reference: `${row.refno}${row.subcase > 1 ? `-${row.subcase}` : ''}`,
      amount: { amountMinor: payment.amountMinor, currency: payment.currency },
      provider: payment.providerId,
      purpose: payment.purpose,
      paidAt: (payment.paidAt ?? new Date()).toISOString(),
    },
  });
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
): Promise<
  | { ok: true; to: string; stored: boolean }
  | { ok: false; error: 'needsFullLogin' | 'noAddress' }
  | { ok: false; error: 'rateLimited'; retryAfterSeconds: number }
> {
  const recipient = await mailRecipient(db, input.session, input.to);
  if (!recipient.ok) return recipient;
  const limit = await consume(db, 'transferMail', String(input.payment.fileId));
  if (!limit.ok) return { ok: false, error: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
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

// ── Feedback after paying or leaving (section 7 createPaymentFeedback, LeftWithoutPaymentFeedback) ──

export async function savePaymentFeedback(
  db: Database,
  input: {
    fileId: number;
    source: 'payment' | 'leftWithoutPayment';
    stars: number | null;
    comment: string | null;
    paymentMethod: string | null;
    paymentProvider: string | null;
  },
): Promise<void> {
  await db.insert(t.feedback).values({
    fileId: input.fileId,
    source: input.source,
    stars: input.stars,
    freeText: input.comment,
    paymentMethod: input.paymentMethod,
    paymentProvider: input.paymentProvider,
  });
}

/**
 * Whether the file has given feedback of this kind since a payment was started (one per payment:
 * the confirmation page's form and the API's createPaymentFeedback and CheckPaymentFeedback).
 */
export async function paymentFeedbackGiven(
  db: Database,
  input: { fileId: number; source: 'payment' | 'leftWithoutPayment'; since: Date },
): Promise<boolean> {
  const rows = await db
    .select({ id: t.feedback.id })
    .from(t.feedback)
    .where(
      and(
        eq(t.feedback.fileId, input.fileId),
        eq(t.feedback.source, input.source),
        gte(t.feedback.createdAt, input.since),
      ),
    )
    .limit(1);
  return rows.length > 0;
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

/** receiveWebhook as a page calls it: it opens the database itself (decision 077). */
export const receiveWebhookForPage = withDatabase(receiveWebhook);
