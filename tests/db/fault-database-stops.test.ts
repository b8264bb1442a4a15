/**
 * Fault (issue 18): the database stops in the middle of a request. The built portal runs as a
 * child process on a PostgreSQL the test starts in a temporary folder (never the machine's own).
 *
 * A payment provider's webhook arrives; its booking transaction has marked the payment paid and
 * waits for the file's row, which the test holds locked. Then the database stops (pg_ctl stop
 * -m fast, as an administrator or a failover would). The webhook is answered 503 (the provider
 * sends it again), every page says in the debtor's language that the portal is briefly
 * unavailable (503, Retry-After), /readyz is 503. Once the database is back nothing was half
 * written (the payment is still pending, nothing booked), pages answer again, and the webhook
 * sent again books the payment once.
 */
import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoData } from '#server/db/bootstrap.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import { SandboxPaymentProvider } from '#server/payments/providers/sandbox.ts';
import { createPayment } from '#server/payments/service/start.ts';
import { variants } from '#server/variants/config.ts';
import { buildTimeoutMs, ensureBuild } from '../helpers/build.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { skipReason } from '../helpers/skip.ts';
import { startTempPostgres, tempPostgresUnavailable, type TempPostgres } from '../helpers/temp-postgres.ts';

const webhookSecret = 'fault-test-webhook-secret-0123456789abcdef';
let postgres: TempPostgres | undefined;
let handle: DatabaseHandle | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  await handle?.close().catch(() => undefined);
  await postgres?.dispose();
});

/** Where each language's notice is asked for: the German variant speaks six, the Swedish one Swedish. */
const pages = [
  ['de', '/serviceportal'],
  ['en', '/serviceportal'],
  ['es', '/serviceportal'],
  ['fr', '/serviceportal'],
  ['it', '/serviceportal'],
  ['tr', '/serviceportal'],
  ['sv', '/serviceportal-se'],
] as const;

function unavailableTitle(language: string): string {
  const common = JSON.parse(readFileSync(`locales/${language}/common.json`, 'utf8')) as {
    errors: { unavailable: { title: string } };
  };
  return common.errors.unavailable.title;
}

/** A page whose loader reads the database: the service hub, with a session cookie to look up. */
const servicePage = (origin: string, base: string, language: string) =>
  fetch(`${origin}${base}/service?hl=${language}`, { headers: { Cookie: 'portal_session=not-a-session' } });

const notHere = skipReason('the database stops', tempPostgresUnavailable());

describe.skipIf(notHere)('the database stops in the middle of a request', () => {
  beforeAll(ensureBuild, buildTimeoutMs);
  beforeAll(async () => {
    postgres = await startTempPostgres();
    handle = await openDatabase({ kind: 'postgres', url: postgres.url() });
    await ensureDemoData(handle, { fastHashes: true });
    server = await startServerProcess({ DATABASE_URL: postgres.url(), PAYMENT_WEBHOOK_SECRET: webhookSecret });
  }, 120_000);

  it('answers 503 in the debtor language, writes nothing half, and resumes when the database is back', async () => {
    const db = handle!.db;
    const origin = server!.origin;
    const [file] = await db
      .select()
      .from(t.files)
      .where(and(eq(t.files.refno, '100000001'), eq(t.files.subcase, 1)));
    const created = await createPayment(db, {
      debtorId: file!.debtorId,
      fileId: file!.id,
      variant: variants.de,
      method: '1',
      purpose: 'partial',
      partialAmountMinor: 2500,
      idempotencyKey: crypto.randomUUID(),
      language: 'de',
      clientAddress: '203.0.113.10',
    });
    if (!created.ok) throw new Error(created.error);
    const provider = new SandboxPaymentProvider(db, { secret: webhookSecret });
    const decided = await provider.decide(created.payment.providerReference!, 'approve');
    if (!decided.ok) throw new Error('not decided');
    const webhook = provider.webhookFor(decided.session);
    const post = () =>
      fetch(`${origin}/payments/webhook/sandbox`, {
        method: 'POST',
        headers: Object.fromEntries([...webhook.headers, ['content-type', 'application/json']]),
        body: webhook.rawBody,
      });

    // The test holds the file's row; the booking will wait for it inside its transaction.
    const holder = new pg.Client({ connectionString: postgres!.url() });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from files where id = $1 for update', [file!.id]);
    const answer = post().catch((error: unknown) => error as Error);
    // Watched from a connection of its own (inside the holder's transaction the view would stand still).
    const watcher = new pg.Client({ connectionString: postgres!.url() });
    watcher.on('error', () => undefined);
    await watcher.connect();
    // Until the portal's transaction waits for that lock (it has marked the payment paid by then).
    for (let round = 0; ; round += 1) {
      if (round % 200 === 199) {
        const early = await Promise.race([answer, Promise.resolve(null)]);
        if (early) throw new Error(`the webhook was answered before the lock: ${String(early)} ${server!.output()}`);
      }
      const waiting = await watcher.query(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      if (waiting.rows[0].n > 0) break;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }

    await watcher.end();
    await postgres!.stop('fast');
    const refused = await answer;
    if (refused instanceof Error) throw new Error(`${String(refused)}\n${server!.output()}`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');

    // While it is away: the notice in each language, and not ready.
    for (const [language, base] of pages) {
      const page = await servicePage(origin, base, language);
      expect(page.status, language).toBe(503);
      expect(page.headers.get('retry-after')).toBe('30');
      const html = await page.text();
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(unavailableTitle(language));
    }
    const notReady = await fetch(`${origin}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ ready: false, reason: 'databaseUnreachable' });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);

    await postgres!.start();
    await holder.end().catch(() => undefined);

    // Nothing half written: the payment is still pending, nothing booked, the file unchanged.
    const check = new pg.Client({ connectionString: postgres!.url() });
    await check.connect();
    try {
      const payment = await check.query('select status from payments where id = $1', [created.payment.id]);
      expect(payment.rows[0].status).toBe('pending');
      const booked = await check.query('select count(*)::int as n from payments_made where reference = $1', [
        created.payment.id,
      ]);
      expect(booked.rows[0].n).toBe(0);
      const after = await check.query('select payments_minor from files where id = $1', [file!.id]);
      expect(Number(after.rows[0].payments_minor)).toBe(Number(file!.paymentsMinor));

      // Service resumes: ready, pages answer, and the provider's retry books the payment once.
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      const page = await servicePage(origin, '/serviceportal', 'en');
      expect(page.status).toBe(200);
      await page.text();
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const paid = await check.query('select status from payments where id = $1', [created.payment.id]);
      expect(paid.rows[0].status).toBe('paid');
      const once = await check.query('select count(*)::int as n from payments_made where reference = $1', [
        created.payment.id,
      ]);
      expect(once.rows[0].n).toBe(1);
    } finally {
      await check.end();
    }
  }, 120_000);
});
