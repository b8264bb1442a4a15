/**
 * Line-by-line JSON in, JSON out, in order: the shape of the assistant's offline commands.
 * Only the answers go to stdout; anything else (training progress) goes to stderr. A line that
 * cannot be read gets an `{"error": ...}` line in its place, so the order still matches.
 */
import { createInterface } from 'node:readline';

export async function mapJsonLines(handle: (input: Record<string, unknown>) => unknown): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let out = '';
  const flush = () => {
    if (out) process.stdout.write(out);
    out = '';
  };
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let answer: unknown;
    try {
      const input: unknown = JSON.parse(line);
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw new Error('expected a JSON object');
      answer = handle(input as Record<string, unknown>);
    } catch (error) {
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    out += `${JSON.stringify(answer)}\n`;
    if (out.length > 64_000) flush();
  }
  flush();
}
