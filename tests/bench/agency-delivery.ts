/**
 * `npm run bench:delivery` (issue 29: "10,000 events a minute delivered on this machine"): the
 * webhook delivery worker's own loop (server/agency/delivery.ts `deliverDue`: fan-out, claim, sign,
 * post, mark) against the reference consumer (server/agency/consumer.ts, which verifies every
 * signature) on 127.0.0.1, with a backlog of events spread over many files as a letter batch's
 * answers would be. Reports events delivered per minute, duplicates, events out of order within a
 * file, and the worker's CPU time per event. Measured, never asserted; writes
 * bench-results/agency-delivery.json.
 *
 * Environment: BENCH_EVENTS (default 10000), BENCH_FILES (files the events are spread over,
 * default 2000), BENCH_DB (pglite or postgres; postgres needs DATABASE_URL, whose server gets a
 * database of its own, dropped at the end).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startConsumer } from '../../server/agency/consumer.ts';
import { deliverDue, newWebhookSecret, subscribe } from '../../server/agency/delivery.ts';
import { createClient } from '../../server/agency/auth.ts';
import * as t from '../../server/db/schema.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { root } from './harness.ts';

const eventCount = Number(process.env.BENCH_EVENTS ?? 10_000);
const fileCount = Number(process.env.BENCH_FILES ?? 2000);
const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
if (kind === 'postgres' && !process.env.DATABASE_URL) throw new Error('BENCH_DB=postgres needs DATABASE_URL');

const database = await createTestDatabase({
  seed: false,
  serverUrl: kind === 'postgres' ? process.env.DATABASE_URL : undefined,
});
const secret = newWebhookSecret();
const consumer = await startConsumer({ secret, port: 0, host: '127.0.0.1' });
try {
  const client = await createClient(database.db, { name: 'bench', scopes: ['webhooks:manage'] });
  await subscribe(database.db, client.id, { url: consumer.url, secret });

  // The backlog: events of many files, each file's in the order they happened.
  const at = new Date();
  const rows = Array.from({ length: eventCount }, (_, i) => {
    const fileId = 1 + (i % fileCount);
    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    const reference = String(100_000_000 + fileId);
    return {
      id,
      type: 'contact.messageSent',
      fileId,
      debtorId: fileId,
      occurredAt: new Date(at.getTime() + i),
      payload: {
        id,
        type: 'contact.messageSent',
        timestamp: new Date(at.getTime() + i).toISOString(),
        file: { reference, subcase: 1 },
        data: { action: 'sendMessage', door: 'page', input: { body: `Message ${i} of the batch.` }, result: { id: i } },
      },
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(t.agencyEvents).values(rows.slice(i, i + 1000));
  // The feed serves only events whose transactions have settled: with nothing else running, now.
  await database.db.execute(sql`select 1`);

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let delivered = 0;
  let rounds = 0;
  while (delivered < eventCount && rounds < 10_000) {
    const report = await deliverDue(database.db, { limit: 500, concurrency: 32 }, 20);
    delivered += report.delivered;
    rounds += 1;
    if (report.delivered === 0 && report.retried === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);

  const seen = new Map<number, string[]>();
  for (const event of consumer.received) {
    const fileId = Number(event.payload.file.reference) - 100_000_000;
    (seen.get(fileId) ?? seen.set(fileId, []).get(fileId)!).push(event.id);
  }
  const expected = new Map<number, string[]>();
  for (const row of rows) (expected.get(row.fileId) ?? expected.set(row.fileId, []).get(row.fileId)!).push(row.id);
  let outOfOrder = 0;
  for (const [fileId, ids] of expected) {
    const got = (seen.get(fileId) ?? []).filter((id, i, all) => all.indexOf(id) === i);
    if (got.join() !== ids.join()) outOfOrder += 1;
  }
  const result = {
    database: kind,
    events: eventCount,
    files: fileCount,
    delivered,
    received: consumer.received.length,
    duplicates: consumer.received.filter((event) => event.duplicate).length,
    filesOutOfOrder: outOfOrder,
    seconds: Number(seconds.toFixed(1)),
    eventsPerMinute: Math.round((delivered / seconds) * 60),
    workerAndConsumerCpuMsPerEvent: Number(((cpu.user + cpu.system) / 1000 / Math.max(1, delivered)).toFixed(2)),
  };
  console.table([result]);
  const out = path.join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'agency-delivery.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await consumer.close();
  await database.dispose();
}
