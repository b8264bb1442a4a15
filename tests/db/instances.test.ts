/**
 * Issue 18, part 1: two instances of the built portal on one PostgreSQL database and one shared
 * storage folder, as behind a load balancer without sticky sessions. One visitor's requests
 * alternate between them with one cookie jar: the session, the step-up, the sign-in limits,
 * an idempotent payment, an upload, the chat pane's conversation; meanwhile both mail workers
 * and both retention jobs run. PostgreSQL only (TEST_DATABASE_URL, as .ci/run sets it); the
 * database is created for the test and dropped after it.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { buildTimeoutMs, ensureBuild } from '../helpers/build.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import {
  call,
  CookieJar,
  databaseUrlOf,
  signInByForm,
  startPair,
  type Instance,
  type InstancePair,
} from '../helpers/instances.ts';
import { freePorts } from '../helpers/ports.ts';
import { skipReason } from '../helpers/skip.ts';
import { pdfBytes } from '../helpers/uploads.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
/** Mail queued during an outage, 20 minutes old: every worker finds every row due at once. */
const queuedMails = 12;
const expiredTranscripts = 5;

let database: TestDatabase;
let pair: InstancePair | undefined;
let smtp: SMTPServer;
/** X-Outbox-Id of every mail the SMTP server accepted. */
const delivered: string[] = [];
let a: Instance;
let b: Instance;

/**
 * A visitor of the test's own (each test stands alone: run one with -t), signed in to 100000001
 * with the password on A, the captcha fetched from B.
 */
async function signedIn(): Promise<CookieJar> {
  const jar = new CookieJar();
  const full = await signInByForm(a, jar, { mode: 'password', reference: '100000001', password: 'Demo-Pass1' }, b);
  expect(full.status).toBe(302);
  return jar;
}

const notHere = skipReason(
  'two instances on one PostgreSQL database',
  !serverUrl && 'PostgreSQL only: set TEST_DATABASE_URL (as .ci/run does) to run it',
);

