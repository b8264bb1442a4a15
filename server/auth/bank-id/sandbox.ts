/**
 * The built-in sandbox identity provider. It behaves like the real services in everything the
 * portal can see (orders, hints, expiry, cancel, single-use results, code and state), but the
 * "identity app" is a page of this portal (app/routes/sandbox.bankid.$orderRef.tsx) where anyone
 * can confirm an order for any personal number. It must therefore never be the provider of a
 * production deployment that real debtors use; see factory.ts.
 *
 * Orders live in the table bank_id_orders. Every state change is one conditional UPDATE, so two
 * requests racing for the same order (a double click, two polls) cannot both win.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { hashPersonalNumber } from './personal-number.ts';
import * as t from '../../db/schema.ts';
import { randomToken, safeEqual, sha256Hex } from '../../security/crypto.ts';
import {
  failedReasons,
  parsePersonalNumber,
  pendingHints,
  type AuthorizationRequest,
  type BankIdCountry,
  type BankIdProvider,
  type CollectResult,
  type ExchangeResult,
  type FailedReason,
  type PendingHint,
  type StartedOrder,
} from './provider.ts';

/** Where the sandbox "identity app" lives: a top-level path, outside every variant. */
export const sandboxAppPath = '/sandbox/bankid';

/** A Swedish order must be confirmed within three minutes (as with real BankID). */
export const swedishOrderMinutes = 3;
/** A Norwegian login (authorization, then code exchange) must end within ten minutes. */
export const norwegianLoginMinutes = 10;

const orderRefPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export interface SandboxOrderView {
  orderRef: string;
  country: BankIdCountry;
  status: 'pending' | 'complete' | 'failed' | 'cancelled';
  hint: string | null;
  expiresAt: Date;
  /** The order was already answered in the app (or cancelled, or expired). */
  finished: boolean;
}

export type SandboxAnswer =
  | { ok: true; country: 'SE' }
  | { ok: true; country: 'NO'; redirectTo: string }
  | { ok: false; error: 'notFound' | 'expired' | 'finished' | 'invalidPersonalNumber' };

export interface SandboxOptions {
  /** The clock; tests move it to check expiry. */
  now?: () => Date;
}

type OrderRow = typeof t.bankIdOrders.$inferSelect;

