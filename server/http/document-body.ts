import type { Readable } from 'node:stream';
import type { Response as ExpressResponse } from 'express';

/**
 * A rendered document's body handed from the render (app/entry.server.tsx) to the Express edge
 * (server/http/remix-handler.ts) as the Node stream React writes into, beside the `Response` that
 * carries the status and headers (decision 129). A web `ReadableStream` around it, read again into
 * the socket by Remix's adapter, cost every page two streams' machinery for nothing: the edge
 * writes the Node stream to the socket itself.
 */
export interface DocumentBody {
  /** The answer the render gave, without a body: the body is `body`. */
  response?: Response;
  body?: Readable;
}

/**
 * Sends `response`'s status and headers and then `body`, as Remix's adapter sends a web stream:
 * each piece written as it comes and the encoder flushed after it (a page that streams after its
 * shell is not held back by the compression), and, where the socket is full, the body paused until
 * it drains. A client that goes away leaves the render to finish into nothing, as it did with the
 * adapter (stopping React mid-render would report an error for every closed tab).
 */
export function sendDocument(res: ExpressResponse, response: Response, body: Readable): Promise<void> {
  setStatusAndHeaders(res, response);
  const flushable = res as ExpressResponse & { flush?: () => void };
  return new Promise<void>((resolve) => {
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      resolve();
    };
    body.on('data', (piece: Buffer) => {
      if (!open || res.destroyed) return;
      if (!res.write(piece)) body.pause();
      flushable.flush?.();
    });
    res.on('drain', () => body.resume());
    body.once('end', () => {
      if (open && !res.destroyed) res.end();
      close();
    });
    body.once('error', (error) => {
      res.destroy(error);
      close();
    });
    res.once('close', () => {
      // Gone before the end: what is still rendered is read and dropped.
      body.resume();
      close();
    });
  });
}

/** `response`'s status and headers on the Express response, as Remix's adapter sets them. */
export function setStatusAndHeaders(res: ExpressResponse, response: Response): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
}
