import pino from 'pino';
import { env } from '../env.ts';

/** Structured JSON logs; URLs are scrubbed by the request logger, secrets are redacted here. */
export const logger = pino({
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
});