describe.skipIf(notHere)('two instances on one PostgreSQL database', () => {
  // The production build, made when missing or stale.
  beforeAll(ensureBuild, buildTimeoutMs);
  beforeAll(async () => {
    database = await createTestDatabase();

    // Mail waiting from an outage, and chat transcripts past their 24 hours.
    const longAgo = new Date(Date.now() - 20 * 60_000);
    await database.db.insert(t.mailOutbox).values(
      Array.from({ length: queuedMails }, (_, i) => ({
        toAddress: `queued-${i}@example.org`,
        template: 'passwordReset',
        language: 'de',
        variant: 'de',
        data: { name: 'Max Muster', salutation: 1, link: 'http://127.0.0.1/serviceportal/x', validMinutes: 60 },
        createdAt: longAgo,
      })),
    );
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    await database.db.insert(t.chatTranscripts).values(
      Array.from({ length: expiredTranscripts }, () => ({
        id: randomUUID().replace(/-/g, ''),
        variant: 'de',
        messages: [],
        createdAt: twoDaysAgo,
        updatedAt: twoDaysAgo,
      })),
    );

    // A mail server that takes its time with each mail (as a real one under load does).
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let head = '';
        stream.on('data', (chunk: Buffer) => (head += chunk.toString('utf8')));
        stream.on('end', () => {
          const id = /X-Outbox-Id: (\d+)/i.exec(head)?.[1];
          setTimeout(() => {
            if (id) delivered.push(id);
            callback();
          }, 400);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const ports = await freePorts(2);

    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_WORKER_INTERVAL_MS: '1000',
      // The load balancer's address: every link is built from it on both instances.
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports[0]}`,
      // The journey comes from one address; the per-reference limit is the one under test.
      SIGNIN_CLIENT_MAX_FAILURES: '100',
      RATE_LIMIT_CLIENT_SCALE: '20',
      // A light proof of work: the captcha is redeemed once across both, its strength is not under test.
      CAPTCHA_MAX_NUMBER: '2000',
      CAPTCHA_HARDEST_NUMBER: '2000',
    };
    // Both start at once: seeding, demo documents into the shared folder, workers and jobs race.
    pair = await startPair({
      ports: [ports[0]!, ports[1]!],
      databaseUrl: await databaseUrlOf(database, serverUrl!),
      env,
      // Generous: on a busy machine compiling the server's TypeScript at start takes a while.
      readyMs: 240_000,
    });
    ({ a, b } = pair);
  }, 900_000);

  afterAll(async () => {
    await pair?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await database?.dispose();
  });

  it('keeps the session and its step-up across both', async () => {
    const jar = new CookieJar();
    const limited = await signInByForm(b, jar, { mode: 'reference', reference: '100000001' }, a);
    expect(limited.status).toBe(302);
    expect(limited.headers.get('Location')).toBe('/serviceportal/dashboard');
    expect((await call(a, jar, '/serviceportal/dashboard')).status).toBe(200);

    // The upload center needs the password: asked on B, given on A, valid on B.
    const asked = await call(b, jar, '/serviceportal/upload-center');
    expect(asked.status).toBe(302);
    expect(asked.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?/);
    const full = await signInByForm(a, jar, { mode: 'password', reference: '100000001', password: 'Demo-Pass1' }, b);
    expect(full.status).toBe(302);
    expect((await call(b, jar, '/serviceportal/upload-center')).status).toBe(200);
  });

  it('counts wrong passwords on both against one limit', async () => {
    const other = new CookieJar();
    const attempt = (on: Instance, password: string) =>
      signInByForm(on, other, { mode: 'password', reference: '100000002', password });
    // Five wrong passwords, alternating: each is evaluated.
    for (let i = 0; i < 5; i++) expect((await attempt(i % 2 === 0 ? a : b, `Falsch-${i}`)).status).toBe(401);
    // The sixth is refused on either instance, even with the right password.
    expect((await attempt(b, 'Falsch-6')).status).toBe(429);
    expect((await attempt(a, 'Demo-Pass1')).status).toBe(429);
  });

  it('books one payment for one idempotency key sent to both at once', async () => {
    const jar = await signedIn();
    const idempotencyKey = randomUUID();
    const pay = (on: Instance) =>
      call(on, jar, '/serviceportal/checkout/pay-direct', { form: { intent: 'pay', method: '2', idempotencyKey } });
    const [first, second] = await Promise.all([pay(a), pay(b)]);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    const rows = await database.db.select().from(t.payments).where(eq(t.payments.idempotencyKey, idempotencyKey));
    expect(rows).toHaveLength(1);
    // Each answer leads to that one payment: the provider's page, or (while the other request is
    // still asking the provider) the portal's page of the same payment.
    const provider = `/sandbox/pay/${rows[0]!.providerReference}`;
    const page = `/serviceportal/checkout/pay-direct/payment/${rows[0]!.id}`;
    for (const answer of [first, second]) {
      const location = answer.headers.get('Location')!;
      expect(location.startsWith(provider) || location === page, location).toBe(true);
    }
  });

  it('serves on B the file uploaded on A', async () => {
    const jar = await signedIn();
    const bytes = pdfBytes(200_000);
    const form = new FormData();
    form.append('files', new File([bytes], 'kontoauszug.pdf', { type: 'application/pdf' }));
    const sent = await call(a, jar, '/serviceportal/uploads?context=message', { body: form });
    expect(sent.status).toBe(200);
    const { accepted } = (await sent.json()) as { accepted: Array<{ id: number }> };
    expect(accepted).toHaveLength(1);
    const fetched = await call(b, jar, `/serviceportal/uploads/${accepted[0]!.id}`);
    expect(fetched.status).toBe(200);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(bytes);
  });

  it('continues the chat pane’s conversation on B where A left it', async () => {
    const jar = await signedIn();
    const say = async (on: Instance, text: string) => {
      const response = await call(on, jar, '/serviceportal/assistant/chat', {
        body: JSON.stringify({ text }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.status).toBe(200);
      return (await response.text())
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
        .map((line) => JSON.parse(line.slice(6)) as { type: string; output?: Record<string, unknown> })
        .filter((chunk) => chunk.type === 'tool-output-available')
        .map((chunk) => chunk.output);
    };
    expect((await say(a, 'ich kann nur 50 euro im monat zahlen'))[0]).toMatchObject({
      kind: 'proposal',
      rateMinor: 5000,
    });
    expect(jar.has('portal_chat')).toBe(true);
    // The follow-up only makes sense with the first turn's context.
    expect((await say(b, 'und in 6 Raten?'))[0]).toMatchObject({ kind: 'proposal', count: 6 });
  });

  it('sends each queued mail once although both workers deliver', async () => {
    const jar = await signedIn();
    // A message on B queues two more mails (to the agency, and the receipt).
    const sent = await call(b, jar, '/serviceportal/service/contact', {
      form: {
        intent: 'message',
        subjectId: '2',
        body: 'Bitte schicken Sie mir die Aufstellung der Kosten noch einmal zu.',
        email: 'max@example.org',
      },
    });
    expect(sent.status).toBe(302);
    const outbox = async () => database.db.select().from(t.mailOutbox);
    const until = Date.now() + 60_000;
    while ((await outbox()).some((row) => row.status === 'pending') && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const rows = await outbox();
    expect(rows.length).toBeGreaterThanOrEqual(queuedMails + 2);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    // Every row reached the mail server exactly once.
    expect([...delivered].sort()).toEqual(rows.map((row) => String(row.id)).sort());
  }, 90_000);

  it('ran the retention purge once for both: the expired transcripts are gone', async () => {
    const expiredLeft = async () => {
      const [left] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.chatTranscripts)
        .where(sql`${t.chatTranscripts.createdAt} < now() - interval '24 hours'`);
      return left!.n;
    };
    const purgedInReports = () =>
      [...a.logs, ...b.logs]
        .map((line) => {
          try {
            return JSON.parse(line) as { msg?: string; 'chat-transcripts'?: number };
          } catch {
            return {};
          }
        })
        .filter((entry) => entry.msg === 'retention purge')
        .reduce((sum, r) => sum + (r['chat-transcripts'] ?? 0), 0);
    // Both jobs run at start; run alone, this test may come before they have reported.
    const until = Date.now() + 60_000;
    while (((await expiredLeft()) > 0 || purgedInReports() === 0) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await expiredLeft()).toBe(0);
    expect(purgedInReports()).toBe(expiredTranscripts);
  }, 90_000);

  it('shows on each instance a file changed by the other or by the agency’s own system at once', async () => {
    const jar = await signedIn();
    const total = async (on: Instance) => {
      const response = await call(on, jar, '/serviceportal/dashboard');
      expect(response.status).toBe(200);
      return response.text();
    };
    // Each instance renders the dashboard for every request (decision 074: nothing is kept).
    const before = [await total(a), await total(a), await total(b), await total(b)];
    expect(before[1]).toContain('100000001');
    // The agency's system books a payment of 10.00 straight into the shared database.
    await database.db
      .update(t.files)
      .set({ paymentsMinor: sql`${t.files.paymentsMinor} + 1000` })
      .where(and(eq(t.files.refno, '100000001'), eq(t.files.subcase, 1)));
    const [file] = await database.db
      .select({ totalMinor: t.files.totalMinor })
      .from(t.files)
      .where(and(eq(t.files.refno, '100000001'), eq(t.files.subcase, 1)));
    const euros = (minor: number) => (minor / 100).toLocaleString('de-DE', { minimumFractionDigits: 2 });
    for (const on of [a, b]) {
      const after = await total(on);
      expect(after).toContain(euros(file!.totalMinor!));
    }
    // The pages before the write did not show that total.
    for (const page of before) expect(page).not.toContain(euros(file!.totalMinor!));
  });

  it('ends the session on both when it is signed out on one', async () => {
    const jar = await signedIn();
    // B shows the dashboard of this session…
    expect((await call(b, jar, '/serviceportal/dashboard')).status).toBe(200);
    expect((await call(b, jar, '/serviceportal/dashboard')).status).toBe(200);
    // …and still sends the request to sign in once A has ended the session.
    const out = await call(a, jar, '/serviceportal/signout', { form: {} });
    expect(out.status).toBe(302);
    const after = await call(b, jar, '/serviceportal/dashboard');
    expect(after.status).toBe(302);
    const [file] = await database.db
      .select()
      .from(t.files)
      .where(and(eq(t.files.refno, '100000001'), eq(t.files.subcase, 1)));
    expect(file).toBeDefined();
  });
});
