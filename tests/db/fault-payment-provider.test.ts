/**
 * Fault (issue 18): the payment provider never answers. The debtor's return asks the provider
 * for the status and gets nothing: the page is not held, the payment stays pending. The
 * provider's webhook, arriving later, settles it; it books once, also when the provider sends
 * the same webhook twice at the same moment (on PostgreSQL with TEST_DATABASE_URL the two race
 * on two connections).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '#server/db/schema.ts';
import { paymentConfig } from '#server/payments/config.ts';
import { SandboxPaymentProvider } from '#server/payments/providers/sandbox.ts';
import type { PaymentProvider } from '#server/payments/providers/types.ts';
import { receiveWebhook, syncPayment } from '#server/payments/service/provider.ts';
import { paymentForFile } from '#server/payments/service/reads.ts';
import { createPayment } from '#server/payments/service/start.ts';
import { variants } from '#server/variants/config.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.dispose());

/**
 * The sandbox, except that its status call never returns and its webhooks are not sent by itself;
 * `asked` resolves when the portal has asked it.
 */
function silentProvider(sandbox: SandboxPaymentProvider): { provider: PaymentProvider; asked: Promise<void> } {
  let wasAsked!: () => void;
  const asked = new Promise<void>((resolve) => (wasAsked = resolve));
  const never = () => {
    wasAsked();
    return new Promise<never>(() => {});
  };
  const provider = Object.assign(Object.create(sandbox) as SandboxPaymentProvider, {
    handleReturn: never,
    getStatus: never,
  });
  return { provider, asked };
}

describe('a payment provider that never answers', () => {
  it('leaves the payment pending; the later webhook books it once, also when two race', async () => {
    const db = database.db;
    const [file] = await db
      .select()
      .from(t.files)
      .where(and(eq(t.files.refno, '200000001'), eq(t.files.subcase, 1)));
    await db
      .update(t.payments)
      .set({ status: 'cancelled' })
      .where(and(eq(t.payments.fileId, file!.id), inArray(t.payments.status, ['created', 'pending'])));
    const created = await createPayment(db, {
      debtorId: file!.debtorId,
      fileId: file!.id,
      variant: variants.at,
      method: '1',
      purpose: 'partial',
      partialAmountMinor: 1500,
      idempotencyKey: crypto.randomUUID(),
      language: 'de',
      clientAddress: '203.0.113.9',
    });
    if (!created.ok) throw new Error(created.error);

    // The debtor pays on the provider's page; the provider's webhook does not come (yet).
    const sandbox = new SandboxPaymentProvider(db, { secret: paymentConfig().webhookSecret });
    const decided = await sandbox.decide(created.payment.providerReference!, 'approve');
    if (!decided.ok) throw new Error('not decided');

    // The browser returns; the provider's status call hangs. On a fake clock: the page waits for
    // the provider exactly the time limit, not a moment less, and then goes on, still pending.
    const timeoutMs = 8_000;
    const silent = silentProvider(sandbox);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let returned: Awaited<ReturnType<typeof syncPayment>>;
    try {
      let settled = false;
      const syncing = syncPayment(db, created.payment, new URLSearchParams(), {
        provider: silent.provider,
        timeoutMs,
      }).finally(() => (settled = true));
      await silent.asked;
      await vi.advanceTimersByTimeAsync(timeoutMs - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      returned = await syncing;
    } finally {
      vi.useRealTimers();
    }
    expect(returned.status).toBe('pending');
    expect(await db.select().from(t.paymentsMade).where(eq(t.paymentsMade.reference, created.payment.id))).toEqual([]);

    // Later the provider's webhook arrives, twice at the same moment.
    const webhook = sandbox.webhookFor(decided.session);
    const answers = await Promise.all([
      receiveWebhook(db, webhook.rawBody, webhook.headers),
      receiveWebhook(db, webhook.rawBody, webhook.headers),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => a.status === 200 && a.booked)).toHaveLength(1);
    // And once more, late: nothing changes.
    expect(await receiveWebhook(db, webhook.rawBody, webhook.headers)).toEqual({ status: 200, booked: false });

    expect((await paymentForFile(db, file!.id, created.payment.id))!.status).toBe('paid');
    const booked = await db.select().from(t.paymentsMade).where(eq(t.paymentsMade.reference, created.payment.id));
    expect(booked).toHaveLength(1);
    const [after] = await db.select().from(t.files).where(eq(t.files.id, file!.id));
    expect(after!.paymentsMinor).toBe(file!.paymentsMinor + 1500);
    const events = await db
      .select()
      .from(t.events)
      .where(and(eq(t.events.fileId, file!.id), eq(t.events.kind, 'payment')));
    expect(
      events.filter((e) => (e.detail as { amountMinor?: number }).amountMinor === created.payment.amountMinor),
    ).toHaveLength(1);
  });
});
