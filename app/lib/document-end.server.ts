import { Transform, type TransformCallback } from 'node:stream';

const end = Buffer.from('</body></html>');

/**
 * The document's end after everything streamed into it. React 18's renderToPipeableStream writes
 * `</body></html>` with the shell, and whatever it streams after the shell (Remix's scripts that
 * hand the loader data to the browser, a Suspense boundary finished later) comes after `</html>`,
 * where the HTML standard allows nothing: a browser puts it back into the body, but a conforming
 * parser (the W3C Nu checker) stops there. This stream holds the first `</body></html>` back and
 * writes it when the render has ended, so the streamed scripts land inside the body, as React 19
 * does itself.
 *
 * What React writes in one go (the shell, a finished boundary) arrives here as one piece in the
 * production build (patches/react-dom+18.3.1.patch gathers a flush's text, decision 100) and as
 * many pieces of up to 2 kB in the development build; each passed on alone would be a write to the
 * socket of its own (issue 28: a fifth of a page's CPU went to those writes). They are gathered
 * and passed on as one piece once React has finished writing for the moment (the next turn of the
 * event loop): the shell still goes out at once, in one write.
 *
 * The marker is ASCII, so it is looked for in the bytes (it cannot be part of a UTF-8 sequence);
 * it may be split across pieces, so up to its length less one byte is kept until the next one.
 */
export function documentEndLast(): Transform {
  let held = Buffer.alloc(0);
  let found = false;
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  /** The bytes gathered so far, without the first `</body></html>` (and what might begin it). */
  const take = (): Buffer | null => {
    if (pending.length === 0) return null;
    const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    if (found) return bytes;
    const data = held.length > 0 ? Buffer.concat([held, bytes]) : bytes;
    const at = data.indexOf(end);
    if (at >= 0) {
      found = true;
      held = Buffer.alloc(0);
      const rest = data.subarray(at + end.length);
      return rest.length > 0 ? Buffer.concat([data.subarray(0, at), rest]) : data.subarray(0, at);
    }
    const keep = Math.min(end.length - 1, data.length);
    held = Buffer.from(data.subarray(data.length - keep));
    return data.subarray(0, data.length - keep);
  };

  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      pending.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      scheduled ??= setImmediate(() => {
        scheduled = null;
        const bytes = take();
        if (bytes && bytes.length > 0) stream.push(bytes);
      });
      callback();
    },
    flush(callback: TransformCallback) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      const bytes = take() ?? Buffer.alloc(0);
      callback(null, Buffer.concat(found ? [bytes, held, end] : [bytes, held]));
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled);
      callback(error);
    },
  });
  // React 18 ends its destination again when the destination closes (its abort handler flushes
  // the finished render), and Node builds an ERR_STREAM_ALREADY_FINISHED error, stack trace and
  // all, for every such call that it then drops: a percent of a page's CPU. A second `end` without a
  // callback does nothing here; one with a callback still gets Node's error.
  const endOnce = stream.end.bind(stream);
  stream.end = ((...args: unknown[]) =>
    stream.writableEnded && !args.some((arg) => typeof arg === 'function')
      ? stream
      : (endOnce as (...a: unknown[]) => Transform)(...args)) as Transform['end'];
  return stream;
}
