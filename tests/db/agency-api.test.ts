/**
 * The agency API (issue 29, decisions 086 and 087) against a real database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): the token flow and scopes, the outbox written in the action's own
 * transaction, webhook delivery to the reference consumer (same id on a duplicate, redelivery after
 * a worker died mid-delivery, order per file) and the pull feed's cursor. The payment provider is
 * never called inside a transaction, and the payment's event is still written with its outcome.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActionContext } from '#server/actions/define.ts';
import { runAction } from '#server/actions/run.ts';
import { createClient } from '#server/agency/auth.ts';
import { redeemLetterLink } from '#server/auth/letter-links.ts';
import { startConsumer, type Consumer } from '#server/agency/consumer.ts';
import { claimDue, claimLeaseMs, deliverDue, fanOut, replay } from '#server/agency/delivery.ts';
import { handleAgencyRequest } from '#server/agency/http.ts';
import * as t from '#server/db/schema.ts';
import { bookPayment } from '#server/payments/booking.ts';
import { SandboxPaymentProvider } from '#server/payments/providers/sandbox.ts';
import { eventsSettled } from '../helpers/agency-client.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { pdfBytes, useUploadFolder } from '../helpers/uploads.ts';
import { freshBudget, receiveFile } from '#server/uploads/receive.ts';
import { objectStore } from '#server/uploads/storage.ts';
import { createHash } from 'node:crypto';

let database: TestDatabase;
let consumer: Consumer;
const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
let consumerStatus = 204;

beforeAll(async () => {
  database = await createTestDatabase();
  consumer = await startConsumer({ secret, status: () => consumerStatus });
  // Migrating a fresh PGlite takes a minute on a loaded two-core machine.
}, 240_000);
afterAll(async () => {
  await consumer?.close();
  await database?.dispose();
});

const base = 'http://portal.test/agency/v1';
let calls = 0;
async function call(path: string, init: RequestInit & { token?: string } = {}) {
  calls += 1;
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return handleAgencyRequest(new Request(`${base}${path}`, { ...init, headers }), {
    clientAddress: `203.0.113.${calls % 250}`,
    db: database.db,
  });
}

/** A call with a JSON body, as an agency client sends one. */
function send(
  method: 'POST' | 'PUT',
  path: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return call(path, {
    method,
    token,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function tokenFor(scopes: Parameters<typeof createClient>[1]['scopes'], perMinute = 600) {
  const client = await createClient(database.db, { name: 'test', scopes, requestsPerMinute: perMinute });
  const response = await call('/oauth/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; token_type: string; scope: string };
  expect(body.token_type).toBe('Bearer');
  return { client, token: body.access_token, scope: body.scope };
}

async function contextOf(refno: string, subcase = 1): Promise<ActionContext> {
  const [file] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
  calls += 1;
  return {
    db: database.db,
    session: { debtorId: file!.debtorId, fileId: file!.id, level: 'full', idHash: `agency-${refno}` },
    variant: 'de',
    locale: 'de',
    now: new Date(),
    clientKey: `198.51.100.${calls % 250}`,
    door: 'page',
  };
}

const message = (body: string) => ({ subjectId: '999', body, email: 'erika@example.org' });
/** The outbox's newest event. */
const latestEvent = async () => {
  const [event] = await database.db
    .select()
    .from(t.agencyEvents)
    .orderBy(sql`seq desc`)
    .limit(1);
  return event;
};
const eventCount = async () =>
  Number(
    (
      (await database.db.execute(sql`select count(*)::int as n from agency_events`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]!.n,
  );

describe('tokens and scopes', () => {
  it('issues a token for the client credentials and refuses a wrong secret, a wrong grant and a scope not held', async () => {
    const { client, scope } = await tokenFor(['events:read']);
    expect(scope).toBe('events:read');
    const post = (body: string) =>
      call('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect((await post(`grant_type=client_credentials&client_id=${client.id}&client_secret=wrong`)).status).toBe(401);
    const wrongGrant = await post(`grant_type=password&client_id=${client.id}&client_secret=${client.secret}`);
    expect(await wrongGrant.json()).toEqual({ error: 'unsupported_grant_type' });
    const wrongScope = await post(
      `grant_type=client_credentials&client_id=${client.id}&client_secret=${client.secret}&scope=files:write`,
    );
    expect(await wrongScope.json()).toEqual({ error: 'invalid_scope' });
  });

  it('answers problem details: 401 without a token, 403 without the scope, and audits every call', async () => {
    const none = await call('/events');
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toBe('application/problem+json');
    expect(await none.json()).toMatchObject({ status: 401, code: 'unauthorized', instance: '/agency/v1/events' });
    const { token, client } = await tokenFor(['events:read']);
    const forbidden = await call('/webhooks', { token });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: 'insufficientScope' });
    expect((await call('/events', { token })).status).toBe(200);
    const audited = await database.db.select().from(t.auditLog).where(eq(t.auditLog.actor, 'agency'));
    expect(
      audited.filter((row) => row.detail?.client === client.id).map((row) => [row.action, row.detail?.status]),
    ).toEqual([
      ['agency.token', 200],
      ['agency.listWebhooks', 403],
      ['agency.listEvents', 200],
    ]);
  });

  it('limits calls per client', async () => {
    const { token } = await tokenFor(['events:read'], 2);
    expect((await call('/events', { token })).status).toBe(200);
    expect((await call('/events', { token })).status).toBe(200);
    const limited = await call('/events', { token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the outbox in the action’s transaction', () => {
  it('writes one event for an action that went through, none for a refused or invalid one', async () => {
    const before = await eventCount();
    const done = await runAction(
      'sendMessage',
      await contextOf('100000001'),
      message('Which invoice is this claim about?'),
    );
    expect(done.ok).toBe(true);
    expect(await eventCount()).toBe(before + 1);
    const event = await latestEvent();
    expect(event).toMatchObject({ type: 'contact.messageSent' });
    expect(event!.payload).toMatchObject({
      type: 'contact.messageSent',
      file: { reference: '100000001', subcase: 1 },
      data: { action: 'sendMessage', door: 'page', input: { body: 'Which invoice is this claim about?' } },
    });
    expect((await runAction('sendMessage', await contextOf('100000001'), { subjectId: 'x' })).ok).toBe(false);
    expect(await eventCount()).toBe(before + 1);
  });

  it('a failing action leaves no event, and a failing event write undoes the action', async () => {
    const before = await eventCount();
    const messages = async () => (await database.db.select().from(t.messages)).length;
    const stored = await messages();
    // The action's own write fails: nothing of it and no event.
    await database.db.execute(sql`alter table messages add constraint agency_test_no_messages check (false) not valid`);
    await expect(
      runAction('sendMessage', await contextOf('100000001'), message('This message will not be stored.')),
    ).rejects.toThrow();
    await database.db.execute(sql`alter table messages drop constraint agency_test_no_messages`);
    expect(await eventCount()).toBe(before);
    expect(await messages()).toBe(stored);
    // The event's write fails: the message written before it in the same transaction is undone too.
    await database.db.execute(
      sql`alter table agency_events add constraint agency_test_no_events check (false) not valid`,
    );
    await expect(
      runAction('sendMessage', await contextOf('100000001'), message('Nor will this one, as its event fails.')),
    ).rejects.toThrow();
    await database.db.execute(sql`alter table agency_events drop constraint agency_test_no_events`);
    expect(await messages()).toBe(stored);
    expect(await eventCount()).toBe(before);
  });
});

describe('the payment provider outside every transaction', () => {
  /**
   * What another request would meet while the provider is being called: on PGlite (one connection)
   * a query that waits for an open transaction; on PostgreSQL a connection left idle in a transaction.
   */
  async function probe(): Promise<'free' | 'blocked' | 'idleInTransaction'> {
    const asked = database.db
      .execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`,
      )
      .then((answer) =>
        (answer as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ? 'idleInTransaction' : 'free',
      );
    const waited = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3000).unref());
    return Promise.race([asked, waited]);
  }

  it('starts a payment with the provider called while nothing waits on a transaction, and writes its event with the outcome', async () => {
    const seen: string[] = [];
    const original = SandboxPaymentProvider.prototype.createPayment;
    const spy = vi.spyOn(SandboxPaymentProvider.prototype, 'createPayment').mockImplementation(async function (
      this: SandboxPaymentProvider,
      input,
    ) {
      seen.push(await probe());
      return original.call(this, input);
    });
    try {
      const before = await eventCount();
      const started = await runAction('startPayment', await contextOf('100000001'), {
        purpose: 'openAmount',
        method: '1',
        idempotencyKey: 'agency-provider-outside-1',
      });
      expect(started).toMatchObject({ ok: true, value: { replayed: false, next: { kind: 'redirect' } } });
      expect(seen).toEqual(['free']);
      expect(await eventCount()).toBe(before + 1);
      const event = await latestEvent();
      const payment = started.ok ? started.value.payment : null;
      expect(event!.payload).toMatchObject({
        type: 'payment.started',
        data: { action: 'startPayment', result: { payment: { id: payment!.id, status: 'pending' } } },
      });
    } finally {
      spy.mockRestore();
    }
  }, 30_000);

  it('writes one event for a payment started twice with the same idempotency key', async () => {
    const ctx = await contextOf('100000003');
    const input = { purpose: 'openAmount', method: '1', idempotencyKey: 'agency-replayed-start-1' };
    const before = await eventCount();
    const first = await runAction('startPayment', ctx, input);
    expect(first).toMatchObject({ ok: true, value: { replayed: false } });
    const again = await runAction('startPayment', ctx, input);
    expect(again).toMatchObject({ ok: true, value: { replayed: true } });
    expect(again.ok && first.ok && again.value.payment.id).toBe(first.ok && first.value.payment.id);
    expect(await eventCount()).toBe(before + 1);
  }, 30_000);

  it('writes the event on the repeat when the first run stopped before writing it', async () => {
    const ctx = await contextOf('100000004');
    const input = { purpose: 'openAmount', method: '1', idempotencyKey: 'agency-replayed-lost-1' };
    const first = await runAction('startPayment', ctx, input);
    expect(first).toMatchObject({ ok: true, value: { replayed: false } });
    // As if the server had stopped between the provider's call and the transaction with the event.
    await database.db.execute(
      sql`delete from agency_events where payload -> 'data' -> 'result' -> 'payment' ->> 'id' = ${first.ok ? first.value.payment.id : ''}`,
    );
    const before = await eventCount();
    const again = await runAction('startPayment', ctx, input);
    expect(again).toMatchObject({ ok: true, value: { replayed: true } });
    expect(await eventCount()).toBe(before + 1);
    expect((await latestEvent())!.payload).toMatchObject({
      type: 'payment.started',
      data: { result: { replayed: true } },
    });
  }, 30_000);

  it('reports a payment the provider confirmed as payment.paid, once, in the booking’s transaction', async () => {
    const started = await runAction('startPayment', await contextOf('100000005'), {
      purpose: 'openAmount',
      method: '1',
      idempotencyKey: 'agency-paid-event-1',
    });
    if (!started.ok) throw new Error('the payment did not start');
    const { payment } = started.value;
    const before = await eventCount();
    const reported = { amountMinor: payment.amountMinor + payment.feeMinor, currency: payment.currency };
    expect(await bookPayment(database.db, payment.id, reported)).toMatchObject({ booked: true });
    // The browser's return racing the webhook books nothing more and reports nothing more.
    expect(await bookPayment(database.db, payment.id, reported)).toMatchObject({ booked: false });
    expect(await eventCount()).toBe(before + 1);
    expect((await latestEvent())!.payload).toMatchObject({
      type: 'payment.paid',
      file: { reference: '100000005' },
      data: {
        action: 'bookPayment',
        door: 'provider',
        result: { payment: { id: payment.id, amountMinor: payment.amountMinor }, creditMinor: 0 },
      },
    });
  }, 30_000);

  it('writes no event when the provider fails, and the payment is marked failed', async () => {
    const spy = vi.spyOn(SandboxPaymentProvider.prototype, 'createPayment').mockRejectedValue(new Error('down'));
    try {
      const before = await eventCount();
      const started = await runAction('startPayment', await contextOf('100000002'), {
        purpose: 'instalment',
        method: '1',
        idempotencyKey: 'agency-provider-down-1',
      });
      expect(started).toMatchObject({ ok: false, kind: 'refused', reason: 'providerError' });
      expect(await eventCount()).toBe(before);
    } finally {
      spy.mockRestore();
    }
  }, 30_000);
});

describe('payments the agency received', () => {
  const put = (token: string, path: string, body: unknown) => send('PUT', path, token, body);
  const fileRow = async (refno: string) =>
    (await database.db.select().from(t.files).where(eq(t.files.refno, refno)))[0]!;

  it('books one on the file once per the agency’s id, and refuses the same id for another payment', async () => {
    const { token } = await tokenFor(['files:write']);
    const before = await fileRow('100000008');
    const events = await eventCount();
    const body = { amountMinor: 2500, currency: before.currency, bookedOn: '2026-11-27' };
    const first = await put(token, '/files/100000008/payments/BK-2026-0001', body);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ id: 'BK-2026-0001', appliedMinor: 2500, creditMinor: 0 });
    const again = await put(token, '/files/100000008/payments/BK-2026-0001', body);
    expect(again.status).toBe(200);
    const after = await fileRow('100000008');
    expect(after.paymentsMinor).toBe(before.paymentsMinor + 2500);
    const rows = await database.db
      .select()
      .from(t.paymentsMade)
      .where(and(eq(t.paymentsMade.fileId, after.id), eq(t.paymentsMade.reference, 'agency:BK-2026-0001')));
    expect(rows).toMatchObject([{ amountMinor: 2500, bookedOn: '2026-11-27', providerId: 'agency' }]);
    const changed = await put(token, '/files/100000008/payments/BK-2026-0001', { ...body, amountMinor: 2600 });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ code: 'conflict', booking: { amountMinor: 2500 } });
    // The agency made it: nothing is reported back.
    expect(await eventCount()).toBe(events);
  });

  it('settles the file with what is open and keeps the rest as a credit', async () => {
    const { token } = await tokenFor(['files:write']);
    const file = await fileRow('100000009');
    const open = file.mainClaimMinor + file.interestMinor + file.costsMinor - file.paymentsMinor;
    const booked = await put(token, '/files/100000009/payments/BK-2026-0002', {
      amountMinor: open + 1000,
      currency: file.currency,
      bookedOn: '2026-11-28',
    });
    expect(booked.status).toBe(201);
    expect(await booked.json()).toMatchObject({ appliedMinor: open, creditMinor: 1000, statusCode: '3' });
    expect((await fileRow('100000009')).totalMinor).toBe(0);
  });

  it('refuses another currency, an unknown file and a token without files:write', async () => {
    const { token } = await tokenFor(['files:write']);
    const body = { amountMinor: 100, currency: 'SEK', bookedOn: '2026-11-28' };
    expect((await put(token, '/files/100000001/payments/BK-X', body)).status).toBe(400);
    expect((await put(token, '/files/999999999/payments/BK-X', { ...body, currency: 'EUR' })).status).toBe(404);
    // A deleted file is no file to book on, as for its status.
    await database.db.update(t.files).set({ deletedAt: new Date() }).where(eq(t.files.refno, '100000010'));
    expect((await put(token, '/files/100000010/payments/BK-X', { ...body, currency: 'EUR' })).status).toBe(404);
    await database.db.update(t.files).set({ deletedAt: null }).where(eq(t.files.refno, '100000010'));
    const { token: readOnly } = await tokenFor(['files:read']);
    expect((await put(readOnly, '/files/100000001/payments/BK-X', { ...body, currency: 'EUR' })).status).toBe(403);
  });
});

describe('letter links for a batch', () => {
  it('answers a working link per file in the order asked, none for an unknown or blocked file', async () => {
    const { token } = await tokenFor(['files:write']);
    await database.db.update(t.files).set({ legalBlocking: true }).where(eq(t.files.refno, '100000006'));
    const response = await send('POST', '/letter-links', token, {
      references: ['100000001', '999999999', '100000006'],
      validDays: 30,
    });
    expect(response.status).toBe(200);
    const { links } = (await response.json()) as {
      links: Array<{ reference: string; url: string | null; expiresAt: string | null; problem: string | null }>;
    };
    expect(links.map((link) => [link.reference, link.problem])).toEqual([
      ['100000001', null],
      ['999999999', 'unknownFile'],
      ['100000006', 'notReachable'],
    ]);
    expect(Date.parse(links[0]!.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // The printed link signs the debtor in, once.
    const printed = links[0]!.url!.split('/l/')[1]!;
    const redeemed = await redeemLetterLink(database.db, printed, { clientAddress: '203.0.113.77' });
    expect(redeemed).toMatchObject({ ok: true });
    expect(await redeemLetterLink(database.db, printed, { clientAddress: '203.0.113.77' })).toEqual({
      ok: false,
      error: 'used',
    });
    await database.db.update(t.files).set({ legalBlocking: false }).where(eq(t.files.refno, '100000006'));
  });

  it('needs files:write and refuses a batch it cannot read', async () => {
    const { token: readOnly } = await tokenFor(['files:read']);
    const post = (token: string, body: unknown) => send('POST', '/letter-links', token, body);
    expect((await post(readOnly, { references: ['100000001'] })).status).toBe(403);
    const { token } = await tokenFor(['files:write']);
    expect((await post(token, { references: [] })).status).toBe(400);
    expect((await post(token, { references: ['12345'] })).status).toBe(400);
    expect((await post(token, { references: Array.from({ length: 1001 }, () => '100000001') })).status).toBe(400);
  });
});

describe('uploads for the agency, by links that expire', () => {
  useUploadFolder();

  async function uploaded(refno: string) {
    const [file] = await database.db.select().from(t.files).where(eq(t.files.refno, refno));
    const bytes = pdfBytes(3000);
    const received = await receiveFile(database.db, {
      fileId: file!.id,
      context: 'announcedPayment',
      filename: 'Überweisung März.pdf',
      data: (async function* () {
        yield bytes;
      })(),
      budget: freshBudget(),
    });
    if (!received.ok) throw new Error(`not stored: ${received.refused.problem}`);
    return { id: received.upload.id, bytes };
  }

  it('answers an upload with a download link that works without a bearer token, and only until it expires', async () => {
    const { id, bytes } = await uploaded('100000001');
    const { token } = await tokenFor(['files:read']);
    const described = await call(`/uploads/${id}`, { token });
    expect(described.status).toBe(200);
    const upload = (await described.json()) as {
      file: { reference: string };
      mediaType: string;
      sizeBytes: number;
      sha256: string;
      download: { url: string; expiresAt: string };
    };
    expect(upload).toMatchObject({ file: { reference: '100000001' }, mediaType: 'application/pdf', sizeBytes: 3000 });
    expect(upload.download.url).toMatch(/^\/agency\/v1\/attachments\//);

    const download = await call(upload.download.url.slice('/agency/v1'.length));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''%C3%9Cberweisung%20M%C3%A4rz.pdf");
    const body = new Uint8Array(await download.arrayBuffer());
    expect(body).toEqual(bytes);
    expect(createHash('sha256').update(body).digest('hex')).toBe(upload.sha256);

    // Expired: the same link a moment after its time.
    const later = new Date(Date.parse(upload.download.expiresAt) + 1000);
    const expired = await handleAgencyRequest(new Request(`http://portal.test${upload.download.url}`), {
      clientAddress: '203.0.113.9',
      db: database.db,
      now: () => later,
    });
    expect(expired.status).toBe(404);
    // Tampered: another upload's id under the same signature.
    const [body64, signature] = upload.download.url.split('/').pop()!.split('.');
    const payload = JSON.parse(Buffer.from(body64!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, u: id + 1 })).toString('base64url');
    expect((await call(`/attachments/${forged}.${signature}`)).status).toBe(404);
  });

  it('needs files:read for the link, and says gone when the bytes are no longer kept', async () => {
    const { id } = await uploaded('100000002');
    const { token: eventsOnly } = await tokenFor(['events:read']);
    expect((await call(`/uploads/${id}`, { token: eventsOnly })).status).toBe(403);
    expect((await call(`/uploads/${id}`)).status).toBe(401);
    const { token } = await tokenFor(['files:read']);
    expect((await call('/uploads/999999', { token })).status).toBe(404);
    const { download } = (await (await call(`/uploads/${id}`, { token })).json()) as { download: { url: string } };
    const [row] = await database.db.select().from(t.uploads).where(eq(t.uploads.id, id));
    await objectStore().delete(row!.storageKey);
    const gone = await call(download.url.slice('/agency/v1'.length));
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'gone' });
  });
});

describe('the pull feed', () => {
  it('pages through the events after a cursor and stays at the cursor when nothing is new', async () => {
    const { token } = await tokenFor(['events:read']);
    for (const text of [
      'First of three for the feed.',
      'Second of three for the feed.',
      'Third of three for the feed.',
    ])
      expect((await runAction('sendMessage', await contextOf('100000002'), message(text))).ok).toBe(true);
    await eventsSettled(database.db);
    const all: Array<{ id: string; cursor: string }> = [];
    let after = '0';
    for (;;) {
      const page = (await (await call(`/events?after=${after}&limit=2`, { token })).json()) as {
        events: Array<{ id: string; cursor: string }>;
        next: string;
      };
      if (page.events.length === 0) {
        expect(page.next).toBe(after);
        break;
      }
      all.push(...page.events);
      after = page.next;
    }
    expect(all.length).toBe(await eventCount());
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.map((e) => Number(e.cursor))).toEqual([...all.map((e) => Number(e.cursor))].sort((a, b) => a - b));
    expect((await call('/events?after=abc', { token })).status).toBe(400);
  });
});

describe('webhooks', () => {
  it('delivers signed events to the consumer; a replay arrives with the same id; a dead worker’s claim is delivered again', async () => {
    const { token } = await tokenFor(['webhooks:manage']);
    const created = await send('POST', '/webhooks', token, { url: consumer.url, secret });
    expect(created.status).toBe(201);
    const hook = (await created.json()) as { id: string };
    const listed = (await (await call('/webhooks', { token })).json()) as { webhooks: Array<{ id: string }> };
    expect(listed.webhooks.map((w) => w.id)).toContain(hook.id);

    expect(
      (await runAction('sendMessage', await contextOf('100000003'), message('A message for the webhook.'))).ok,
    ).toBe(true);
    await eventsSettled(database.db);
    const report = await deliverDue(database.db);
    expect(report).toMatchObject({ delivered: 1, retried: 0, dead: 0 });
    const first = consumer.received.at(-1)!;
    expect(first).toMatchObject({ duplicate: false, payload: { type: 'contact.messageSent' } });

    // Delivered twice (a replay): the same id, the consumer sees a duplicate.
    expect(await replay(database.db, { eventId: first.id })).toBe(1);
    await deliverDue(database.db);
    expect(consumer.received.at(-1)).toMatchObject({ id: first.id, duplicate: true });

    // A worker claims the next event and dies before posting it: after the lease it is delivered.
    expect((await runAction('sendMessage', await contextOf('100000003'), message('Posted after a crash.'))).ok).toBe(
      true,
    );
    await eventsSettled(database.db);
    await fanOut(database.db);
    const claimed = await claimDue(database.db, new Date(), 10);
    expect(claimed).toHaveLength(1);
    const count = consumer.received.length;
    expect(await deliverDue(database.db)).toMatchObject({ delivered: 0 });
    const later = new Date(Date.now() + claimLeaseMs + 1000);
    expect(await deliverDue(database.db, { now: () => later })).toMatchObject({ delivered: 1 });
    expect(consumer.received.length).toBe(count + 1);
    expect(consumer.received.at(-1)).toMatchObject({ id: claimed[0]!.eventId, duplicate: false });

    expect((await call(`/webhooks/${hook.id}`, { method: 'DELETE', token })).status).toBe(204);
  });

  it('keeps a file’s events in order: the second waits while the first is retried with backoff', async () => {
    const { token } = await tokenFor(['webhooks:manage']);
    await send('POST', '/webhooks', token, { url: consumer.url, secret });
    expect((await runAction('sendMessage', await contextOf('100000005'), message('Ordered one: the first.'))).ok).toBe(
      true,
    );
    expect((await runAction('sendMessage', await contextOf('100000005'), message('Ordered two: the second.'))).ok).toBe(
      true,
    );
    await eventsSettled(database.db);
    consumerStatus = 500;
    const failing = await deliverDue(database.db, { random: () => 0 });
    expect(failing).toMatchObject({ delivered: 0, retried: 1 });
    const [retry] = await database.db
      .select()
      .from(t.agencyDeliveries)
      .where(and(eq(t.agencyDeliveries.status, 'pending'), sql`${t.agencyDeliveries.attempts} = 1`));
    expect(retry!.lastStatus).toBe(500);
    consumerStatus = 204;
    const count = consumer.received.length;
    const later = new Date(Date.now() + 60_000);
    await deliverDue(database.db, { now: () => later });
    const bodies = consumer.received
      .slice(count)
      .map((e) => (e.payload.data as { input: { body: string } }).input.body);
    expect(bodies).toEqual(['Ordered one: the first.', 'Ordered two: the second.']);
  });
});

describe('the file status upsert', () => {
  it('is idempotent, versioned by ETag and refuses a stale If-Match with 412', async () => {
    const { token } = await tokenFor(['files:read', 'files:write']);
    const read = await call('/files/100000004/status', { token });
    expect(read.status).toBe(200);
    const etag = read.headers.get('etag')!;
    const put = (body: unknown, ifMatch?: string) =>
      send('PUT', '/files/100000004/status', token, body, ifMatch ? { 'if-match': ifMatch } : {});
    const body = { statusCode: '1', subState: null, statusDate: '2026-11-20' };
    const changed = await put(body, etag);
    expect(changed.status).toBe(200);
    const next = changed.headers.get('etag')!;
    expect(next).not.toBe(etag);
    const again = await put(body, next);
    expect(again.headers.get('etag')).toBe(next);
    const stale = await put({ ...body, statusCode: '3' }, etag);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'preconditionFailed' });
    expect((await call('/files/999999999/status', { token })).status).toBe(404);
  });
});
