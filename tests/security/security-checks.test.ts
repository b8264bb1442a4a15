/**
 * Issue 18, part 4: the security checks as tests, on the route table (every route of app/routes,
 * found by itself, and every endpoint registered in tests/security/registered-endpoints.ts), through
 * the portal's Express edge and Remix in-process (tests/helpers/remix-app.ts):
 *
 *  - the security headers on every page and resource route, signed in and as a visitor;
 *  - a cross-site write refused on every action (Origin of another site, Sec-Fetch-Site
 *    cross-site, an opaque origin from another site, a foreign Referer);
 *  - another debtor's file unreachable through every loader and action: signed in as one debtor,
 *    with the ids of another debtor's payment, invoice and upload in the path and in the form,
 *    no answer carries the other debtor's data and nothing of theirs changes;
 *  - a full journey (sign-in, pay, plan, message, chat) sent with an attacker's Host: every link
 *    in every mail it queued is built from PUBLIC_BASE_URL, and nothing the portal logged (its
 *    pino logger with its real redaction, the request log line, the console) names a demo
 *    debtor's name, e-mail address, IBAN, reference number or street.
 *
 * Enumeration (the same answers and the same password work for existing and unknown reference
 * numbers up to the configured limit) is in tests/routes/signin.test.ts, "brute force".
 */
import { eq } from 'drizzle-orm';
import express from 'express';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type * as PinoModule from 'pino';
import { pinoHttp } from 'pino-http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import de from '#locales/de/common.json';
import * as t from '#server/db/schema.ts';
import { resetEnvCache } from '#server/env.ts';
import { logger } from '#server/http/logger.ts';
import { scrubUrl } from '#server/http/scrub.ts';
import { renderMail } from '#server/mail/templates.ts';
import { edgeApp } from '../helpers/remix-app.ts';
import { useDocumentFolder } from '../helpers/documents.ts';
import { demoFiles, solvedCaptcha, useRouteDatabase } from '../helpers/routes.ts';
import { pdfBytes, useUploadFolder } from '../helpers/uploads.ts';
import './registered-endpoints.ts';
import { endpoints, type Endpoint } from './targets.ts';

/** Everything pino writes in this file, whatever instance (the portal's logger included). */
const logLines: string[] = [];
vi.mock('pino', async (original) => {
  const real = await original<typeof PinoModule>();
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  // The portal's own options (its redaction paths among them), every level, into memory.
  const pino = (options?: Record<string, unknown>) => real.pino({ ...options, level: 'trace' }, capture);
  return { ...real, default: Object.assign(pino, real), pino: Object.assign(pino, real) };
});

const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
useUploadFolder();
// The stored invoices on disk, as a running portal has them: without them the invoice download
// answered 404, and its own headers were never checked (issue 31, finding 9).
useDocumentFolder(database);

/** The edge on a port the kernel chose (set once it listens). */
let base = '';
let server: Server;
let all: Endpoint[] = [];
const consoleLines: string[] = [];
const savedEnv = { ...process.env };

beforeAll(async () => {
  // A deployment's own address; the requests below come with an attacker's Host.
  process.env.PUBLIC_BASE_URL = 'https://portal.example';
  resetEnvCache();
  all = await endpoints();
  const app = express();
  // The request log line as server/http/main.ts writes it (scrubbed URL, status).
  app.use(
    pinoHttp({
      logger,
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: scrubUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(await edgeApp());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const level of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, level).mockImplementation(
      (...args: unknown[]) => void consoleLines.push(args.map(String).join(' ')),
    );
});
afterAll(() => {
  server?.close();
  process.env = { ...savedEnv };
  resetEnvCache();
  vi.restoreAllMocks();
});

interface Reply {
  status: number;
  headers: Headers;
  body: string;
}

/** One request over HTTP exactly as given (node:http: fetch would not send a Host of our choice). */
async function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<Reply> {
  const encoded = init.body === undefined ? null : new Response(init.body);
  const bytes = encoded ? Buffer.from(await encoded.arrayBuffer()) : null;
  const headers: Record<string, string> = { ...init.headers };
  const type = encoded?.headers.get('Content-Type');
  if (type && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = type;
  if (bytes) headers['Content-Length'] = String(bytes.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const replyHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
            replyHeaders.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: replyHeaders, body: Buffer.concat(chunks).toString() });
      });
    });
    req.on('error', reject);
    req.end(bytes ?? undefined);
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const isHtml = (reply: Reply) => (reply.headers.get('Content-Type') ?? '').includes('text/html');
const loaders = () => all.filter((e) => e.loader && !e.path.startsWith('/staff'));
const actions = () => all.filter((e) => e.action);

