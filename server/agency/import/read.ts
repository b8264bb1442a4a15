/**
 * A letter batch as lines (decision 096): bytes from a file or a request body, gunzipped when they
 * start with gzip's magic bytes (node:zlib), split at newlines as they stream. Nothing holds more
 * than one line: a line over `maxLineBytes` is reported (and skipped to its end) instead of
 * buffered, a line that is not UTF-8 is reported, and blank lines are passed over.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** The longest line read; a whole file with its debtor is under 4 kB. */
export const maxLineBytes = 64 * 1024;

export type BatchLine =
  { line: number; text: string } | { line: number; text: string; issue: { path: string; message: string } };

/**
 * The batch's bytes, or text: chunks of NDJSON as they come from a file or a body (a chunk need not
 * end where a line does). Documents made in code go through `asNdjson`.
 */
export type BatchSource = Readable | AsyncIterable<Uint8Array | string>;

/** Documents (the demo seed's files, a test's) as a batch: one JSON line each. */
export async function* asNdjson(documents: Iterable<unknown> | AsyncIterable<unknown>): AsyncGenerator<string> {
  for await (const document of documents) yield `${JSON.stringify(document)}\n`;
}

const gzipMagic = [0x1f, 0x8b];

async function* asBuffers(source: BatchSource): AsyncGenerator<Buffer> {
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    yield typeof chunk === 'string'
      ? Buffer.from(chunk, 'utf8')
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

/** Whether the bytes start as gzip does (two bytes are enough to tell). */
export function isGzip(first: Uint8Array): boolean {
  return first[0] === gzipMagic[0] && first[1] === gzipMagic[1];
}

/** The batch's bytes, gunzipped when they are gzip. */
export async function* batchBytes(source: BatchSource): AsyncGenerator<Buffer> {
  const buffers = asBuffers(source);
  let head = Buffer.alloc(0);
  // Enough bytes to see the magic (a stream may hand over one byte at a time).
  while (head.length < 2) {
    const next = await buffers.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    for (;;) {
      const next = await buffers.next();
      if (next.done) return;
      yield next.value;
    }
  }
  if (!isGzip(head)) {
    yield* all();
    return;
  }
  const gunzip = createGunzip();
  const input = Readable.from(all());
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  for await (const chunk of gunzip) yield chunk as Buffer;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The batch's lines, numbered from 1 (blank lines are counted, not handed out). */
export async function* batchLines(source: BatchSource): AsyncGenerator<BatchLine> {
  let line = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  const finish = (tail: Buffer): BatchLine | null => {
    line += 1;
    const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    pending = [];
    pendingBytes = 0;
    if (overlong || bytes.length > maxLineBytes) {
      overlong = false;
      return { line, text: '', issue: { path: '', message: `longer than ${maxLineBytes} bytes` } };
    }
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(0, end));
    } catch {
      return { line, text: '', issue: { path: '', message: 'not UTF-8' } };
    }
    return text.trim() === '' ? null : { line, text };
  };
  for await (const chunk of batchBytes(source)) {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline < 0) break;
      const read = finish(overlong ? Buffer.alloc(0) : chunk.subarray(start, newline));
      if (read) yield read;
      start = newline + 1;
    }
    if (start < chunk.length && !overlong) {
      const rest = chunk.subarray(start);
      pendingBytes += rest.length;
      if (pendingBytes > maxLineBytes) {
        overlong = true;
        pending = [];
        pendingBytes = 0;
      } else pending.push(Buffer.from(rest));
    }
  }
  if (pendingBytes > 0 || overlong) {
    const read = finish(Buffer.alloc(0));
    if (read) yield read;
  }
}
