import { Transform, type TransformCallback } from 'node:stream';

const end = Buffer.from('</body></html>');

/**
 * The document's end after everything streamed into it. React 18's renderToPipeableStream writes
 * `</body></html>` with the shell, and whatever it streams after the shell (Remix's scripts that
 * hand the loader data to the browser, a Suspense boundary finished later) comes after `</html>`,
 * where the HTML standard allows nothing: a browser puts it back into the body, but a conforming
 * parser (the W3C Nu checker) stops there. This stream holds the first `</body></html>` back and
 * writes it when the render has ended, so the streamed scripts land inside the body, as React 19
 * does itself. Everything else passes through as it comes: the shell still goes out at once.
 *
 * The marker is ASCII, so it is looked for in the bytes (it cannot be part of a UTF-8 sequence);
 * it may be split across chunks, so up to its length less one byte is kept until the next chunk.
 */
export function documentEndLast(): Transform {
  let held = Buffer.alloc(0);
  let found = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (found) return callback(null, bytes);
      const data = held.length > 0 ? Buffer.concat([held, bytes]) : bytes;
      const at = data.indexOf(end);
      if (at >= 0) {
        found = true;
        held = Buffer.alloc(0);
        const rest = data.subarray(at + end.length);
        return callback(null, rest.length > 0 ? Buffer.concat([data.subarray(0, at), rest]) : data.subarray(0, at));
      }
      const keep = Math.min(end.length - 1, data.length);
      held = Buffer.from(data.subarray(data.length - keep));
      callback(null, data.subarray(0, data.length - keep));
    },
    flush(callback: TransformCallback) {
      callback(null, found ? Buffer.concat([held, end]) : held);
    },
  });
}