describe('security headers', () => {
  it('are on every answer of every route, signed in and as a visitor', async () => {
    const cookie = await cookieFor('100000001');
    let pages = 0;
    const downloads: string[] = [];
    for (const endpoint of loaders()) {
      for (const headers of [{ Cookie: cookie }, {}] as Array<Record<string, string>>) {
        const reply = await send(endpoint.path, { headers });
        const where = `${endpoint.id} (${reply.status})`;
        if (reply.status === 200 && /attachment/.test(reply.headers.get('Content-Disposition') ?? ''))
          downloads.push(endpoint.id);
        const csp = reply.headers.get('Content-Security-Policy') ?? '';
        expect(csp, where).toMatch(/default-src 'self'/);
        expect(csp, where).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
        expect(csp, where).toMatch(/object-src 'none'/);
        expect(csp, where).toMatch(/base-uri 'none'/);
        // Only the sandbox provider's card page may be framed, and only by the portal.
        const framed = endpoint.path.startsWith('/sandbox/pay/');
        expect(csp, where).toContain(framed ? "frame-ancestors 'self'" : "frame-ancestors 'none'");
        expect(reply.headers.get('X-Frame-Options'), where).toBe(framed ? 'SAMEORIGIN' : 'DENY');
        expect(reply.headers.get('X-Content-Type-Options'), where).toBe('nosniff');
        expect(reply.headers.get('Referrer-Policy'), where).toBe('strict-origin-when-cross-origin');
        expect(reply.headers.get('X-Powered-By'), where).toBeNull();
        if (isHtml(reply)) {
          pages++;
          // A page shows a file: never stored by a cache; its inline scripts carry the nonce.
          expect(reply.headers.get('Cache-Control'), where).toBe('no-store');
          const nonce = /'nonce-([^']+)'/.exec(csp)![1];
          for (const script of reply.body.match(/<script\b[^>]*>/g) ?? [])
            expect(script, where).toContain(`nonce="${nonce}"`);
        }
      }
    }
    expect(pages).toBeGreaterThan(60);
    // A stored document was served, not a 404: its own headers were checked above.
    expect(downloads).toContain('routes/$portal.claim-information_.invoices.$invoiceId');
  });
});

describe('cross-site writes', () => {
  const crossSite: Array<[string, Record<string, string>]> = [
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site without an Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['an opaque Origin from another site', { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }],
    ['a Referer of another site', { Referer: 'https://evil.example/form' }],
    ['an Origin of the same host on another port', { Origin: 'http://127.0.0.1:1' }],
  ];

  it.each(crossSite)('are refused on every action: %s', async (_name, headers) => {
    const cookie = await cookieFor('100000001');
    const before = await database.db.select().from(t.mailOutbox);
    for (const endpoint of actions()) {
      if (endpoint.reads === 'signed') continue;
      const reply = await send(endpoint.path, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: 'intent=message&subjectId=2&body=Cross-site%20message%20of%20twenty%20chars&email=a%40example.org',
      });
      // The JSON API takes no cookie (bearer tokens only, decision 044), so a cross-site post carries
      // nothing that could act for the debtor: it is refused as a call without a token, never done.
      if (endpoint.bearerOnly) {
        expect([401, 404], `${endpoint.id}: ${reply.status}`).toContain(reply.status);
        continue;
      }
      expect({ route: endpoint.id, status: reply.status }).toEqual({ route: endpoint.id, status: 403 });
      // The portal's page for the refusal, in the variant's language (German on /serviceportal).
      if (endpoint.params.portal === 'serviceportal')
        expect(reply.body, endpoint.id).toContain(escapeText(de.errors.refused.crossSite.title));
      else expect(reply.body, endpoint.id).toMatch(/<h1>[^<]+<\/h1>/);
    }
    // Nothing was sent on the debtor's behalf.
    expect((await database.db.select().from(t.mailOutbox)).length).toBe(before.length);
  });
});

