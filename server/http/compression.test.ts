import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { request } from 'node:http';
import zlib, { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatherMs, responseCompression, wholeBytes } from './compression.ts';

const page = `<!DOCTYPE html><html lang="de"><body>${'<p>Offene Forderung, Zahlungsplan und Belege. </p>'.repeat(400)}</body></html>`;

// Past what is compressed in one call: varied enough that it stays large once compressed.
let large = '';
for (let i = 0; large.length < wholeBytes * 1.5; i++) large += `<p>${(i * 7919).toString(36)} Posten ${i}</p>`;

let server: Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(responseCompression());
  app.get('/page', (_req, res) => {
    res.type('html').send(page);
  });
  app.get('/kept-as-is', (_req, res) => {
    res.type('html').set('Cache-Control', 'private, no-transform').send(page);
  });
  app.get('/short', (_req, res) => {
    res.type('html').send('<p>Danke.</p>');
  });
  app.get('/large', (_req, res) => {
    res.type('html').send(large);
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
function get(
  path: string,
  onChunk?: (chunk: Buffer) => void,
  acceptEncoding: string | null = 'gzip, deflate, br, zstd',
) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding } },
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

  /** Counts the encoder streams the middleware makes while `run` runs. */
  async function encoderStreams<T>(run: () => Promise<T>): Promise<{ made: number; result: T }> {
    const create = zlib.createBrotliCompress;
    const spy = vi.spyOn(zlib, 'createBrotliCompress').mockImplementation((options) => create(options));
    const result = await run();
    return { made: spy.mock.calls.length, result };
  }

  it('compresses a page written in pieces in one call, without an encoder stream, and says its length', async () => {
    const { made, result } = await encoderStreams(() => get('/pieces'));
    const { headers, body } = result;
    expect(made).toBe(0);
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-length']).toBe(String(body.length));
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it('answers gzip to a client that takes only gzip, and the page as it is to one that names no encoding', async () => {
    const gzip = await get('/page', undefined, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await get('/page', undefined, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(page);
  });

  it('leaves an answer marked no-transform and one under the threshold as they are', async () => {
    const kept = await get('/kept-as-is');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString()).toBe(page);
    const short = await get('/short');
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.body.toString()).toBe('<p>Danke.</p>');
  });

  it(`hands an answer over ${wholeBytes / 1024} KiB to the encoder stream, to the same text`, async () => {
    const { made, result } = await encoderStreams(() => get('/large'));
    expect(made).toBe(1);
    expect(result.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(result.body).toString()).toBe(large);
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