export class SandboxBankIdProvider implements BankIdProvider {
  readonly id = 'sandbox';
  readonly isSandbox = true;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    options: SandboxOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** A new pending order of the country that expires after `minutes` (Norway's carries its state and redirect address). */
  private async placeOrder(
    country: 'SE' | 'NO',
    minutes: number,
    redirect: { state: string; redirectUri: string } | null = null,
  ): Promise<{ orderRef: string; expiresAt: Date }> {
    const now = this.now();
    const orderRef = randomUUID();
    const expiresAt = new Date(now.getTime() + minutes * 60_000);
    await this.db.insert(t.bankIdOrders).values({
      orderRef,
      country,
      status: 'pending',
      hint: 'outstandingTransaction',
      ...redirect,
      createdAt: now,
      expiresAt,
    });
    return { orderRef, expiresAt };
  }

  // ── Sweden: the order flow ────────────────────────────────────────────────────────────────

  async startOrder(_input: { endUserIp: string }): Promise<StartedOrder> {
    const { orderRef, expiresAt } = await this.placeOrder('SE', swedishOrderMinutes);
    return { orderRef, launchUrl: `${sandboxAppPath}/${orderRef}`, expiresAt };
  }

  async collect(orderRef: string): Promise<CollectResult> {
    const now = this.now();
    const order = await this.find(orderRef);
    if (!order || order.country !== 'SE' || order.collectedAt) return failed('unknownOrder');
    switch (order.status) {
      case 'pending':
        if (order.expiresAt <= now) {
          await this.expire(order.orderRef);
          return failed('expiredTransaction');
        }
        return { status: 'pending', hint: asPendingHint(order.hint) };
      case 'complete': {
        const personalNumberHash = await this.takeCompleted(order.orderRef, now);
        if (!personalNumberHash) return failed('unknownOrder');
        return { status: 'complete', identity: { personalNumberHash } };
      }
      case 'failed':
        return failed(asFailedReason(order.hint));
      case 'cancelled':
        return failed('cancelled');
    }
  }

  /**
   * Marks a completed order collected, once: the identity's hash, or null when the order is not
   * complete or was collected before (Sweden's collect and Norway's code exchange alike).
   */
  private async takeCompleted(orderRef: string, now: Date): Promise<string | null> {
    const [taken] = await this.db
      .update(t.bankIdOrders)
      .set({ collectedAt: now })
      .where(
        and(
          eq(t.bankIdOrders.orderRef, orderRef),
          eq(t.bankIdOrders.status, 'complete'),
          isNull(t.bankIdOrders.collectedAt),
        ),
      )
      .returning({ personalNumberHash: t.bankIdOrders.personalNumberHash });
    return taken?.personalNumberHash || null;
  }

  async cancel(orderRef: string): Promise<boolean> {
    if (!orderRefPattern.test(orderRef)) return false;
    const rows = await this.db
      .update(t.bankIdOrders)
      .set({ status: 'cancelled', hint: 'cancelled' })
      .where(and(eq(t.bankIdOrders.orderRef, orderRef), eq(t.bankIdOrders.status, 'pending')))
      .returning({ orderRef: t.bankIdOrders.orderRef });
    return rows.length > 0;
  }

  // ── Norway: the redirect flow ─────────────────────────────────────────────────────────────

  async authorizationUrl(input: { redirectUri: string }): Promise<AuthorizationRequest> {
    // Like a real provider with registered redirect addresses, the sandbox never sends the browser
    // to another site: of an absolute address it keeps only the path (see withQuery).
    if (!isRedirectAddress(input.redirectUri)) throw new Error('The redirect address must be a path or an http(s) URL');
    const state = randomToken(24);
    const { orderRef, expiresAt } = await this.placeOrder('NO', norwegianLoginMinutes, {
      state,
      redirectUri: input.redirectUri,
    });
    return { orderRef, state, url: `${sandboxAppPath}/${orderRef}`, expiresAt };
  }

  async exchangeCode(code: string, state: string): Promise<ExchangeResult> {
    const now = this.now();
    if (!code || code.length > 200) return { ok: false, reason: 'invalidCode' };
    const [order] = await this.db
      .select()
      .from(t.bankIdOrders)
      .where(and(eq(t.bankIdOrders.codeHash, sha256Hex(code)), eq(t.bankIdOrders.country, 'NO')));
    if (!order) return { ok: false, reason: 'invalidCode' };
    // Any attempt uses the code up, whether it then succeeds or not.
    const personalNumberHash = await this.takeCompleted(order.orderRef, now);
    if (!personalNumberHash) return { ok: false, reason: 'invalidCode' };
    if (!order.state || !safeEqual(order.state, state)) return { ok: false, reason: 'stateMismatch' };
    if (order.expiresAt <= now) return { ok: false, reason: 'expired' };
    return { ok: true, orderRef: order.orderRef, identity: { personalNumberHash } };
  }

  // ── The sandbox "identity app" (not part of the adapter interface) ───────────────────────

  /**
   * The app shows the order. Opening it moves a fresh order to the hint userSign ("confirm in
   * the app"), as the real app does once it has the order on screen.
   */
  async openInApp(orderRef: string): Promise<SandboxOrderView | null> {
    const now = this.now();
    let order = await this.find(orderRef);
    if (!order) return null;
    if (order.status === 'pending' && order.expiresAt <= now) {
      await this.expire(order.orderRef);
      order = { ...order, status: 'failed', hint: 'expiredTransaction' };
    } else if (order.status === 'pending' && order.hint === 'outstandingTransaction') {
      await this.db
        .update(t.bankIdOrders)
        .set({ hint: 'userSign' })
        .where(and(eq(t.bankIdOrders.orderRef, order.orderRef), eq(t.bankIdOrders.status, 'pending')));
      order = { ...order, hint: 'userSign' };
    }
    return {
      orderRef: order.orderRef,
      country: order.country,
      status: order.status,
      hint: order.hint,
      expiresAt: order.expiresAt,
      finished: order.status !== 'pending',
    };
  }

  /** The debtor confirms the order in the app, identified by the personal number typed in. */
  async approve(orderRef: string, personalNumber: string): Promise<SandboxAnswer> {
    const now = this.now();
    const order = await this.find(orderRef);
    if (!order) return { ok: false, error: 'notFound' };
    if (order.status !== 'pending' || order.expiresAt <= now) return this.whyNotPending(order, now);
    const digits = parsePersonalNumber(order.country, personalNumber);
    if (!digits) return { ok: false, error: 'invalidPersonalNumber' };
    const code = order.country === 'NO' ? randomToken(32) : null;
    const values = {
      status: 'complete' as const,
      hint: null,
      personalNumberHash: hashPersonalNumber(digits),
      codeHash: code ? sha256Hex(code) : null,
      completedAt: now,
    };
    return this.finish(order, now, values, { code: code ?? '' });
  }

  /** The debtor declines in the app: the order fails with userCancel. */
  async decline(orderRef: string): Promise<SandboxAnswer> {
    const now = this.now();
    const order = await this.find(orderRef);
    if (!order) return { ok: false, error: 'notFound' };
    // OpenID Connect error response: the portal's callback learns that the debtor declined.
    return this.finish(
      order,
      now,
      { status: 'failed', hint: 'userCancel', completedAt: now },
      { error: 'access_denied' },
    );
  }

  // ── helpers ───────────────────────────────────────────────────────────────────────────────

  /**
   * Ends an order that is still pending and unexpired with `values` (approved or declined): the
   * Swedish app flow is told so; the Norwegian browser flow goes back to its redirect address with
   * `params` and the order's state. An order that was no longer pending says why.
   */
  private async finish(
    order: OrderRow,
    now: Date,
    values: Partial<typeof t.bankIdOrders.$inferInsert>,
    params: Record<string, string>,
  ): Promise<SandboxAnswer> {
    const [done] = await this.db
      .update(t.bankIdOrders)
      .set(values)
      .where(
        and(
          eq(t.bankIdOrders.orderRef, order.orderRef),
          eq(t.bankIdOrders.status, 'pending'),
          gt(t.bankIdOrders.expiresAt, now),
        ),
      )
      .returning({ orderRef: t.bankIdOrders.orderRef });
    if (!done) return this.whyNotPending(order, now);
    if (order.country === 'SE') return { ok: true, country: 'SE' };
    return {
      ok: true,
      country: 'NO',
      redirectTo: withQuery(order.redirectUri ?? '/', { ...params, state: order.state ?? '' }),
    };
  }

  private async find(orderRef: string): Promise<OrderRow | undefined> {
    if (!orderRefPattern.test(orderRef)) return undefined;
    const [order] = await this.db.select().from(t.bankIdOrders).where(eq(t.bankIdOrders.orderRef, orderRef));
    return order;
  }

  private async expire(orderRef: string): Promise<void> {
    await this.db
      .update(t.bankIdOrders)
      .set({ status: 'failed', hint: 'expiredTransaction' })
      .where(and(eq(t.bankIdOrders.orderRef, orderRef), eq(t.bankIdOrders.status, 'pending')));
  }

  private async whyNotPending(order: OrderRow, now: Date): Promise<SandboxAnswer> {
    if (order.status === 'pending' && order.expiresAt <= now) {
      await this.expire(order.orderRef);
      return { ok: false, error: 'expired' };
    }
    return { ok: false, error: 'finished' };
  }
}

function failed(reason: FailedReason): CollectResult {
  return { status: 'failed', reason };
}

function asPendingHint(value: string | null): PendingHint {
  return (pendingHints as readonly string[]).includes(value ?? '') ? (value as PendingHint) : 'outstandingTransaction';
}

function asFailedReason(value: string | null): FailedReason {
  return (failedReasons as readonly string[]).includes(value ?? '') ? (value as FailedReason) : 'startFailed';
}

function isRedirectAddress(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  return /^https?:\/\//.test(value) && URL.canParse(value);
}

/** The address on this host (path and query only) with the parameters added. */
function withQuery(address: string, params: Record<string, string>): string {
  const url = new URL(address, 'http://sandbox.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}