describe('another debtor’s file', () => {
  it('is unreachable through every loader and action', async () => {
    // The victim: 100000001, with a payment, an upload and invoices of its own.
    const victim = await fileOf('100000001');
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, victim.debtorId));
    const victimCookie = await cookieFor('100000001');
    const started = await send('/serviceportal/checkout/pay-direct', {
      method: 'POST',
      headers: { Cookie: victimCookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'pay', method: '6', idempotencyKey: crypto.randomUUID() }).toString(),
    });
    expect(started.status).toBe(302);
    const [payment] = await database.db.select().from(t.payments).where(eq(t.payments.fileId, victim.id));
    const form = new FormData();
    form.append('files', new File([pdfBytes()], 'Kontoauszug.pdf', { type: 'application/pdf' }));
    const uploaded = await send('/serviceportal/uploads?context=message', {
      method: 'POST',
      headers: { Cookie: victimCookie, Origin: base },
      body: form,
    });
    const uploadId = (JSON.parse(uploaded.body) as { accepted: Array<{ id: number }> }).accepted[0]!.id;
    const [invoice] = await database.db.select().from(t.invoices).where(eq(t.invoices.fileId, victim.id));
    const ids = { paymentId: payment!.id, invoiceId: String(invoice!.id), id: String(uploadId), orderId: '1' };
    // (The payment's id is not among them: the attacker typed it into the address.)
    const secrets = [debtor!.lastName, debtor!.email, debtor!.iban, debtor!.streetName, 'Kontoauszug.pdf']
      .filter((s): s is string => Boolean(s && s.length > 3))
      .map(String);
    const uploadsBefore = await database.db.select().from(t.uploads).where(eq(t.uploads.id, uploadId));

    // The attacker: signed in (full) to another file, 100000002; their own file's data may show.
    const attacker = await cookieFor('100000002');
    let checked = 0;
    for (const endpoint of all.filter((e) => !e.id.startsWith('routes/staff'))) {
      const path = Object.entries(ids).reduce(
        (p, [name, value]) => (endpoint.params[name] ? p.replace(`/${endpoint.params[name]}`, `/${value}`) : p),
        endpoint.path,
      );
      const requests: Array<RequestInit & { kind: string }> = [];
      if (endpoint.loader) requests.push({ kind: 'GET', headers: { Cookie: attacker } });
      if (endpoint.action)
        requests.push({
          kind: 'POST',
          method: 'POST',
          headers: { Cookie: attacker, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
          // The other file's ids wherever a form could name one.
          body: new URLSearchParams({
            fileId: String(victim.id),
            paymentId: payment!.id,
            uploadId: String(uploadId),
            invoiceId: String(invoice!.id),
            intent: 'delete',
            refno: '100000001',
            reference: '100000001',
          }).toString(),
        });
      for (const { kind, ...init } of requests) {
        const reply = await send(path, init as never);
        checked++;
        for (const secret of secrets)
          expect(reply.body.includes(secret), `${kind} ${path} (${endpoint.id}) shows "${secret}"`).toBe(false);
        expect(reply.status, `${kind} ${path}`).not.toBe(500);
      }
    }
    expect(checked).toBeGreaterThan(80);
    // The victim's upload is still theirs and where it was.
    expect(await database.db.select().from(t.uploads).where(eq(t.uploads.id, uploadId))).toEqual(uploadsBefore);
  });
});

