import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { request } from 'node:http';
import zlib, { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatherMs, responseCompression } from './compression.ts';

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
  // As Remix's Express adapter writes a rendered page: piece by piece, flushing after each.
  app.get('/pieces', (_req, res) => {
    res.type('html');
    const flushable = res as typeof res & { flush: () => void };
    const third = page.length / 3;
    res.write(page.slice(0, third));
    flushable.flush();
    res.write(Buffer.from(page.slice(third, 2 * third)));
    flushable.flush();
    setImmediate(() => res.end(page.slice(2 * third)));
  });
  // A stream that writes its first piece and waits for the client to have it before it goes on.
  app.get('/slow', (_req, res) => {
    res.type('html');
    res.write(page.slice(0, 5000));
    (res as typeof res & { flush: () => void }).flush();
    res.once('go', () => res.end(page.slice(5000)));
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

afterEach(() => {
  vi.restoreAllMocks();
});

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

  it("gives a page written in pieces to the encoder in one piece, without the adapter's flushes", async () => {
    const calls: string[] = [];
    const create = zlib.createBrotliCompress;
    vi.spyOn(zlib, 'createBrotliCompress').mockImplementation((options) => {
      const encoder = create(options);
      const write = encoder.write.bind(encoder);
      const flush = encoder.flush.bind(encoder);
      const end = encoder.end.bind(encoder);
      encoder.end = ((...args: Parameters<typeof end>) => (
        calls.push(args[0] ? 'end with the page' : 'end'),
        end(...args)
      )) as typeof end;
      encoder.write = ((...args: Parameters<typeof write>) => (calls.push('write'), write(...args))) as typeof write;
      encoder.flush = ((...args: Parameters<typeof flush>) => (calls.push('flush'), flush(...args))) as typeof flush;
      return encoder;
    });
    const { headers, body } = await get('/pieces');
    expect(headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(body).toString()).toBe(page);
    expect(calls).toEqual(['end with the page']);
  });

  it(`passes a stream still writing after ${gatherMs} ms on as it comes`, async () => {
    let first = '';
    const decoder = zlib.createBrotliDecompress();
    decoder.on('data', (chunk: Buffer) => {
      if (first) return;
      first = chunk.toString();
      // Were the first piece held until the end, the response would never end: only this asks for the rest.
      void get('/go');
    });
    const { headers, body } = await get('/slow', (chunk) => decoder.write(chunk));
    expect(headers['content-encoding']).toBe('br');
    expect(first.length).toBeGreaterThan(0);
    expect(page.startsWith(first)).toBe(true);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });
});
