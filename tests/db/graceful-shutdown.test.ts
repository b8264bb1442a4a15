/**
 * Graceful shutdown (issue 18, production run): the built portal as a child process holds a
 * request open (its body still arriving) when SIGTERM comes. The listener refuses new
 * connections, /readyz would say 503, the request in flight is answered in full, the workers
 * stop, the database is closed, and the process exits with 0.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTimeoutMs, ensureBuild } from '../helpers/build.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { skipReason } from '../helpers/skip.ts';
import { startTempPostgres, tempPostgresUnavailable, type TempPostgres } from '../helpers/temp-postgres.ts';

let server: ServerProcess | undefined;
let database: TempPostgres | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

/**
 * A raw HTTP request that asks `Expect: 100-continue`: the server's "100 Continue" proves it has
 * the request in hand; the body follows only when `finish()` is called.
 */
function slowRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let onContinue: () => void = () => {};
  const accepted = new Promise<void>((resolve) => (onContinue = resolve));
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    if (received.startsWith('HTTP/1.1 100 Continue')) onContinue();
  });
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
  socket.once('connect', () =>
    socket.write(
      `POST /payments/webhook/sandbox HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: keep-alive\r\n\r\n`,
    ),
  );
  return { accepted, finish: () => socket.write(body), ended };
}

// On a PostgreSQL of the test's own: it starts in a second, where a new embedded database takes many.
const metricsToken = 'scrape-token-0123456789abcdef';

/** /metrics while the process runs: only with the bearer token; requests counted by route id. */
async function checkMetrics(origin: string) {
  const faq = await fetch(`${origin}/serviceportal/service/faq?hl=en`);
  expect(faq.status).toBe(200);
  await faq.text();
  expect((await fetch(`${origin}/metrics`)).status).toBe(401);
  expect(
    (await fetch(`${origin}/metrics`, { headers: { Authorization: 'Bearer wrong-token-0123456789ab' } })).status,
  ).toBe(401);
  const scrape = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
  expect(scrape.status).toBe(200);
  const text = await scrape.text();
  expect(text).toContain('portal_http_requests_total{route="/readyz",method="GET",status="200"} 1');
  expect(text).toContain('portal_http_requests_total{route="routes/$portal.service.faq",method="GET",status="200"} 1');
  expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005",route="routes/$portal.service.faq"');
  expect(text).toContain('portal_mail_outbox{status="pending"} 0');
  expect(text).toContain('# TYPE portal_assistant_turns_total counter');
  // Never a path with what it carries.
  expect(text).not.toContain('hl=en');
}

const notHere = skipReason('graceful shutdown', tempPostgresUnavailable());

describe.skipIf(notHere)('graceful shutdown of the built server', () => {
  beforeAll(ensureBuild, buildTimeoutMs);

  it('finishes the request in flight after SIGTERM, then exits with 0', async () => {
    database = await startTempPostgres();
    server = await startServerProcess({ DATABASE_URL: database.url(), METRICS_TOKEN: metricsToken });
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(200);
    await checkMetrics(server.origin);

    const request = slowRequest(server.port, '{"eventId":"e-1","merchantReference":"none"}');
    // The server has the request in hand (it said "100 Continue"): now the signal.
    await request.accepted;
    server.child.kill('SIGTERM');
    await server.waitForLog((line) => line.msg === 'shutting down: finishing the requests in flight');

    // No new connection is taken any more.
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow();

    request.finish();
    const answer = await request.ended;
    // After "100 Continue", the webhook's whole answer to an unsigned body.
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 401 /);
    expect(answer).toContain('{"error":"signature"}');

    expect(await server.exited).toBe(0);
    const stopped = await server.waitForLog((line) => line.msg === 'stopped');
    expect(stopped).toBeTruthy();
  }, 90_000);
});
