/**
 * How much of a request body the portal reads, and the named reasons it refuses one. Every body
 * is read through these limits (the form reader of the routes, the webhook reader, and the
 * Express guard that refuses a declared length before anything is read), so a body that is too
 * large, broken or not a form is a 400 or 413 with a localized page, never a 500 and never a
 * body held whole in memory.
 */
import { maxTotalBytes } from '../uploads/rules.ts';

/** A text field of a multipart form; the longest the portal asks for is 4,000 characters. */
export const maxTextFieldBytes = 64 * 1024;
/**
 * A url-encoded form (or any other small body: webhooks, JSON). Percent-encoding makes a
 * 4,000-character message up to 48 kB, so this leaves room for the other fields.
 */
export const maxSmallBodyBytes = 128 * 1024;
/** Multipart boundaries, part headers and the text fields beside the files. */
export const multipartOverheadBytes = 512 * 1024;
/** The files of one form may together be 10 MB (spec 5), plus the form around them. */
export const maxMultipartBodyBytes = maxTotalBytes + multipartOverheadBytes;
/** More parts than any form of the portal has; a guard against a body of thousands of tiny parts. */
export const maxMultipartParts = 200;

export type BodyRefusal =
  /** JSON, text/plain, no content type: not what an HTML form sends. */
  | 'notAForm'
  /** Multipart without a boundary, truncated, or otherwise unreadable. */
  | 'brokenForm'
  /** A text field over `maxTextFieldBytes`. */
  | 'fieldTooLarge'
  /** The body is larger than its kind may be (413). */
  | 'tooLarge';

/** Every reason a request is refused before the portal acts on it (the page names it). */
export type RequestRefusal = BodyRefusal | 'crossSite';

export class BodyRefused extends Error {
  constructor(readonly reason: BodyRefusal) {
    super(`request body refused: ${reason}`);
    this.name = 'BodyRefused';
  }

  get status(): 400 | 413 {
    return this.reason === 'tooLarge' ? 413 : 400;
  }
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isMultipart(contentType: string | null | undefined): boolean {
  return mediaTypeOf(contentType) === 'multipart/form-data';
}

/** The largest body of this content type the portal reads. */
export function bodyLimitFor(contentType: string | null | undefined): number {
  return isMultipart(contentType) ? maxMultipartBodyBytes : maxSmallBodyBytes;
}

/** The declared length when it is over `limit`: such a body is refused before a byte is read. */
export function declaredLengthExceeds(contentLength: string | null | undefined, limit: number): boolean {
  if (!contentLength) return false;
  const length = Number(contentLength);
  return Number.isFinite(length) && length > limit;
}

/**
 * The chunks of a body, counted as they pass: crossing `limit` stops reading and throws
 * `tooLarge`. A body sent without a length is bounded the same way. The rest is left unread, not
 * cancelled: cancelling would reset the connection before the browser sees the answer; Node
 * discards what is left once the answer is sent, without keeping it.
 */
export async function* limitedChunks(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        // The client went away or sent a broken chunked encoding.
        throw new BodyRefused('brokenForm');
      }
      if (next.done) return;
      total += next.value.byteLength;
      if (total > limit) throw new BodyRefused('tooLarge');
      yield next.value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** A small body as text (webhooks, url-encoded forms), at most `limit` bytes. */
export async function readBodyText(request: Request, limit = maxSmallBodyBytes): Promise<string> {
  if (declaredLengthExceeds(request.headers.get('Content-Length'), limit)) throw new BodyRefused('tooLarge');
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of limitedChunks(request.body, limit)) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
