/**
 * The payment service against a seeded database: idempotent creation, booking once through the
 * return and the webhook, signature checks, what each purpose settles and the status it leaves.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadFileFacts } from '#server/claims/facts.ts';
import * as t from '#server/db/schema.ts';
import { signatureHeader } from '#server/payments/providers/signature.ts';
import { receiveWebhook, sandboxProvider, syncPayment } from '#server/payments/service/provider.ts';
import { paymentForFile } from '#server/payments/service/reads.ts';
import { createPayment, type CreatePaymentRequest } from '#server/payments/service/start.ts';
import { cancelPayment } from '#server/payments/service/under-way.ts';
import { variants } from '#server/variants/config.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.dispose());
// Each test starts with no payment under way: one under way blocks a second of the same money (decision 024).
beforeEach(async () => {
  await database.db
    .update(t.payments)
    .set({ status: 'cancelled' })
    .where(inArray(t.payments.status, ['created', 'pending']));
});

async function fileOf(refno: string) {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, 1)));
  return row!;
}

async function request(refno: string, overrides: Partial<CreatePaymentRequest> = {}): Promise<CreatePaymentRequest> {
  const file = await fileOf(refno);
  return {
    debtorId: file.debtorId,
    fileId: file.id,
    variant: variants[file.variant as keyof typeof variants],
    method: '4',
    purpose: 'openAmount',
    idempotencyKey: crypto.randomUUID(),
    language: 'de',
    clientAddress: '203.0.113.7',
    ...overrides,
  };
}

async function decide(paymentId: string, decision: 'approve' | 'decline' | 'cancel' | 'timeout') {
  const db = database.db;
  const [payment] = await db.select().from(t.payments).where(eq(t.payments.id, paymentId));
  const answer = await sandboxProvider(db)!.decide(payment!.providerReference!, decision);
  expect(answer.ok).toBe(true);
  return answer;
}

describe('creating a payment', () => {
  it('makes one payment for one idempotency key, however often the form is sent', async () => {
    const input = await request('100000001', { method: '6' });
    const [a, b] = await Promise.all([createPayment(database.db, input), createPayment(database.db, input)]);
    const c = await createPayment(database.db, input);
    expect(a.ok && b.ok && c.ok).toBe(true);
    const ids = [a, b, c].map((r) => (r.ok ? r.payment.id : null));
    expect(new Set(ids).size).toBe(1);
    const rows = await database.db
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.fileId, input.fileId), eq(t.payments.idempotencyKey, input.idempotencyKey)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      amountMinor: 58784,
      feeMinor: 0,
      purpose: 'openAmount',
      providerId: '6',
    });
    const orders = await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.fileId, input.fileId));
    expect(orders.filter((o) => o.info?.includes(rows[0]!.id))).toHaveLength(1);
    expect(orders[0]!.ip).toBe('203.0.113.0');
  });

  it('refuses a method the file may not use', async () => {
    expect(await createPayment(database.db, await request('100000001', { method: 'twint' }))).toEqual({
      ok: false,
      error: 'notAvailable',
    });
    expect(await createPayment(database.db, await request('100000001', { method: '3' }))).toEqual({
      ok: false,
      error: 'notAvailable',
    });
    expect(await createPayment(database.db, await request('100000001', { purpose: 'downPayment' }))).toEqual({
      ok: false,
      error: 'nothingToPay',
    });
  });

  it('charges a German consumer no card surcharge (PSD2 art. 62(4), § 270a BGB; decision 024)', async () => {
    const result = await createPayment(database.db, await request('100000001', { method: '4' }));
    expect(result.ok && result.payment.feeMinor).toBe(0);
    const [session] = await database.db
      .select()
      .from(t.sandboxPaymentSessions)
      .where(eq(t.sandboxPaymentSessions.merchantReference, result.ok ? result.payment.id : ''));
    expect(session?.amountMinor).toBe(58784);
  });
});

describe('booking', () => {
  it('books a paid payment once although the webhook, the return and a replayed webhook all report it', async () => {
    const file = await fileOf('200000001');
    const result = await createPayment(
      database.db,
      await request('200000001', { method: '1', purpose: 'partial', partialAmountMinor: 1000 }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.next.kind).toBe('redirect');
    const answer = await decide(result.payment.id, 'approve');
    // The sandbox delivered the webhook in process; now the browser returns, twice.
    const fresh = (await paymentForFile(database.db, file.id, result.payment.id))!;
    expect(fresh.status).toBe('paid');
    await syncPayment(database.db, fresh);
    await syncPayment(database.db, fresh);
    // A replay of the provider's webhook for the same session.
    const provider = sandboxProvider(database.db)!;
    if (!answer.ok) throw new Error('not decided');
    const replay = provider.webhookFor(answer.session);
    expect(await receiveWebhook(database.db, replay.rawBody, replay.headers)).toEqual({ status: 200, booked: false });
    expect(await receiveWebhook(database.db, replay.rawBody, replay.headers)).toEqual({ status: 200, booked: false });

    const booked = await database.db
      .select()
      .from(t.paymentsMade)
      .where(eq(t.paymentsMade.reference, result.payment.id));
    expect(booked).toHaveLength(1);
    const after = await fileOf('200000001');
    expect(after.paymentsMinor).toBe(file.paymentsMinor + 1000);
    expect(booked[0]!.balanceMinor).toBe(after.totalMinor);
    expect(after.statusCode).toBe('1');
  });

  it('refuses a bad or missing signature with 401 and a broken body with 400, changing nothing', async () => {
    const result = await createPayment(database.db, await request('100000001', { method: '2' }));
    if (!result.ok) throw new Error(result.error);
    const [session] = await database.db
      .select()
      .from(t.sandboxPaymentSessions)
      .where(eq(t.sandboxPaymentSessions.id, result.payment.providerReference!));
    const provider = sandboxProvider(database.db)!;
    const forged = provider.webhookFor({ ...session!, status: 'approved' });
    const tampered = forged.rawBody.replace('"paid"', '"paid" ');
    expect((await receiveWebhook(database.db, tampered, forged.headers)).status).toBe(401);
    expect((await receiveWebhook(database.db, forged.rawBody, new Headers())).status).toBe(401);
    const wrongKey = new Headers({ [signatureHeader]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` });
    expect((await receiveWebhook(database.db, forged.rawBody, wrongKey)).status).toBe(401);
    const old = provider.webhookFor({ ...session!, status: 'approved' }, undefined, new Date(Date.now() - 3600_000));
    expect((await receiveWebhook(database.db, old.rawBody, old.headers)).status).toBe(401);
    const notJson = provider.webhookFor({ ...session!, status: 'approved' });
    expect((await receiveWebhook(database.db, 'not json', notJson.headers)).status).toBe(401);
    expect((await paymentForFile(database.db, result.payment.fileId, result.payment.id))!.status).toBe('pending');
  });

  it('a declined or cancelled payment books nothing and ends as failed or cancelled', async () => {
    const declined = await createPayment(database.db, await request('100000001', { method: '9' }));
    if (!declined.ok) throw new Error('not created');
    await decide(declined.payment.id, 'decline');
    // Only once the first is over may the same money be started again (decision 024).
    const cancelled = await createPayment(database.db, await request('100000001', { method: '11' }));
    if (!cancelled.ok) throw new Error('not created');
    const c = await cancelPayment(database.db, cancelled.payment);
    expect(await paymentForFile(database.db, declined.payment.fileId, declined.payment.id)).toMatchObject({
      status: 'failed',
      failureReason: 'declined',
    });
    expect(c.status).toBe('cancelled');
    // A late approval after the cancel is not possible any more.
    expect((await sandboxProvider(database.db)!.decide(cancelled.payment.providerReference!, 'approve')).ok).toBe(
      false,
    );
  });

  it('pays a down payment first, then the pending plan becomes active (status 24 ends)', async () => {
    const result = await createPayment(
      database.db,
      await request('100000003', { method: '4', purpose: 'downPayment' }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.payment.amountMinor).toBe(20000);
    await decide(result.payment.id, 'approve');
    const file = await fileOf('100000003');
    expect(file).toMatchObject({ statusCode: '2', subState: 'instalmentRunning' });
    const facts = (await loadFileFacts(database.db, file.id))!;
    expect(facts.plan?.status).toBe('active');
    expect(facts.downPayment?.status).toBe('paid');
    const mails = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'paymentConfirmation')));
    expect(mails.length).toBeLessThanOrEqual(1);
  });

  it('pays the current instalment of a running plan and marks that row paid', async () => {
    const file = await fileOf('100000002');
    const before = (await loadFileFacts(database.db, file.id))!;
    const result = await createPayment(database.db, await request('100000002', { method: '1', purpose: 'instalment' }));
    if (!result.ok) throw new Error(result.error);
    expect(result.payment.amountMinor).toBe(before.plan!.next!.amountMinor);
    await decide(result.payment.id, 'approve');
    const after = (await loadFileFacts(database.db, file.id))!;
    expect(after.plan!.next!.position).toBe(before.plan!.next!.position + 1);
  });

  it('settles a file paid in full: status 3', async () => {
    const result = await createPayment(database.db, await request('100000001', { method: '4' }));
    if (!result.ok) throw new Error(result.error);
    await decide(result.payment.id, 'approve');
    const file = await fileOf('100000001');
    expect(file.statusCode).toBe('3');
    expect(file.totalMinor).toBe(0);
    // Nothing more to pay afterwards.
    expect(await createPayment(database.db, await request('100000001', { method: '4' }))).toEqual({
      ok: false,
      error: 'nothingToPay',
    });
  });

  it('pays the special offer and settles by agreement (2a)', async () => {
    const result = await createPayment(
      database.db,
      await request('100000008', { method: '2', purpose: 'specialOffer' }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.payment.amountMinor).toBe(54000);
    await decide(result.payment.id, 'approve');
    expect((await fileOf('100000008')).statusCode).toBe('2a');
  });

  it('lets a timed-out payment expire', async () => {
    const result = await createPayment(database.db, await request('300000001', { method: 'twint' }));
    if (!result.ok) throw new Error(result.error);
    await decide(result.payment.id, 'timeout');
    expect((await paymentForFile(database.db, result.payment.fileId, result.payment.id))!.status).toBe('expired');
  });
});
