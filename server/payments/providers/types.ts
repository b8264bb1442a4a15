/**
 * One interface for every payment provider (conventions: "one adapter per provider behind one
 * interface, the sandbox among them"). The portal's payment service (../service/) talks only to
 * this interface: it creates a payment and gets back where the debtor goes next (a redirect URL,
 * an embedded form for an iframe, or instructions to show); it learns the outcome from the
 * browser's return, from a signed webhook, or by asking the status; it can cancel.
 *
 * A provider never books anything. It reports; the service moves the payment through its state
 * machine (../state.ts) and books a paid payment exactly once.
 */
import type { MethodKey } from '../methods.ts';

export interface CreatePaymentInput {
  /** The portal's payment id: the merchant reference echoed in webhooks and returns. */
  paymentId: string;
  method: MethodKey;
  /** What the debtor pays in total: the amount plus the provider fee, minor units. */
  chargeMinor: number;
  currency: string;
  /** Remittance text for transfers and the description on the provider's page. */
  remittance: string;
  /** Absolute URLs the provider sends the browser back to. */
  successUrl: string;
  failureUrl: string;
  expiresAt: Date;
  /** Bank transfer and paying oneself: the account the money goes to. */
  account: { recipient: string; iban: string; bic: string };
}

export type Instructions =
  | { type: 'bankTransfer'; recipient: string; iban: string; bic: string; remittance: string }
  | { type: 'cash'; slipNumber: string; validUntil: string };

export type CreatePaymentResult =
  | { kind: 'redirect'; providerReference: string; url: string }
  | { kind: 'embedded'; providerReference: string; iframeUrl: string }
  | { kind: 'instructions'; providerReference: string; instructions: Instructions; url: string };

/** What the provider says about one payment. */
export type ProviderOutcome = 'open' | 'paid' | 'failed' | 'cancelled' | 'expired';

export interface ProviderStatus {
  outcome: ProviderOutcome;
  /** On failure: declined, timeout, providerError … */
  reason?: string;
  amountMinor: number;
  currency: string;
}

export interface WebhookEvent {
  eventId: string;
  providerReference: string;
  merchantReference: string;
  outcome: ProviderOutcome;
  reason?: string;
  amountMinor: number;
  currency: string;
}

export type WebhookVerification =
  { ok: true; event: WebhookEvent } | { ok: false; error: 'signature' | 'stale' | 'malformed' };

export interface PaymentProvider {
  readonly name: string;
  supports(method: MethodKey): boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  /** The instructions again (bank transfer details, cash slip) for a payment already created. */
  instructions(
    providerReference: string,
    input: Pick<CreatePaymentInput, 'account' | 'remittance'>,
  ): Promise<Instructions | null>;
  /** The browser came back; `query` is what the provider appended. The status is asked, never trusted from the URL. */
  handleReturn(providerReference: string, query: URLSearchParams): Promise<ProviderStatus | null>;
  /** Checks the signature on the raw body; never throws on bad input. */
  verifyWebhook(rawBody: string, headers: Headers): WebhookVerification;
  getStatus(providerReference: string): Promise<ProviderStatus | null>;
  cancel(providerReference: string): Promise<ProviderStatus | null>;
  /** The provider's page for an open payment (to go back to it, or the card form's iframe address), or null. */
  pageUrl(providerReference: string, method: MethodKey): string | null;
}
