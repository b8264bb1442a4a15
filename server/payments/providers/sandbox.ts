/**
 * The built-in sandbox payment provider. It behaves like a real provider in everything the portal
 * can see: its own records (table sandbox_payment_sessions), its own pages outside the portal
 * (app/routes/sandbox.pay.$sessionId.tsx: approve, decline, cancel, let it time out; the card form
 * is framed by the portal; the cash slip is "paid at the till"; an incoming bank transfer can be
 * simulated), signed webhooks (HMAC-SHA256 with the configured secret) and a status call. It
 * serves every method of section 3 and the country methods.
 *
 * Anyone can approve a sandbox payment: it must never be the provider of a production deployment
 * that real debtors use (server/payments/config.ts).
 *
 * Every decision is one conditional UPDATE (status = 'open'), so two clicks cannot both win.
 */
import { and, eq } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { methods, type MethodKey } from '../methods.ts';
import { sign, signatureHeader, verifySignature } from './signature.ts';
import type {
  CreatePaymentInput,
  CreatePaymentResult,
  Instructions,
  PaymentProvider,
  ProviderOutcome,
  ProviderStatus,
  WebhookEvent,
  WebhookVerification,
} from './types.ts';

/** The sandbox provider's pages: a top-level path, outside every variant. */
export const sandboxPayPath = '/sandbox/pay';

export type SandboxDecision = 'approve' | 'decline' | 'cancel' | 'timeout';
type SessionRow = typeof t.sandboxPaymentSessions.$inferSelect;

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const outcomeOf: Record<SessionRow['status'], ProviderOutcome> = {
  open: 'open',
  approved: 'paid',
  declined: 'failed',
  cancelled: 'cancelled',
  expired: 'expired',
};

const decisionStatus: Record<SandboxDecision, SessionRow['status']> = {
  approve: 'approved',
  decline: 'declined',
  cancel: 'cancelled',
  timeout: 'expired',
};

export interface SandboxOptions {
  secret: string;
  /** Where the provider "posts" its webhooks: the portal's webhook handler, with the raw body and headers. */
  deliver?: (rawBody: string, headers: Headers) => Promise<unknown>;
  now?: () => Date;
}

export interface SandboxSessionView {
  id: string;
  method: MethodKey;
  amountMinor: number;
  currency: string;
  status: SessionRow['status'];
  slipNumber: string | null;
  expiresAt: string;
  finished: boolean;
  /** Once finished: the portal's address for its outcome, so a reloaded page still leads back. */
  returnTo: string | null;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: SandboxOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  supports(method: MethodKey): boolean {
    return methods[method].flow !== 'mandate';
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    const id = randomUUID();
    const flow = methods[input.method].flow;
    const cash = input.method === '5';
    const expiresAt = input.expiresAt;
    // A 13-digit slip number with a check digit (EAN-13 style), as cash payment slips carry.
    const slipNumber = cash ? withCheckDigit(`40${randomDigits(10)}`) : null;
    await this.db.insert(t.sandboxPaymentSessions).values({
      id,
      merchantReference: input.paymentId,
      method: input.method,
      amountMinor: input.chargeMinor,
      currency: input.currency,
      successUrl: input.successUrl,
      failureUrl: input.failureUrl,
      slipNumber,
      expiresAt,
    });
    const url = `${sandboxPayPath}/${id}`;
    if (flow === 'embedded') return { kind: 'embedded', providerReference: id, iframeUrl: `${url}?embed=1` };
    if (flow === 'instructions') {
      const instructions = (await this.instructions(id, input))!;
      return { kind: 'instructions', providerReference: id, instructions, url };
    }
    return { kind: 'redirect', providerReference: id, url };
  }

  async instructions(
    providerReference: string,
    input: Pick<CreatePaymentInput, 'account' | 'remittance'>,
  ): Promise<Instructions | null> {
    const row = await this.find(providerReference);
    if (!row) return null;
    if (row.method === '5')
      return { type: 'cash', slipNumber: row.slipNumber ?? '', validUntil: row.expiresAt.toISOString() };
    return { type: 'bankTransfer', ...input.account, remittance: input.remittance };
  }

  async handleReturn(providerReference: string, _query: URLSearchParams): Promise<ProviderStatus | null> {
    // Never trust the browser's query: ask the provider's own record.
    return this.getStatus(providerReference);
  }

  verifyWebhook(rawBody: string, headers: Headers): WebhookVerification {
    const check = verifySignature(this.options.secret, rawBody, headers.get(signatureHeader), this.now());
    if (check !== 'ok') return { ok: false, error: check };
    try {
      const body = JSON.parse(rawBody) as Partial<WebhookEvent>;
      const outcomes: ProviderOutcome[] = ['open', 'paid', 'failed', 'cancelled', 'expired'];
      if (
        typeof body.eventId !== 'string' ||
        typeof body.providerReference !== 'string' ||
        typeof body.merchantReference !== 'string' ||
        !outcomes.includes(body.outcome as ProviderOutcome) ||
        !Number.isInteger(body.amountMinor) ||
        typeof body.currency !== 'string'
      ) {
        return { ok: false, error: 'malformed' };
      }
      return { ok: true, event: body as WebhookEvent };
    } catch {
      return { ok: false, error: 'malformed' };
    }
  }

