import { Readable, Transform } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import { documentEndLast } from './document-end.server';

/** What comes out when `chunks` go in, one write each. */
async function through(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(documentEndLast()));
}

// As React 18 streams a Remix page: the shell with the closing tags, then the data scripts.
const shell = '<!DOCTYPE html><html lang="de"><head></head><body><main>Grüße – €</main></body></html>';
const streamed = '<!--$--><script>window.__remixContext.streamController.close();</script><!--/$-->';
const expected =
  '<!DOCTYPE html><html lang="de"><head></head><body><main>Grüße – €</main>' + streamed + '</body></html>';

describe('documentEndLast', () => {
  it('moves what streams after the shell before </body></html>', async () => {
    expect(await through([shell, streamed])).toBe(expected);
  });

  it('finds the end split at any byte, and keeps UTF-8 characters whole', async () => {
    const whole = Buffer.from(shell + streamed);
    for (let at = 1; at < whole.length; at += 1) {
      const out = await text(Readable.from([whole.subarray(0, at), whole.subarray(at)]).pipe(documentEndLast()));
      expect(out, `split at ${at}`).toBe(expected);
    }
  });

  it('passes the shell on without waiting for the render to end', async () => {
    const stream = documentEndLast();
    const out: string[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    stream.write(shell);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.join('')).toBe(shell.slice(0, -'</body></html>'.length));
    stream.end();
  });

  it('leaves a document without the end as it is', async () => {
    expect(await through(['<p>a', 'b</p>'])).toBe('<p>ab</p>');
    expect(await through([])).toBe('');
  });

  it('takes a second end, as React gives it when the stream closes, without Node making an error', async () => {
    // Node's own `end` builds an ERR_STREAM_ALREADY_FINISHED error when the stream has ended,
    // even without a callback to give it to: it must not be reached then.
    const nodeEnd = vi.spyOn(Transform.prototype, 'end');
    const stream = documentEndLast();
    const errors: unknown[] = [];
    stream.on('error', (error) => errors.push(error));
    const out = text(stream);
    stream.end(shell);
    expect(await out).toBe(shell);
    if (!stream.closed) await new Promise((resolve) => stream.once('close', resolve));
    const before = nodeEnd.mock.calls.length;
    expect(stream.end()).toBe(stream);
    expect(nodeEnd.mock.calls.length).toBe(before);
    // With a callback it still hears Node's own answer.
    const answer = await new Promise<unknown>((resolve) => stream.end(resolve));
    expect(answer).toMatchObject({ code: 'ERR_STREAM_ALREADY_FINISHED' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([]);
    nodeEnd.mockRestore();
  });
});
