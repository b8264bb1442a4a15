/**
 * The build's assets compressed at build time (scripts/vite-precompress.ts) and served as they
 * are (server/http/assets.ts) behind the same `compression()` as the portal (decision 053): each
 * encoding decodes to the very bytes of the file, with the file's type, the immutable caching
 * and `Vary: Accept-Encoding`; a client that takes no encoding gets the file itself.
 */
import compression from 'compression';
import express from 'express';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/vite-precompress.ts';
import { serveAssets } from '../../server/http/assets.ts';
import { rawRequest } from '../helpers/raw-http.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'portal-assets-'));
const script = Array.from(
  { length: 300 },
  (_, i) => `export function step${i}(value) { return value * ${i} + ${i % 7}; }\n`,
).join('');
const translation = JSON.stringify({ title: 'Übersicht', items: Array.from({ length: 80 }, (_, i) => `Zeile ${i}`) });

let server: Server;
let origin: string;

beforeAll(async () => {
  writeFileSync(path.join(dir, 'chunk-AbC123.js'), script);
  mkdirSync(path.join(dir, 'translations-v1', 'de'), { recursive: true });
  writeFileSync(path.join(dir, 'translations-v1', 'de', 'common.json'), translation);
  await precompressDirectory(dir);
  // A file the build did not compress (added later, say): compression() still gzips it.
  writeFileSync(path.join(dir, 'late-XyZ789.css'), `.a{color:red}\n`.repeat(200));
  const app = express();
  app.use(compression());
  app.use('/assets', serveAssets(dir));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body itself): status, headers and the body as sent. */
/** The answer for a path of the test server, undecoded. */
const get = (url: string, headers: Record<string, string>, method = 'GET') =>
  rawRequest(`${origin}${url}`, headers, method);

const decode: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
  identity: (body) => body,
};

describe('precompressed assets', () => {
  it('writes a smaller .gz and .br next to each text file, subfolders included', () => {
    for (const file of ['chunk-AbC123.js', 'translations-v1/de/common.json']) {
      const size = readFileSync(path.join(dir, file)).length;
      for (const suffix of ['.gz', '.br'])
        expect(readFileSync(path.join(dir, file + suffix)).length).toBeLessThan(size);
    }
    expect(zlib.gunzipSync(readFileSync(path.join(dir, 'chunk-AbC123.js.gz'))).toString()).toBe(script);
  });

  it.each([
    // Chromium's header: brotli is preferred although gzip is listed first.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
  ])('answers Accept-Encoding "%s" with %s, the same bytes once decoded', async (accept, encoding) => {
    for (const [url, content, type] of [
      ['/assets/chunk-AbC123.js', script, /javascript; charset=utf-8/i],
      ['/assets/translations-v1/de/common.json', translation, /^application\/json; charset=utf-8/i],
    ] as const) {
      const { headers, body } = await get(url, { 'Accept-Encoding': accept });
      expect(headers['content-encoding'] ?? 'identity').toBe(encoding);
      expect(headers['content-type']).toMatch(type);
      expect(headers['vary']).toMatch(/Accept-Encoding/i);
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(headers['content-length'])).toBe(body.length);
      expect(decode[encoding]!(body).toString()).toBe(content);
    }
  });

  it('sends the file itself to a client that names no encoding', async () => {
    const { headers, body } = await get('/assets/chunk-AbC123.js', {});
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.toString()).toBe(script);
  });

  it('leaves a file without compressed twins to compression(), which gzips it as before', async () => {
    const { headers, body } = await get('/assets/late-XyZ789.css', { 'Accept-Encoding': 'gzip' });
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(body).toString()).toBe('.a{color:red}\n'.repeat(200));
  });

  it('answers a request that names the ETag it has with 304 and no body, and a HEAD with the headers only', async () => {
    const first = await get('/assets/chunk-AbC123.js', { 'Accept-Encoding': 'br' });
    expect(first.headers['etag']).toMatch(/^"[\w-]+"$/);
    const again = await get('/assets/chunk-AbC123.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': first.headers['etag']!,
    });
    expect(again.body.length).toBe(0);
    expect(again.status).toBe(304);
    // Another encoding is another body, with an ETag of its own.
    const gzip = await get('/assets/chunk-AbC123.js', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': first.headers['etag']!,
    });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['etag']).not.toBe(first.headers['etag']);
    const head = await get('/assets/chunk-AbC123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    expect(head.body.length).toBe(0);
  });

  it('serves no file outside the folder and no compressed twin by its own name as another type', async () => {
    for (const url of ['/assets/..%2Fpackage.json', '/assets/%E0%A4%A', '/assets/chunk-AbC123.js.br']) {
      const { status, body } = await get(url, { 'Accept-Encoding': 'br' });
      expect(status, url).toBe(404);
      expect(body.toString()).toMatch(/Cannot GET/);
    }
  });

  it('answers a missing asset with the next handler', async () => {
    const { body } = await get('/assets/missing-000.js', { 'Accept-Encoding': 'br' });
    expect(body.toString()).toMatch(/Cannot GET/);
  });
});
