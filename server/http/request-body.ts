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
/**
 * More fields (or multipart parts) than any form of the portal has (the largest, the instalment
 * calculator and the profile, have under 40): a guard against a body of thousands of tiny fields.
 */
export const maxFormFields = 200;
export const maxMultipartParts = maxFormFields;
/**
 * The most times one name may come in a form. The portal repeats a name only for the files kept
 * from an earlier attempt (`uploadId`, at most 10, answered with a field error above that); conform
 * gathers repeats into a list at a cost that grows with the square of their number (issue 31:
 * 30,000 repeats of one name held the event loop for 9 s), so more than this is refused.
 */
export const maxRepeatsPerName = 20;
/** A field's name; the portal's longest is under 40 characters. */
export const maxFieldNameBytes = 200;
/**
 * The parts of a field's name as conform reads it (`a.b[0]` is three): the portal's forms are flat
 * (one part), and conform builds a nested object for every part, so 200 names of 60 parts each
 * took it 26 ms; more parts than this are not a form of this portal.
 */
export const maxFieldNameParts = 4;

export type BodyRefusal =
  /** JSON, text/plain, no content type: not what an HTML form sends. */
  | 'notAForm'
  /** Multipart without a boundary, truncated, or otherwise unreadable. */
  | 'brokenForm'
  /** A text field over `maxTextFieldBytes`, or a name over `maxFieldNameBytes`. */
  | 'fieldTooLarge'
  /** More than `maxFormFields` fields, or one name more than `maxRepeatsPerName` times (413). */
  | 'tooManyFields'
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
    return this.reason === 'tooLarge' || this.reason === 'tooManyFields' ? 413 : 400;
  }
}

/**
 * Counts the fields of one form as they are read, before anything parses them: throws
 * `tooManyFields` past `maxFormFields` fields or `maxRepeatsPerName` of one name,
 * `fieldTooLarge` for a name over `maxFieldNameBytes` and `notAForm` for a name of more than
 * `maxFieldNameParts` parts. Every form reader (url-encoded and
 * multipart, the routes' and the JSON API's) counts with it, so what reaches conform and zod is
 * small enough to parse in well under a millisecond.
 */
export function fieldCounter(): (name: string) => void {
  const repeats = new Map<string, number>();
  let fields = 0;
  return (name) => {
    if (name.length > maxFieldNameBytes || Buffer.byteLength(name) > maxFieldNameBytes)
      throw new BodyRefused('fieldTooLarge');
    if (nameParts(name) > maxFieldNameParts) throw new BodyRefused('notAForm');
    const seen = (repeats.get(name) ?? 0) + 1;
    if (++fields > maxFormFields || seen > maxRepeatsPerName) throw new BodyRefused('tooManyFields');
    repeats.set(name, seen);
  };
}

/** How many parts conform sees in a name: one, and one more for every "." and "[". */
function nameParts(name: string): number {
  let parts = 1;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x2e || c === 0x5b) parts++;
  }
  return parts;
}

/**
 * The fields of a url-encoded body, counted before it is parsed: the separators are counted
 * first (a native scan), so a body of thousands of fields is refused without being split.
 */
export function urlEncodedFields(text: string): Array<[string, string]> {
  let separators = 0;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    if (++separators >= maxFormFields) throw new BodyRefused('tooManyFields');
  }
  const count = fieldCounter();
  const fields: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(text)) {
    count(name);
    fields.push([name, value]);
  }
  return fields;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isMultipart(contentType: string | null | undefined): boolean {
  return mediaTypeOf(contentType) === 'multipart/form-data';
}

/**
 * A letter batch posted to the agency API's import (NDJSON, gzip or not; decision 096): streamed
 * to a file as it arrives, never held. Only that path and media type get it.
 */
export const maxBatchBodyBytes = 1024 * 1024 * 1024;
export const batchPath = '/agency/v1/imports';
export const batchMediaType = 'application/x-ndjson';

/** The largest body of this content type the portal reads (at `path`, when the path matters). */
export function bodyLimitFor(contentType: string | null | undefined, path?: string): number {
  if (path === batchPath && mediaTypeOf(contentType) === batchMediaType) return maxBatchBodyBytes;
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
