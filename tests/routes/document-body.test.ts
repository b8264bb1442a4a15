/**
 * A document sent from the Node stream React writes into (decision 129): the render leaves its
 * body to the edge (server/http/document-body.ts), which writes it to the socket itself. The page
 * is whole, compressed as before, HEAD has no body, a cacheable visitor page still comes through
 * the web stream the cache reads, and a client that goes away mid-page leaves the server answering.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import type { AppLoadContext } from '@remix-run/node';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { sendDocument, type DocumentBody } from '#server/http/document-body.ts';
import { responseCompression } from '#server/http/compression.ts';
import { edgeApp, remixHandler, useEdgeServer } from '../helpers/remix-app.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { context, demoFiles, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);
const edge = useEdgeServer();

/** A cookie the visitor cache does not share pages for: the page is rendered for this request. */
const ownCookie = { Cookie: 'someone_else=1' };

describe('the render hands its body over where the edge asks for it', () => {
  it('answers without a body and leaves the whole document in the slot; without a slot, the body is in the answer', async () => {
    const handle = await remixHandler();
    const slot: DocumentBody = {};
    const handedOver = await handle(new Request('http://localhost/serviceportal/legal-notice'), {
      ...context(),
      documentBody: slot,
    } as AppLoadContext);
    expect(handedOver.status).toBe(200);
    expect(handedOver.body).toBeNull();
    expect(slot.response).toBe(handedOver);
    const html = await textOf(slot.body!);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);

    const inAnswer = await handle(new Request('http://localhost/serviceportal/legal-notice'), context());
    expect(inAnswer.body).not.toBeNull();
    const same = await inAnswer.text();
    // The same document but for the nonce of each request.
    const nonce = (text: string) => /nonce="([^"]+)"/.exec(text)![1]!;
    expect(same.split(nonce(same)).join('N')).toBe(html.split(nonce(html)).join('N'));
  });
});

describe('through the edge', () => {
  it('a visitor’s page rendered for its request is whole, its nonce the CSP’s', async () => {
    const response = await fetch(`${edge.base}/serviceportal/legal-notice`, { headers: ownCookie });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(body.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(body.endsWith('</body></html>')).toBe(true);
    // The loader data's scripts stream in after the shell: inside the body.
    expect(body).toContain('window.__remixContext.streamController.close()');
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
    expect(new Set([...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
  });

  it('a signed-in debtor’s dashboard, compressed with Brotli, decompresses to the whole page', async () => {
    const cookie = await cookieFor('100000001');
    // The edge with the compression in front of it, as server/http/main.ts mounts them.
    const app = express();
    app.use(responseCompression());
    app.use(await edgeApp());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const {
        status,
        headers,
        body: bytes,
      } = await rawRequest(`${base}/serviceportal/dashboard`, {
        Cookie: cookie,
        'Accept-Encoding': 'br',
      });
      expect(status).toBe(200);
      expect(headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(bytes).toString('utf8');
      expect(html).toContain('100000001');
      expect(html.endsWith('</body></html>')).toBe(true);
    } finally {
      server.close();
    }
  });

  it('HEAD answers the page’s status and type without a body', async () => {
    const {
      status,
      headers,
      body: bytes,
    } = await rawRequest(`${edge.base}/serviceportal/legal-notice`, ownCookie, 'HEAD');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bytes.length).toBe(0);
  });

  it('a visitor’s page the cache may keep comes whole, and again from the cache', async () => {
    const path = '/serviceportal/legal-notice?document-body=1';
    const first = await (await fetch(`${edge.base}${path}`)).text();
    const second = await (await fetch(`${edge.base}${path}`)).text();
    for (const body of [first, second]) expect(body.endsWith('</body></html>')).toBe(true);
  });

  it('a client that goes away after the first bytes leaves the server answering the next', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(`${edge.base}/serviceportal/legal-notice`, { headers: ownCookie }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) =>
        (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error),
      );
      request.end();
    });
    const next = await fetch(`${edge.base}/serviceportal/legal-notice`, { headers: ownCookie });
    expect(next.status).toBe(200);
    expect((await next.text()).endsWith('</body></html>')).toBe(true);
  });
});

describe('sendDocument', () => {
  it('waits for a full socket: 64 MB for a client that reads late arrive whole and in order, made as they are read', async () => {
    const piece = 64 * 1024;
    const size = 1024 * piece;
    let made = 0;
    const pieces = function* () {
      for (let at = 0; at < size; at += piece) {
        made += piece;
        yield Buffer.alloc(piece, (at / piece) % 251);
      }
    };
    const app = express();
    app.get('/', (_req, res) => {
      void sendDocument(
        res,
        new Response(null, { status: 200, headers: { 'X-Test': 'yes' } }),
        Readable.from(pieces()),
      );
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      let madeBeforeReading = 0;
      const received = await new Promise<{ header: string | undefined; bytes: Buffer }>((resolve, reject) => {
        httpRequest(`http://127.0.0.1:${port}/`, (response) => {
          const chunks: Buffer[] = [];
          response.pause();
          // The client reads nothing for 300 ms: the sockets' buffers fill (a few MB) and the body
          // has to wait; without that, all 64 MB would be made at once and kept in memory.
          setTimeout(() => {
            madeBeforeReading = made;
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.resume();
          }, 300);
          response.once('end', () =>
            resolve({ header: response.headers['x-test'] as string | undefined, bytes: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
      expect(received.header).toBe('yes');
      expect(madeBeforeReading).toBeGreaterThan(0);
      expect(madeBeforeReading).toBeLessThan(size / 2);
      expect(received.bytes.length).toBe(size);
      for (let at = 0; at < size / piece; at++) expect(received.bytes[at * piece + 100], `piece ${at}`).toBe(at % 251);
    } finally {
      server.close();
    }
  });
});

async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
