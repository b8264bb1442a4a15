/**
 * The reference consumer (issue 29 part 4): a small HTTP server an agency can read as an example
 * and the tests run against. It verifies each post's Standard Webhooks signature with the
 * `standardwebhooks` library (401 when it does not verify, or when its timestamp is more than five
 * minutes off), answers 204, and reports each event once: a delivery with an id it has seen is
 * answered 204 again and reported as a duplicate (at-least-once delivery means consumers drop
 * repeated ids). `npm run agency:consume -- --secret whsec_… [--port 4000]` prints one JSON line per
 * event.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export interface ConsumedEvent {
  id: string;
  duplicate: boolean;
  payload: { id: string; type: string; timestamp: string; file: { reference: string; subcase: number }; data: unknown };
}

export interface Consumer {
  url: string;
  server: Server;
  /** Every verified delivery in arrival order, duplicates included. */
  received: ConsumedEvent[];
  close(): Promise<void>;
}

export async function startConsumer(options: {
  secret: string;
  port?: number;
  host?: string;
  /** The answer's status for a verified event (a test makes the endpoint fail); 204 by default. */
  status?: () => number;
  onEvent?: (event: ConsumedEvent) => void;
  onRejected?: (reason: string) => void;
}): Promise<Consumer> {
  const verifier = new Webhook(options.secret);
  const seen = new Set<string>();
  const received: ConsumedEvent[] = [];
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1024 * 1024) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let payload: ConsumedEvent['payload'];
      try {
        payload = verifier.verify(body, headers) as ConsumedEvent['payload'];
      } catch (error) {
        const reason = error instanceof WebhookVerificationError ? error.message : 'unreadable';
        options.onRejected?.(reason);
        res.writeHead(401, { 'content-type': 'text/plain' }).end(reason);
        return;
      }
      const status = options.status?.() ?? 204;
      if (status >= 200 && status < 300) {
        const duplicate = seen.has(headers['webhook-id']);
        seen.add(headers['webhook-id']);
        const event = { id: headers['webhook-id'], duplicate, payload };
        received.push(event);
        options.onEvent?.(event);
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}/`,
    server,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
