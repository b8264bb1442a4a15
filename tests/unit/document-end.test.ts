/**
 * The document's end after what streams into it (decision 063), and what React writes in one go
 * passed on as one piece (issue 28: every piece was a write to the socket of its own).
 */
import { describe, expect, it } from 'vitest';
import { documentEndLast } from '../../app/lib/document-end.server';

/** Writes `bursts` into the stream, each burst's pieces at once, a turn of the event loop between bursts. */
async function run(bursts: string[][]): Promise<{ pieces: string[]; text: string }> {
  const stream = documentEndLast();
  const pieces: string[] = [];
  stream.on('data', (chunk: Buffer) => pieces.push(chunk.toString('utf8')));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  for (const burst of bursts) {
    for (const piece of burst) stream.write(Buffer.from(piece));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  }
  stream.end();
  await ended;
  return { pieces, text: pieces.join('') };
}

describe('documentEndLast', () => {
  it('passes a shell written in many pieces on as one piece', async () => {
    const shell = [
      '<!DOCTYPE html><html><head>',
      '<title>x</title></head><body>',
      '<main>',
      'text',
      '</main>',
      '</body></html>',
    ];
    const { pieces } = await run([shell]);
    expect(pieces).toEqual([
      '<!DOCTYPE html><html><head><title>x</title></head><body><main>text</main>',
      '</body></html>',
    ]);
  });

  it('puts what streams after the shell before the end of the document, the marker split across pieces', async () => {
    const { text, pieces } = await run([
      ['<html><body><p>a</p></bo', 'dy></ht', 'ml>'],
      ['<script>1</script>', '<script>2</script>'],
    ]);
    expect(text).toBe('<html><body><p>a</p><script>1</script><script>2</script></body></html>');
    // The shell went out before the scripts came: streaming stays.
    expect(pieces[0]).toBe('<html><body><p>a</p>');
  });

  it('leaves a document without the marker as it was', async () => {
    const { text } = await run([['<p>no ', 'end</p'], ['>']]);
    expect(text).toBe('<p>no end</p>');
  });

  it('keeps multi-byte characters whole across pieces', async () => {
    const bytes = Buffer.from('<body>Häufige Fragen</body></html>');
    const stream = documentEndLast();
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    for (let i = 0; i < bytes.length; i += 3) stream.write(bytes.subarray(i, i + 3));
    stream.end();
    await ended;
    expect(Buffer.concat(out).toString('utf8')).toBe('<body>Häufige Fragen</body></html>');
  });
});
