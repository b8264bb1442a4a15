/**
 * Where the portal's log lines go: standard output, written without ever waiting for it (issue 31,
 * finding 8). pino's own destination wrote through a buffer that it flushed synchronously when the
 * process exited: with standard output on a pipe whose reader had stopped reading, that flush
 * waited for the reader forever and the process never ended after SIGTERM.
 *
 * Here a line is handed to the process's own standard output stream (on a pipe or socket Node
 * writes it from the event loop, never blocking it; on a file it is written at once), nothing is
 * flushed on exit, and:
 *  - while the reader does not keep up, at most `maxBufferedBytes` wait in memory; later lines
 *    are dropped and counted (`onRecovered` says how many once the sink takes lines again);
 *  - a sink that has gone (EPIPE, closed) drops every later line instead of failing;
 *  - `flushed(ms)` waits at most that long for what is buffered to leave, for a stop that ends
 *    on time whatever the sink does.
 */
import type { Writable } from 'node:stream';

export interface LogSink {
  /** pino's destination interface: one serialised line. Never throws, never waits. */
  write(line: string): void;
  /** Resolves true when every line written has left the process, false after `timeoutMs` or if the sink has gone. */
  flushed(timeoutMs: number): Promise<boolean>;
  /** Lines dropped so far (sink stalled or gone). */
  readonly dropped: number;
}

/** The stream a sink writes to: process.stdout, or a stand-in in the tests. */
export type SinkStream = Pick<Writable, 'write' | 'on' | 'writableLength'>;

export function logSink(
  stream: SinkStream,
  options: { maxBufferedBytes?: number; onRecovered?: (dropped: number) => void; pollMs?: number } = {},
): LogSink {
  const maxBufferedBytes = options.maxBufferedBytes ?? 8 * 1024 * 1024;
  const pollMs = options.pollMs ?? 10;
  let gone = false;
  let dropped = 0;
  let droppedUnreported = 0;

  const gave = () => {
    gone = true;
  };
  // Without a listener an EPIPE on standard output would end the process as an uncaught error.
  stream.on('error', gave);
  stream.on('close', gave);

  const send = (line: string) => {
    try {
      stream.write(line);
    } catch {
      // A stream destroyed in the meantime throws on write: the sink has gone.
      gone = true;
    }
  };

  return {
    write(line) {
      if (gone || stream.writableLength > maxBufferedBytes) {
        dropped++;
        droppedUnreported++;
        return;
      }
      if (droppedUnreported > 0 && options.onRecovered) {
        const count = droppedUnreported;
        droppedUnreported = 0;
        options.onRecovered(count);
      }
      send(line);
    },
    flushed(timeoutMs) {
      if (gone) return Promise.resolve(false);
      if (stream.writableLength === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const started = Date.now();
        const check = setInterval(() => {
          const empty = !gone && stream.writableLength === 0;
          if (!empty && !gone && Date.now() - started < timeoutMs) return;
          clearInterval(check);
          resolve(empty);
        }, pollMs);
        check.unref();
      });
    },
    get dropped() {
      return dropped;
    },
  };
}
