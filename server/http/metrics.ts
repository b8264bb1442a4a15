/**
 * Prometheus metrics at /metrics (issue 18, production run; decision 046): requests by route id
 * and status, their latency, the mail outbox's backlog, the assistant's turns by intent and
 * engine, and the process's own figures (memory, CPU, event loop).
 *
 * Labels are bounded sets only: a route is the Remix route id the path matches (never the path
 * itself, which carries reference numbers and tokens), an intent the id the classifier gave.
 *
 * One registry per process: the HTTP server and the Remix routes are one module graph
 * (decision 076), so both count into this module's registry.
 */
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface PortalMetrics {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  latency: Histogram<'route' | 'method'>;
  outboxBacklog: Gauge<'status'>;
  assistantTurns: Counter<'intent' | 'engine'>;
  pageCacheResults: Counter<'cache' | 'result'>;
}

let current: PortalMetrics | undefined;

function create(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  return {
    registry,
    requests: new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by Remix route id (or the server route), method and status code',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from the request to the last byte of the answer, by route id and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    outboxBacklog: new Gauge({
      name: 'portal_mail_outbox',
      help: 'Mails in the outbox not sent yet (pending) and given up after the last attempt (failed)',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    assistantTurns: new Counter({
      name: 'portal_assistant_turns_total',
      help: "The assistant's answered turns, by recognised intent and engine (embedded or model)",
      labelNames: ['intent', 'engine'] as const,
      registers: [registry],
    }),
    pageCacheResults: new Counter({
      name: 'portal_page_cache_total',
      help: "A page served from a page cache (hit), not found there and rendered (miss), or not one the cache keeps (skip); by cache (visitor: public pages, debtor: a debtor's own pages)",
      labelNames: ['cache', 'result'] as const,
      registers: [registry],
    }),
  };
}

export function metrics(): PortalMetrics {
  current ??= create();
  return current;
}

/** For tests that share a process (tests/setup-shared.ts): the next metrics() starts from zero. */
export function resetMetrics(): void {
  current = undefined;
}

/** One answered turn of the assistant (server/assistant/intent-log.ts records it). */
export function countAssistantTurn(intent: string, engine: 'embedded' | 'model'): void {
  metrics().assistantTurns.inc({ intent: intent.slice(0, 64), engine });
}

/**
 * Whether a request may read /metrics: only with `Authorization: Bearer <METRICS_TOKEN>`.
 * Without a configured token nobody may (the route answers 404, as if it did not exist).
 */
export function metricsAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (!token || !authorization) return false;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  // Compared in constant time: the answer must not tell how much of a guess was right.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