describe('a full journey with an attacker’s Host', () => {
  it('puts only PUBLIC_BASE_URL into mail links and no personal data into any log', async () => {
    const host = { Host: 'evil.example', Origin: 'http://evil.example' };
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const go = async (
      path: string,
      init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
    ) => {
      const reply = await send(path, { ...init, headers: { ...host, Cookie: cookieHeader(), ...init.headers } });
      for (const line of reply.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=');
        if (value) jar.set(name!, value);
        else jar.delete(name!);
      }
      return reply;
    };
    const post = (path: string, fields: Record<string, string>) =>
      go(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    logLines.length = 0;
    consoleLines.length = 0;
    const outboxBefore = (await database.db.select().from(t.mailOutbox)).map((m) => m.id);

    // Sign in with the password, from a letter's query string too.
    expect((await go('/serviceportal/signin?refno=100000011')).status).toBe(200);
    const signedIn = await post('/serviceportal/signin', {
      mode: 'password',
      reference: '100000011',
      password: 'Demo-Pass1',
      privacy: 'on',
      altcha: await solvedCaptcha(),
    });
    expect(signedIn.status).toBe(302);
    expect((await go('/serviceportal/dashboard')).status).toBe(200);
    expect((await go('/serviceportal/claim-information')).status).toBe(200);
    // Pay by bank transfer and have the details mailed.
    const paid = await post('/serviceportal/checkout/pay-direct', {
      intent: 'pay',
      method: '6',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(paid.status).toBe(302);
    const paymentPath = paid.headers.get('Location')!;
    expect((await go(paymentPath)).status).toBe(200);
    await post(paymentPath, { intent: 'mail', email: 'andreas.wolf@example.org' });
    // The plan (a running one is mailed), a message with personal data typed in, the chat.
    expect((await go('/serviceportal/installment-plan')).status).toBe(200);
    await post('/serviceportal/installment-plan', { email: 'andreas.wolf@example.org' });
    const message = await post('/serviceportal/service/contact', {
      intent: 'message',
      subjectId: '2',
      body: 'Meine IBAN ist DE89370400440532013000, Andreas Wolf, bitte um Rückruf.',
      email: 'andreas.wolf@example.org',
    });
    expect(message.status).toBe(302);
    const chat = await go('/serviceportal/assistant/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Ich bin Andreas Wolf, Aktenzeichen 100000011, ich möchte in Raten zahlen' }),
    });
    expect(chat.status).toBe(200);
    // A reset for someone else, asked from the attacker's host.
    await post('/serviceportal/password/reset', { reference: '100000001', altcha: await solvedCaptcha() });
    await post('/serviceportal/signout', {});

    // Every mail queued on the way links only to the configured address.
    const mails = (await database.db.select().from(t.mailOutbox)).filter((m) => !outboxBefore.includes(m.id));
    expect(mails.map((m) => m.template)).toEqual(
      expect.arrayContaining(['bankTransferDetails', 'instalmentPlan', 'passwordReset']),
    );
    for (const mail of mails) {
      const rendered = renderMail(mail.template as never, mail.data as never, {
        language: mail.language as never,
        variant: mail.variant as never,
      });
      const links = `${rendered.html}\n${rendered.text}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
      expect(`${rendered.html}${rendered.text}${JSON.stringify(mail.data)}`, mail.template).not.toContain(
        'evil.example',
      );
      for (const link of links.filter((l) => !/^https?:\/\/(www\.)?w3\.org\//.test(l)))
        expect(link.startsWith('https://portal.example/'), `${mail.template}: ${link}`).toBe(true);
    }

    // Nothing personal in anything logged on the way.
    const debtors = await database.db.select().from(t.debtors);
    const refnos = (await database.db.select({ refno: t.files.refno }).from(t.files)).map((f) => f.refno);
    const personal = [
      ...debtors.flatMap((d) => [d.firstName, d.lastName, d.email, d.iban, d.streetName, d.accountHolder]),
      ...refnos,
      'DE89370400440532013000',
    ].filter((s): s is string => typeof s === 'string' && s.length >= 4);
    const logged = [...logLines, ...consoleLines].join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    const found = [...new Set(personal)].filter((value) =>
      new RegExp(`(^|[^\\p{L}\\d])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\d])`, 'iu').test(logged),
    );
    expect(found, logged.slice(0, 2000)).toEqual([]);
  });
});
