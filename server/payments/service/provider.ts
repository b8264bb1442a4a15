/**
 * The payment provider's side of a payment: which provider is configured, and what it says about a
 * payment applied once (the browser's return, a page reload, the webhook), with the booking's
 * audit entry and confirmation mail.
 */
import { eq } from 'drizzle-orm';
import { audit } from '../../audit/log.ts';
import { withDatabase, type Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { fileAddressee } from '../../mail/addressee.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { paymentConfig } from '../config.ts';
import { bookPayment, markFinished, type PaymentRow } from '../booking.ts';
import type { MethodKey } from '../methods.ts';
import { SandboxPaymentProvider } from '../providers/sandbox.ts';
import type { PaymentProvider, ProviderStatus } from '../providers/types.ts';

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

async function afterBooking(db: Database, payment: PaymentRow): Promise<void> {
  const row = await fileAddressee(db, payment.fileId);
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
      name: row.name,
      salutation: row.salutation,
      reference: row.reference,
      amount: { amountMinor: payment.amountMinor, currency: payment.currency },
      provider: payment.providerId,
      purpose: payment.purpose,
      paidAt: (payment.paidAt ?? new Date()).toISOString(),
    },
  });
}

/** receiveWebhook as a page calls it: it opens the database itself (decision 077). */
export const receiveWebhookForPage = withDatabase(receiveWebhook);
