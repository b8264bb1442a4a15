/**
 * How the portal compresses what it renders (decision 116). Every browser asks for Brotli, and
 * `compression` answers it at quality 4 with Brotli's default window of 4 MiB (lgwin 22), which
 * the encoder sets up for every response: the bare Remix page cost 2.2 ms of CPU uncompressed,
 * 5.8 ms with that encoder and 3.2 ms with a window of 256 KiB, which is more than any page of the
 * portal (the largest are about 60 KB of HTML) and compresses them to the same bytes.
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
 */
import type { ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Brotli's settings; the benchmarks' bare Remix page compresses with the same. */
export const brotliParams: Record<number, number> = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
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

export function responseCompression(): RequestHandler {
  const compress = compression({
    brotli: { params: brotliParams },
    filter: (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res),
  });
  return (req: Request, res: Response, next: NextFunction) =>
    compress(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (req.method !== 'HEAD') gatherWrites(res);
      next();
    });
}

type Callback = (error?: Error | null) => void;
type Write = (chunk: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) => boolean;
type End = (chunk?: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) => Response;

/**
 * Gathers what `res` writes (through the compression middleware's `write`, `end` and `flush`, which
 * this wraps) and hands it on in one `end`; see the module's comment.
 */
function gatherWrites(res: Response): void {
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
    if (pieces.length === 0 || res.headersSent || (given !== null && last === null)) {
      // Nothing gathered, or what is left is not one piece to give: it goes on as it was given.
      if (pieces.length > 0) write(Buffer.concat(pieces, size));
      return end(chunk, encoding, callback);
    }
    if (last) pieces.push(last);
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback;
    return end(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces), done as Callback | undefined);
  }) as Response['end'];
}
