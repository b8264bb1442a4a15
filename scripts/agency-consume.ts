/**
 * npm run agency:consume -- --secret whsec_… [--port 4000] [--host 127.0.0.1]: the reference
 * consumer (server/agency/consumer.ts). Prints one JSON line per verified event; the secret may
 * also come from AGENCY_WEBHOOK_SECRET.
 */
import { parseArgs } from 'node:util';
import { startConsumer } from '../server/agency/consumer.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { secret: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } },
  strict: true,
});
const secret = values.secret ?? process.env.AGENCY_WEBHOOK_SECRET;
if (!secret) {
  process.stderr.write('usage: npm run agency:consume -- --secret whsec_… [--port 4000] [--host 127.0.0.1]\n');
  process.exit(2);
}
const consumer = await startConsumer({
  secret,
  port: Number(values.port ?? 4000),
  host: values.host ?? '127.0.0.1',
  onEvent: (event) =>
    process.stdout.write(
      `${JSON.stringify({ id: event.id, duplicate: event.duplicate, type: event.payload.type, file: event.payload.file, data: event.payload.data })}\n`,
    ),
  onRejected: (reason) => process.stderr.write(`rejected: ${reason}\n`),
});
process.stderr.write(`listening on ${consumer.url}\n`);
const stop = () => void consumer.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
