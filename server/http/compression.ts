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
 */
import type { ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import type { Request, Response } from 'express';

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

export function responseCompression() {
  return compression({
    brotli: { params: brotliParams },
    filter: (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res),
  });
}