  async getStatus(providerReference: string): Promise<ProviderStatus | null> {
    const row = await this.expireIfDue(await this.find(providerReference));
    return row ? statusOf(row) : null;
  }

  async cancel(providerReference: string): Promise<ProviderStatus | null> {
    const result = await this.decide(providerReference, 'cancel');
    if (result.ok) return statusOf(result.session);
    const row = await this.find(providerReference);
    return row ? statusOf(row) : null;
  }

  pageUrl(providerReference: string, method: MethodKey): string | null {
    if (!idPattern.test(providerReference)) return null;
    return `${sandboxPayPath}/${providerReference}${methods[method]?.flow === 'embedded' ? '?embed=1' : ''}`;
  }

  // ── The provider's own side: its pages call these ────────────────────────────────────────

  async view(id: string): Promise<SandboxSessionView | null> {
    const row = await this.expireIfDue(await this.find(id));
    if (!row) return null;
    return {
      id: row.id,
      method: row.method as MethodKey,
      amountMinor: row.amountMinor,
      currency: row.currency,
      status: row.status,
      slipNumber: row.slipNumber,
      expiresAt: row.expiresAt.toISOString(),
      finished: row.status !== 'open',
      returnTo: row.status === 'open' ? null : row.status === 'approved' ? row.successUrl : row.failureUrl,
    };
  }

  /**
   * The debtor (or the till, or the bank) decides. The session changes once; the webhook goes out;
   * the answer says where the browser goes next (the portal's success or failure address).
   */
  async decide(
    id: string,
    decision: SandboxDecision,
  ): Promise<{ ok: true; session: SessionRow; redirectTo: string } | { ok: false; error: 'notFound' | 'finished' }> {
    const row = await this.expireIfDue(await this.find(id));
    if (!row) return { ok: false, error: 'notFound' };
    if (row.status !== 'open') return { ok: false, error: 'finished' };
    const [updated] = await this.db
      .update(t.sandboxPaymentSessions)
      .set({ status: decisionStatus[decision], finishedAt: this.now() })
      .where(and(eq(t.sandboxPaymentSessions.id, id), eq(t.sandboxPaymentSessions.status, 'open')))
      .returning();
    if (!updated) return { ok: false, error: 'finished' };
    await this.notify(updated, decision === 'decline' ? 'declined' : decision === 'timeout' ? 'timeout' : undefined);
    return {
      ok: true,
      session: updated,
      redirectTo: updated.status === 'approved' ? updated.successUrl : updated.failureUrl,
    };
  }

  /** The signed webhook body and header for a session's current state (also used by tests). */
  webhookFor(row: SessionRow, reason?: string, at: Date = this.now()): { rawBody: string; headers: Headers } {
    const event: WebhookEvent = {
      eventId: randomUUID(),
      providerReference: row.id,
      merchantReference: row.merchantReference,
      outcome: outcomeOf[row.status],
      ...(reason ? { reason } : {}),
      amountMinor: row.amountMinor,
      currency: row.currency,
    };
    const rawBody = JSON.stringify(event);
    return {
      rawBody,
      headers: new Headers({
        'Content-Type': 'application/json',
        [signatureHeader]: sign(this.options.secret, rawBody, at),
      }),
    };
  }

  private async notify(row: SessionRow, reason?: string): Promise<void> {
    if (!this.options.deliver) return;
    const { rawBody, headers } = this.webhookFor(row, reason);
    try {
      await this.options.deliver(rawBody, headers);
    } catch {
      // A real provider retries later; the portal also asks the status when the browser returns.
    }
  }

  private async find(id: string): Promise<SessionRow | null> {
    if (!idPattern.test(id)) return null;
    const [row] = await this.db.select().from(t.sandboxPaymentSessions).where(eq(t.sandboxPaymentSessions.id, id));
    return row ?? null;
  }

  private async expireIfDue(row: SessionRow | null): Promise<SessionRow | null> {
    if (!row || row.status !== 'open' || row.expiresAt > this.now()) return row;
    const [updated] = await this.db
      .update(t.sandboxPaymentSessions)
      .set({ status: 'expired', finishedAt: this.now() })
      .where(and(eq(t.sandboxPaymentSessions.id, row.id), eq(t.sandboxPaymentSessions.status, 'open')))
      .returning();
    if (updated) await this.notify(updated, 'timeout');
    return updated ?? (await this.find(row.id));
  }
}

function statusOf(row: SessionRow): ProviderStatus {
  return {
    outcome: outcomeOf[row.status],
    ...(row.status === 'declined' ? { reason: 'declined' } : row.status === 'expired' ? { reason: 'timeout' } : {}),
    amountMinor: row.amountMinor,
    currency: row.currency,
  };
}

function randomDigits(n: number): string {
  const bytes = randomBytes(n);
  return Array.from(bytes, (b) => String(b % 10)).join('');
}

/** EAN-13 check digit for 12 digits. */
export function withCheckDigit(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}
