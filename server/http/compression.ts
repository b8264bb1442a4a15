/**
 * How the portal compresses what it renders (decisions 116 and 127). Every browser asks for Brotli,
 * and `compression` answers it at quality 4 with Brotli's default window of 4 MiB (lgwin 22), which
 * the encoder sets up for every response: the bare Remix page cost 2.2 ms of CPU uncompressed,
 * 5.8 ms with that encoder and 3.2 ms with a window of 256 KiB, which is more than any page of the
 * portal (the largest are about 60 KB of HTML) and compresses them to the same bytes. The portal
 * answers at quality 3, which costs half of quality 4's CPU (decision 127).
 *
 * Event streams (the assistant's answer) are left uncompressed: the middleware keeps what it is
 * given until a window fills or the stream ends, so an answer streamed from a language model
 * would reach the pane only when it was complete, and its events are small.
 *
 * A page reaches the middleware in pieces: Remix's Express adapter writes each piece of the
 * rendered stream (the shell, then the scripts with the loader data) and flushes the encoder after
 * each one, and every piece and flush is a round trip to the encoder on libuv's pool. A 17 KB page
 * cost 640–725 µs of CPU to compress that way, and about 300 µs when it is given to the encoder in
 * one piece (decision 119). So what a response writes is gathered until it ends and handed on as
 * one piece, as long as it ends soon: a response still writing after `gatherMs`, or one past
 * `gatherBytes`, goes on as it comes from then on (a long download, a slow stream). Event streams
 * and answers to HEAD are never gathered.
 *
 * A gathered answer of at most `wholeBytes` is then compressed in one call on the event loop
 * (decision 124), not through an encoder stream: the stream's write, flush and end, each a round
 * trip to libuv's pool, cost a 17 KB page about 550 µs of CPU where one `brotliCompressSync` of the
 * same bytes with the same settings costs about 275 µs. The choice is `compression`'s own, made here
 * for the whole answer (the filter, `no-transform`, the threshold, an encoding already set, the
 * client's Accept-Encoding by `negotiator` with Brotli preferred); the middleware then sees an
 * encoded answer, adds its `Vary` and passes it on. Larger answers and streams keep its encoder.
 */
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { negotiatedEncoding } from './accept-encoding.ts';

/** Brotli's settings; the benchmarks' bare Remix page compresses with the same. */
export const brotliParams: Record<number, number> = {
  // Half quality 4's CPU for 4–7 % more bytes on the portal's pages, which still fit a connection's
  // first flight (decision 127).
  [constants.BROTLI_PARAM_QUALITY]: 3,
  // 2^18 bytes: the largest distance a back-reference may reach.
  [constants.BROTLI_PARAM_LGWIN]: 18,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};

export function isEventStream(res: Pick<ServerResponse, 'getHeader'>): boolean {
  return /^\s*text\/event-stream\b/i.test(String(res.getHeader('Content-Type') ?? ''));
}

/** How long and how much a response's writes are gathered before they go on as they come. */
export const gatherMs = 20;
export const gatherBytes = 512 * 1024;

/** The largest gathered answer compressed in one call on the event loop (about 2 ms of Brotli). */
export const wholeBytes = 128 * 1024;

/** What the portal compresses: whatever `compression` would, except event streams. */
const compressible = (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res);

export function responseCompression(): RequestHandler {
  const compress = compression({ brotli: { params: brotliParams }, filter: compressible });
  return (req: Request, res: Response, next: NextFunction) =>
    compress(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (req.method !== 'HEAD') gatherWrites(res, (body) => encodedWhole(req, res, body));
      next();
    });
}

/** `compression`'s threshold, its encodings on offer and those it prefers where a client takes several alike. */
const threshold = 1024;
const offered = ['br', 'gzip', 'deflate', 'identity'];
const preferred = ['br', 'gzip'];
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * A whole answer compressed as `compression` would have compressed it, with its headers set; or
 * null where it would have left the answer as it is (or where the answer is too large for one call).
 */
function encodedWhole(req: Request, res: Response, body: Buffer): Buffer | null {
  if (body.length < threshold || body.length > wholeBytes) return null;
  if (res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 304) return null;
  if (!compressible(req, res) || noTransform.test(String(res.getHeader('Cache-Control') ?? ''))) return null;
  if ((res.getHeader('Content-Encoding') ?? 'identity') !== 'identity') return null;
  // Without the header, `compression` answers as it is (its `enforceEncoding` is identity).
  const encoding = negotiatedEncoding(req.headers['accept-encoding'], offered, preferred);
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { ...brotliParams, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : encoding === 'gzip'
        ? gzipSync(body)
        : encoding === 'deflate'
          ? deflateSync(body)
          : null;
  if (!bytes) return null;
  res.setHeader('Content-Encoding', encoding!);
  res.setHeader('Content-Length', bytes.length);
  return bytes;
}

type Callback = (error?: Error | null) => void;
type Write = (chunk: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) => boolean;
type End = (chunk?: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) => Response;

/**
 * Gathers what `res` writes (through the compression middleware's `write`, `end` and `flush`, which
 * this wraps) and hands it on in one `end`, encoded by `encode` where it encodes it; see the module's
 * comment.
 */
function gatherWrites(res: Response, encode: (body: Buffer) => Buffer | null): void {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  const flushable = res as Response & { flush?: () => void };
  const flush = flushable.flush?.bind(res);
  let gathered: Buffer[] | null = [];
  let size = 0;
  let timer: NodeJS.Timeout | null = null;

  /** Stops gathering: what was gathered goes on as one write, and everything after it as it comes. */
  const release = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const pieces = gathered;
    gathered = null;
    if (pieces && pieces.length > 0 && !res.destroyed) {
      write(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, size));
      flush?.();
    }
  };
  const gathering = () => gathered !== null && !res.headersSent && !isEventStream(res);
  const bytesOf = (chunk: unknown, encoding: unknown): Buffer | null =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : null;

  res.write = ((chunk: unknown, encoding?: BufferEncoding | Callback, callback?: Callback): boolean => {
    const bytes = gathering() ? bytesOf(chunk, encoding) : null;
    if (bytes === null) {
      release();
      return write(chunk, encoding, callback);
    }
    gathered!.push(bytes);
    size += bytes.length;
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    if (size > gatherBytes) release();
    else timer ??= setTimeout(release, gatherMs);
    return true;
  }) as Response['write'];

  if (flush) flushable.flush = () => (gathering() ? undefined : flush());

  res.end = ((chunk?: unknown, encoding?: BufferEncoding | Callback, callback?: Callback): Response => {
    if (timer) clearTimeout(timer);
    timer = null;
    const pieces = gathered ?? [];
    gathered = null;
    const given = typeof chunk === 'function' || chunk === undefined || chunk === null ? null : chunk;
    const last = given === null ? null : bytesOf(given, encoding);
    if (res.headersSent || (given !== null && last === null) || (pieces.length === 0 && last === null)) {
      // Already going out, nothing to give, or what is left is not one piece: it goes on as it was given.
      if (pieces.length > 0) write(Buffer.concat(pieces, size));
      return end(chunk, encoding, callback);
    }
    if (last) pieces.push(last);
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback;
    const body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
    return end(encode(body) ?? body, done as Callback | undefined);
  }) as Response['end'];
}
