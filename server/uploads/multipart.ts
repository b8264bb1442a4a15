/**
 * Reads a multipart/form-data body while it streams (decision 022): `@fastify/busboy` splits the
 * parts, text fields are collected (each at most 64 KiB), and every file part is handed to
 * `onFile` as a stream that the upload module (`receive.ts`) judges by its first bytes and pipes
 * into storage. The parser waits while a file is being stored (back-pressure), so neither a file
 * nor the body is ever held whole in memory. The body as a whole is bounded too.
 *
 * Anything wrong with the body is a `BodyRefused` with its reason (a 400 or 413 for the route),
 * never another error: no boundary, a truncated or garbled body, a part without a name, a text
 * field over its limit, too many parts or too many of one name, a body over its limit.
 */
import Busboy, { type BusboyInstance } from '@fastify/busboy';
import { Readable } from 'node:stream';
import {
  BodyRefused,
  fieldCounter,
  limitedChunks,
  maxMultipartBodyBytes,
  maxMultipartParts,
  maxTextFieldBytes,
} from '../http/request-body.ts';
import type { MultipartPart } from './receive.ts';

export interface MultipartHandlers {
  /** A text field, in the order of the body (after the files before it were handled). */
  onField?: (name: string, value: string) => void;
  /** A file part; it must read `data` to its end. Without it, files are read and dropped. */
  onFile?: (part: MultipartPart) => Promise<void>;
}

export interface MultipartInput {
  contentType: string;
  body: ReadableStream<Uint8Array> | null;
  /** The most bytes the whole body may have; default: the upload limits plus the form. */
  maxBodyBytes?: number;
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // Dropped: a file where none belongs, or after the body was refused.
  }
}

/** The text fields of the body in order; files went to `onFile`. Throws `BodyRefused` only. */
export async function readMultipart(
  input: MultipartInput,
  handlers: MultipartHandlers = {},
): Promise<Array<[string, string]>> {
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { 'content-type': input.contentType },
      // A part is a file when it names one (an empty file input sends filename="").
      isPartAFile: (_field, _type, filename) => filename !== undefined,
      limits: { fieldSize: maxTextFieldBytes, fieldNameSize: 200, parts: maxMultipartParts, headerPairs: 20 },
    });
  } catch {
    // Busboy refuses a multipart content type without a boundary in its constructor.
    throw new BodyRefused('brokenForm');
  }

  const fields: Array<[string, string]> = [];
  const source = Readable.from(limitedChunks(input.body, input.maxBodyBytes ?? maxMultipartBodyBytes), {
    objectMode: false,
  });
  let failure: BodyRefused | undefined;
  let stopped = false;
  let parsedDone: () => void = () => undefined;
  // The file parts not yet read to their end.
  const openFiles = new Set<Readable>();
  // Stops reading: nothing after this point is parsed, and a file part in flight ends with an
  // error that its handler sees. The parse counts as finished here: a parser ended from inside its
  // own event (a part without a name in the middle of a large body) does not always emit
  // 'finish' or 'error' afterwards, and waiting for it held the request forever (the hostile-input
  // properties found it: a 30-second input limit, decision 081).
  const stop = () => {
    if (stopped) return;
    stopped = true;
    source.unpipe(parser);
    source.destroy();
    parser.end();
    for (const file of openFiles) file.destroy(new Error('the multipart body was refused'));
    parsedDone();
  };
  const fail = (error: unknown) => {
    failure ??= error instanceof BodyRefused ? error : new BodyRefused('brokenForm');
    stop();
  };

  // Every part, text or file, is counted as it comes (server/http/request-body.ts); a part
  // without a name (no browser sends one) makes the body broken (issue 31, finding 3).
  const count = fieldCounter();
  const counted = (name: string | undefined): name is string => {
    if (failure) return false;
    try {
      if (name === undefined) throw new BodyRefused('brokenForm');
      count(name);
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  // Handlers run one after another in the order of the body: a field after a file is seen after
  // that file was stored, as the upload budget expects.
  let work: Promise<void> = Promise.resolve();
  const queue = (task: () => Promise<void> | void) => {
    work = work.then(task).catch(fail);
  };

  const parsed = new Promise<void>((resolve) => {
    parsedDone = resolve;
    parser.on('field', (name: string | undefined, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(new BodyRefused('fieldTooLarge'));
      if (!counted(name)) return;
      fields.push([name, value]);
      if (handlers.onField) queue(() => handlers.onField!(name, value));
    });
    parser.on('file', (name: string | undefined, stream, filename, _encoding, mimeType) => {
      // A truncated body errors the part's stream; its reader (or the drain) sees that error.
      stream.on('error', () => undefined);
      openFiles.add(stream);
      stream.on('close', () => openFiles.delete(stream));
      stream.on('end', () => openFiles.delete(stream));
      if (!counted(name)) return void drain(stream).catch(() => undefined);
      queue(() =>
        failure || !handlers.onFile
          ? drain(stream)
          : handlers.onFile({ name, filename, contentType: mimeType, data: stream }),
      );
    });
    parser.on('partsLimit', () => fail(new BodyRefused('tooManyFields')));
    parser.on('error', (error) => {
      fail(error);
      resolve();
    });
    parser.on('finish', () => resolve());
  });
  source.on('error', fail);
  source.pipe(parser);

  await parsed;
  await work;
  if (failure) throw failure;
  return fields;
}
