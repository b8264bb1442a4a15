import { eq } from 'drizzle-orm';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { freePort } from '../../tests/helpers/ports.ts';
import * as t from '../db/schema.ts';
import { enqueueMail } from './outbox.ts';
import { mailboxSender, readMailbox, smtpSender } from './transport.ts';
import type { MailSender } from './transport.ts';
import { claimLeaseMs, deliverDueMail, maxAttempts, nextAttemptAt } from './worker.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let database: TestDatabase;
let server: SMTPServer;
let port: number;
const inbox: Received[] = [];
let refuseNext = 0;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext -= 1;
        return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.dispose();
});
beforeEach(async () => {
  inbox.length = 0;
  refuseNext = 0;
  await database.db.delete(t.mailOutbox);
});

const smtp = () => smtpSender(`smtp://127.0.0.1:${port}?ignoreTLS=true`);

/** A plain German receipt to `to`, queued now: the mail the retry and claim cases send. */
const queueReceipt = (to: string) =>
  enqueueMail(database.db, {
    to,
    template: 'receipt',
    language: 'de',
    variant: 'de',
    data: { name: '', salutation: 1, reference: '1', kind: 'message' },
  });

/** The outbox row of a queued mail, as it is now. */
const outboxRow = async (id: number) => {
  const [row] = await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.id, id));
  return row;
};

/** A callback receipt in French, queued for `to`. */
const queueCallbackReceipt = (
  to: string,
  variant: string,
  addressee: { name: string; salutation: number; reference: string },
) =>
  enqueueMail(database.db, {
    to,
    template: 'receipt',
    language: 'fr',
    variant,
    data: { ...addressee, kind: 'callback' },
  });

