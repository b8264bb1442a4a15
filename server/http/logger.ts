import pino from 'pino';
import { env } from '../env.ts';
import { logSink } from './log-sink.ts';

/**
 * The log's destination: standard output, never waited for (a reader that stalls or goes away
 * costs log lines, never a request or a stop; server/http/log-sink.ts).
 */
export const logOutput = logSink(process.stdout, {
  onRecovered: (dropped) => logger.warn({ dropped }, 'log output stalled: lines were dropped'),
});

/** Structured JSON logs; URLs are scrubbed by the request logger, secrets are redacted here. */
export const logger = pino(
  {
    level: env().LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.iban',
        '*.email',
        '*.refno',
        '*.token',
      ],
      censor: '[redacted]',
    },
  },
  logOutput,
);
