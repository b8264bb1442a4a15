/**
 * The assistant's answer through the portal's edge (server/http/remix-handler.ts
 * `sendEventStream`): what the stream yields within one turn of the event loop goes out as one
 * write (issue 28), a later event in a later write, and the answer arrives whole, compressed too.
 */
import { EventEmitter } from 'node:events';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sendEventStream } from '#server/http/remix-handler.ts';
import { useEdgeServer } from '../helpers/remix-app.ts';
import { demoFiles, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);
const edge = useEdgeServer();

/** An Express response as far as sendEventStream uses it, recording its writes. */
function fakeResponse() {
  const emitter = new EventEmitter();
  const writes: string[] = [];
  const res = Object.assign(emitter, {
    statusMessage: '',
    headers: new Map<string, string>(),
    ended: false,
    status(code: number) {
      (res as unknown as { code: number }).code = code;
      return res;
    },
    append(key: string, value: string) {
      res.headers.set(key, value);
      return res;
    },
    write(piece: Uint8Array) {
      writes.push(Buffer.from(piece).toString('utf8'));
      return true;
    },
    end() {
      res.ended = true;
    },
  });
  return { res, writes };
}

const encode = (text: string) => new TextEncoder().encode(text);
type ExpressResponse = Parameters<typeof sendEventStream>[0];

describe('an event stream through the edge', () => {
  it('writes what arrives within one turn as one piece, and a later event later', async () => {
    const { res, writes } = fakeResponse();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const n of [1, 2, 3, 4, 5]) controller.enqueue(encode(`data: ${n}\n\n`));
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.enqueue(encode('data: 6\n\n'));
        controller.close();
      },
    });
    const response = new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    await sendEventStream(res as unknown as ExpressResponse, response, response.body!);
    expect(writes).toEqual(['data: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\ndata: 5\n\n', 'data: 6\n\n']);
    expect(res.ended).toBe(true);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
  });

  it('stops reading when the client goes away', async () => {
    const { res, writes } = fakeResponse();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode('data: 1\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const response = new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    const sending = sendEventStream(res as unknown as ExpressResponse, response, response.body!);
    await new Promise((resolve) => setTimeout(resolve, 10));
    res.emit('close');
    await sending;
    expect(cancelled).toBe(true);
    expect(writes).toEqual(['data: 1\n\n']);
    expect(res.ended).toBe(false);
  });

  it('brings a chat turn whole, compressed as a browser asks for it', async () => {
    const cookie = await cookieFor('100000001');
    for (const encoding of ['identity', 'gzip']) {
      const response = await fetch(`${edge.base}/serviceportal/assistant/chat`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: edge.base,
          Cookie: cookie,
          'Accept-Encoding': encoding,
        },
        body: JSON.stringify({ text: 'wie viel muss ich zahlen' }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/text\/event-stream/);
      // fetch undoes the compression itself; the raw bytes are checked to be gzip when asked for.
      const raw = Buffer.from(await response.arrayBuffer());
      const text =
        response.headers.get('Content-Encoding') === 'gzip' && raw[0] === 0x1f
          ? gunzipSync(raw).toString()
          : raw.toString();
      const events = text
        .split('\n\n')
        .filter((e) => e.startsWith('data: '))
        .map((e) => e.slice(6));
      expect(events.at(-1)).toBe('[DONE]');
      const chunks = events.slice(0, -1).map((e) => JSON.parse(e) as { type: string; toolName?: string });
      expect(chunks[0]).toMatchObject({ type: 'start' });
      expect(chunks.some((c) => c.type === 'tool-output-available')).toBe(true);
      expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
    }
  });
});