describe('mail worker over real SMTP', () => {
  it('delivers a pending mail, rendered in its language, and marks it sent', async () => {
    const id = await queueCallbackReceipt('celine.favre@example.org', 'ch', {
      name: 'Céline Favre',
      salutation: 2,
      reference: '300000001',
    });
    const report = await deliverDueMail(database.db, smtp());
    expect(report).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual(['celine.favre@example.org']);
    expect(inbox[0]!.from).toBe('service.ch@clarus-inkasso.example');
    expect(inbox[0]!.raw).toMatch(/^Subject: =\?UTF-8\?Q\?Votre_demande_de_rappel/m);
    expect(inbox[0]!.raw).toMatch(new RegExp(`^X-Outbox-Id: ${id}\\r$`, 'im'));
    expect(inbox[0]!.raw).toContain('Content-Type: text/html');
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    // Sent once: a second run sends nothing.
    expect(await deliverDueMail(database.db, smtp())).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('retries with growing pauses after a refusal and gives up after the last attempt', async () => {
    const id = await queueReceipt('x@example.org');
    const queued = await outboxRow(id);
    const created = queued!.createdAt;
    refuseNext = 1;
    expect(await deliverDueMail(database.db, smtp(), { now: created })).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    // Not before the pause is over …
    expect(await deliverDueMail(database.db, smtp(), { now: new Date(created.getTime() + 30_000) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    // … then it goes out.
    expect(await deliverDueMail(database.db, smtp(), { now: nextAttemptAt(created, 1)! })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });

    const doomed = await queueReceipt('y@example.org');
    refuseNext = 100;
    for (let attempt = 0; attempt < maxAttempts; attempt += 1)
      await deliverDueMail(database.db, smtp(), { now: new Date(Date.now() + 24 * 3600_000) });
    const failed = await outboxRow(doomed);
    expect(failed).toMatchObject({ status: 'failed', attempts: maxAttempts });
  });

  it('sends a mail once when another worker (another instance) looks while it is still being sent', async () => {
    const id = await queueReceipt('old@example.org');
    // Queued 20 minutes ago (the mail server was down): every attempt of the schedule is due.
    await database.db
      .update(t.mailOutbox)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(t.mailOutbox.id, id));
    const sent: string[] = [];
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => (started = resolve));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Worker A's mail server is slow: A is still sending when B looks.
    const slow: MailSender = {
      kind: 'smtp',
      send: async (message) => {
        started();
        await released;
        sent.push(`a:${message.outboxId}`);
      },
    };
    const quick: MailSender = { kind: 'smtp', send: async (message) => void sent.push(`b:${message.outboxId}`) };
    const first = deliverDueMail(database.db, slow);
    await sending;
    expect(await deliverDueMail(database.db, quick)).toEqual({ sent: 0, retried: 0, failed: 0 });
    release();
    expect(await first).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sent).toEqual([`a:${id}`]);
  });

  it('leaves a claimed row to its worker, and takes it again after the lease when that worker died', async () => {
    const id = await queueReceipt('z@example.org');
    const queued = await outboxRow(id);
    const claimedAt = new Date(queued!.createdAt.getTime() + 10 * 60_000);
    // A worker claimed the row and died before its attempt ended.
    await database.db
      .update(t.mailOutbox)
      .set({ attempts: 1, claimedUntil: new Date(claimedAt.getTime() + claimLeaseMs) })
      .where(eq(t.mailOutbox.id, id));
    const during = new Date(claimedAt.getTime() + claimLeaseMs - 1000);
    expect(await deliverDueMail(database.db, smtp(), { now: during })).toEqual({ sent: 0, retried: 0, failed: 0 });
    const after = new Date(claimedAt.getTime() + claimLeaseMs + 1000);
    expect(await deliverDueMail(database.db, smtp(), { now: after })).toEqual({ sent: 1, retried: 0, failed: 0 });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, claimedUntil: null });
    expect(inbox).toHaveLength(1);
  });

  it('delivers to the development mailbox folder without SMTP', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mailbox-'));
    try {
      await enqueueMail(database.db, {
        to: 'dev@example.org',
        template: 'passwordReset',
        language: 'en',
        variant: 'de',
        data: { name: 'Max', salutation: 1, link: 'https://x/reset', validMinutes: 30 },
      });
      expect((await deliverDueMail(database.db, mailboxSender(folder))).sent).toBe(1);
      expect(readdirSync(folder).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      const [entry] = await readMailbox(folder);
      expect(entry).toMatchObject({
        to: 'dev@example.org',
        subject: 'New password for the Clarus Inkasso service portal',
      });
      expect(entry!.text).toContain('https://x/reset');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the mail server is down (issue 18, faults)', () => {
  it('keeps the mail in the outbox and sends it once when the server is back, also with two workers', async () => {
    // A free port where nothing listens until the mail server "comes back".
    const downPort = await freePort();
    const id = await queueCallbackReceipt('z@example.org', 'de', { name: '', salutation: 1, reference: '100000001' });
    const queued = await outboxRow(id);
    const created = queued!.createdAt;
    const sender = () => smtpSender(`smtp://127.0.0.1:${downPort}?ignoreTLS=true`);

    // No server answers: the attempt fails, the mail stays pending with the reason.
    expect(await deliverDueMail(database.db, sender(), { now: created })).toEqual({ sent: 0, retried: 1, failed: 0 });
    const kept = await outboxRow(id);
    expect(kept).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(kept!.lastError).toMatch(/ECONNREFUSED/);

    // The server is back; two instances' workers run at the same moment.
    const received: string[] = [];
    const back = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => back.listen(downPort, '127.0.0.1', resolve));
    try {
      const later = nextAttemptAt(created, 1)!;
      const reports = await Promise.all([
        deliverDueMail(database.db, sender(), { now: later }),
        deliverDueMail(database.db, sender(), { now: later }),
      ]);
      expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
      // Another run later finds nothing to send.
      expect(await deliverDueMail(database.db, sender(), { now: new Date(later.getTime() + 3600_000) })).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      });
    } finally {
      await new Promise<void>((resolve) => back.close(() => resolve()));
    }
    expect(received).toEqual(['z@example.org']);
    const sent = await outboxRow(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });
});
