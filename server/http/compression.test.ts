import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseCompression } from './compression.ts';

const page = `<!DOCTYPE html><html lang="de"><body>${'<p>Offene Forderung, Zahlungsplan und Belege. </p>'.repeat(400)}</body></html>`;

let server: Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(responseCompression());
  app.get('/page', (_req, res) => {
    res.type('html').send(page);
  });
  app.get('/events', (_req, res) => {
    res.setHeader('Content-Type', 'text/event-stream');
    res.write(`data: ${JSON.stringify({ type: 'start', filler: 'x'.repeat(2000) })}\n\n`);
    // The rest only once the client has shown that the first event reached it.
    res.once('go', () => res.end('data: [DONE]\n\n'));
    app.locals.pending = res;
  });
  app.get('/go', (_req, res) => {
    (app.locals.pending as express.Response).emit('go');
    res.end();
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET as a browser sends it, answered with its headers and each chunk of the body as it came. */
function get(path: string, onChunk?: (chunk: Buffer) => void) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          onChunk?.(chunk);
        });
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('response compression', () => {
  it('answers a page in Brotli when the browser accepts it, to the same text', async () => {
    const { headers, body } = await get('/page');
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toMatch(/Accept-Encoding/i);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it('leaves an event stream uncompressed, so that each event reaches the browser when it is written', async () => {
    let first = '';
    const { headers, body } = await get('/events', (chunk) => {
      if (first) return;
      first = chunk.toString();
      // Had the middleware held the event back, the stream would never end: this is the only
      // place that asks the server for the rest.
      void get('/go');
    });
    expect(headers['content-encoding']).toBeUndefined();
    expect(first).toMatch(/^data: \{"type":"start"/);
    expect(body.toString()).toMatch(/data: \[DONE\]\n\n$/);
  });
});
