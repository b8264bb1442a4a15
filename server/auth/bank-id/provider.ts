/**
 * The bank-identity adapter: what the portal needs from an identity provider, and nothing more.
 * Two flows, modelled on the real services (spec section 7, "Bank identity login"):
 *
 * - Sweden (BankID, app-based order flow): `startOrder` (POST Auth) opens an order, the debtor
 *   confirms it in the BankID app, the portal polls `collect` (POST Collect) every two seconds
 *   until the order is complete or failed, and may `cancel` it (POST Cancel). Hints and reasons
 *   use the names of the BankID relying-party API so that a real adapter maps them one to one.
 * - Norway (BankID, OpenID Connect redirect flow): `authorizationUrl` (GET GetAuthUrl) opens a
 *   login and gives the address to send the browser to; the provider sends it back to the
 *   portal's callback with `code` and `state`, and `exchangeCode` (POST AuthenticateNo) turns
 *   them into the verified identity, once.
 *
 * Privacy rule of the interface: a provider never hands the personal identity number to the
 * portal in clear. A real adapter receives it from its service (completionData.user.personalNumber,
 * the id token's nnin claim), passes it through `hashPersonalNumber` (server/auth/bank-id/personal-number.ts) at
 * once and returns only the keyed hash, which is what `debtors.personalNumberHash` holds.
 *
 * This module has no imports: the sandbox page's form schema uses `parsePersonalNumber` in the browser.
 */

export type BankIdCountry = 'SE' | 'NO';

/**
 * The personal identity number as a person types it: Sweden 12 digits (YYYYMMDDNNNN,
 * optionally with - or + before the last four), Norway 11 digits (DDMMYY NNNNN). Checksums are
 * not verified: the demo numbers are invented. Returns the digits, or null.
 */
export function parsePersonalNumber(country: BankIdCountry, value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  if (country === 'SE') return /^\d{8}[-+]?\d{4}$/.test(compact) ? compact.replace(/\D/g, '') : null;
  return /^\d{11}$/.test(compact) ? compact : null;
}

/** Why an order is still pending (BankID hintCode values). */
export const pendingHints = ['outstandingTransaction', 'noClient', 'started', 'userSign'] as const;
export type PendingHint = (typeof pendingHints)[number];

/** Why an order failed, as BankID's hintCode says. */
const failedHints = ['userCancel', 'expiredTransaction', 'certificateErr', 'startFailed', 'cancelled'] as const;

/**
 * Why an order failed: a BankID hintCode, or `unknownOrder` for an order the provider does not know
 * (never started, already collected, or removed).
 */
export const failedReasons = [...failedHints, 'unknownOrder'] as const;
export type FailedReason = (typeof failedReasons)[number];

/** Who signed, as the portal may know it: the keyed hash of the personal identity number. */
export interface VerifiedIdentity {
  personalNumberHash: string;
}

export interface StartedOrder {
  orderRef: string;
  /**
   * Where the debtor confirms the order on this device. For real BankID this is
   * `bankid:///?autostarttoken=…&redirect=null`; for the sandbox its page in this portal.
   */
  launchUrl: string;
  expiresAt: Date;
}

export type CollectResult =
  | { status: 'pending'; hint: PendingHint }
  | { status: 'complete'; identity: VerifiedIdentity }
  | { status: 'failed'; reason: FailedReason };

export interface AuthorizationRequest {
  orderRef: string;
  /** Random value the provider returns with the code; the portal keeps it to compare. */
  state: string;
  /** Where to send the browser. */
  url: string;
  expiresAt: Date;
}

export type ExchangeResult =
  | { ok: true; orderRef: string; identity: VerifiedIdentity }
  | { ok: false; reason: 'invalidCode' | 'stateMismatch' | 'expired' };

/** Sweden: the app-based order flow. */
export interface BankIdOrderFlow {
  /** POST Auth. `endUserIp` is the debtor's address, as BankID requires it. */
  startOrder(input: { endUserIp: string }): Promise<StartedOrder>;
  /**
   * POST Collect. A complete order is handed out once; collecting it again answers
   * `failed/unknownOrder`, as the real service does.
   */
  collect(orderRef: string): Promise<CollectResult>;
  /** POST Cancel. True when a pending order was cancelled, false when there was nothing to cancel. */
  cancel(orderRef: string): Promise<boolean>;
}

/** Norway: the redirect flow with code and state. */
export interface BankIdRedirectFlow {
  /** GET GetAuthUrl. `redirectUri` is the portal's callback (an absolute URL or a path on this host). */
  authorizationUrl(input: { redirectUri: string }): Promise<AuthorizationRequest>;
  /**
   * POST AuthenticateNo. Refuses an unknown or already used code, a state that does not belong to
   * the code, and an expired login. A code counts as used after any exchange attempt.
   */
  exchangeCode(code: string, state: string): Promise<ExchangeResult>;
}

export interface BankIdProvider extends BankIdOrderFlow, BankIdRedirectFlow {
  /** Short name for logs and the audit trail ("sandbox", "bankid-se", …). */
  readonly id: string;
  /** True only for the built-in sandbox: pages say so, and the sandbox app pages exist. */
  readonly isSandbox: boolean;
}
