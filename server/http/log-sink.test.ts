/**
 * The log sink (issue 31, finding 8) with a stand-in for standard output whose reader stalls or
 * goes away; tests/db/shutdown-log-sink.test.ts shows the same with the built portal on a real pipe.
 */
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logSink } from './log-sink.ts';

/** A stream whose reader takes nothing until `release()` (a pipe nobody reads). */
function stalledStream() {
  const waiting: Array<() => void> = [];
  const taken: string[] = [];
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, callback) {
      waiting.push(() => {
        taken.push(chunk.toString());
        callback();
      });
    },
  });
  const release = () => {
    while (waiting.length) waiting.shift()!();
  };
  return { stream, taken, release };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the log sink', () => {
  it('never waits for a stalled reader: what does not fit is dropped and counted, then reported', async () => {
    const { stream, taken, release } = stalledStream();
    const recovered: number[] = [];
    const sink = logSink(stream, { maxBufferedBytes: 100, onRecovered: (n) => recovered.push(n) });
    for (let i = 0; i < 50; i++) sink.write(`line ${String(i).padStart(4, '0')}\n`);
    // Eleven lines of ten bytes fit under the cap before it is crossed; the rest are dropped.
    expect(stream.writableLength).toBeLessThanOrEqual(110);
    expect(sink.dropped).toBe(39);

    // The sink stays stalled: the flush gives up at its timeout, with the lines still in memory.
    const flushed = sink.flushed(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await flushed).toBe(false);

    // The reader catches up: the next line says how many were lost before it is written.
    release();
    await vi.advanceTimersByTimeAsync(0);
    sink.write('after\n');
    expect(recovered).toEqual([39]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(taken.at(-1)).toBe('after\n');
    expect(await sink.flushed(1_000)).toBe(true);
  });

  it('resolves the flush once the reader has taken everything', async () => {
    const { stream, release } = stalledStream();
    const sink = logSink(stream);
    sink.write('one\n');
    sink.write('two\n');
    const flushed = sink.flushed(5_000);
    await vi.advanceTimersByTimeAsync(100);
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(20);
    expect(await flushed).toBe(true);
  });

  it('drops every line once the reader has gone (EPIPE), without throwing', async () => {
    const stream = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const sink = logSink(stream);
    sink.write('first\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(() => sink.write('second\n')).not.toThrow();
    expect(sink.dropped).toBe(1);
    expect(await sink.flushed(1_000)).toBe(false);
  });
});
