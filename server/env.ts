import { z } from 'zod';

/** The environment, read once and validated. Server-only. */
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The demo mode: the demo files in an empty database, the sandbox payment and bank-identity
   * providers, the development mailbox and the development secret. Default: on for development
   * and tests, off for NODE_ENV=production (`npm start` on a fresh clone turns it on).
   */
  DEMO: flag.optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * The address the server listens on: an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name.
   * Without it, every interface (IPv6 and IPv4), as before; behind a reverse proxy on the same
   * machine, 127.0.0.1 keeps the portal off the network.
   */
  HOST: z.union([z.ipv4(), z.ipv6(), z.hostname()]).optional(),
  /** Public base URL; https here turns on Secure cookies, __Host- names and HSTS. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** PostgreSQL connection; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * Where uploads and documents are stored (server/storage/): `folder` (FILE_STORAGE_DIR, a shared
   * volume when several instances run) or `s3` (an S3-compatible bucket, S3_BUCKET and below).
   */
  FILE_STORAGE: z.enum(['folder', 's3']).default('folder'),
  /** The storage folder; default DATA_DIR (uploads in `uploads/`, documents in `documents/`). */
  FILE_STORAGE_DIR: z.string().optional(),
  /** The bucket for FILE_STORAGE=s3; credentials come from the usual AWS_* variables or the platform. */
  S3_BUCKET: z.string().min(3).optional(),
  /** An S3-compatible endpoint other than AWS (MinIO, Ceph, a provider's object storage). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** A folder in the bucket for this portal's files, e.g. "portal-prod". */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*[A-Za-z0-9]$/)
    .optional(),
  /** Path-style addresses (endpoint/bucket/key), as most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Host to variant map, e.g. "portal.paycare.example=paycare". */
  VARIANT_HOSTS: z.string().optional(),
  /** Secret for signatures (letter links, captcha, webhooks). Required outside the demo mode. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Redis for the shared rate limits; without it they are counted in the database. */
  REDIS_URL: z.string().url().optional(),
  /** Self-hosted analytics endpoint; without it no event leaves the browser. */
  ANALYTICS_URL: z.string().url().optional(),
  MAINTENANCE_FILE: z.string().default('./public/maintenance.json'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  /**
   * Bearer token for /metrics (Prometheus); without it /metrics answers 404 (decision 046).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Graceful shutdown: how long requests in flight may take to finish after SIGTERM/SIGINT. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example:587 or smtps://…; without it mail
   * goes to the development mailbox (DATA_DIR/mailbox) in the demo mode and stays queued
   * otherwise. */
  SMTP_URL: z.string().url().optional(),
  /** Sender of every mail; default: the variant's brand name with its support address. */
  MAIL_FROM: z.string().optional(),
  /** Where messages, callbacks and announced payments go; default: the variant's support address. */
  AGENCY_MAIL_TO: z.string().email().optional(),
  /** How often the mail worker looks for pending mail. */
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(1000).default(15_000),
  /** How often the agency's webhook worker looks for events to deliver (decision 087); 0 turns it off. */
  AGENCY_WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(0).default(2_000),
  /**
   * The assistant's optional language model (decision 038): an OpenAI-compatible endpoint, used
   * only when all three are set; otherwise, and whenever it fails or is slow, the embedded engine.
   */
  ASSISTANT_MODEL: z.string().min(1).optional(),
  ASSISTANT_BASE_URL: z.string().url().optional(),
  ASSISTANT_API_KEY: z.string().min(1).optional(),
  /** How long the model may take to start answering before the embedded engine answers instead. */
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  /** How long the anonymised intent log is kept for staff review, in months (spec section 9: visitor data at most 6). */
  INTENT_LOG_RETENTION_MONTHS: z.coerce.number().int().min(1).max(6).default(6),
  /** Days the refused lines of a letter batch are kept after its import ended (server/retention/purge.ts). */
  IMPORT_REJECTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How often the retention job deletes what has outlived its period (server/retention/purge.ts). */
  RETENTION_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(
        `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    cached = parsed.data;
  }
  return cached;
}

export function isSecureDeployment(e: Env = env()): boolean {
  return e.PUBLIC_BASE_URL?.startsWith('https://') ?? false;
}

/** Whether this is the demo mode (DEMO=true, or development and tests unless DEMO=false). */
export function isDemo(e: Env = env()): boolean {
  return e.DEMO ?? e.NODE_ENV !== 'production';
}

/** Signs everything in the demo mode only; public in this source, so never accepted elsewhere. */
export const developmentSecret = 'development-secret-not-for-production-use-0123456789';

/**
 * What keeps this environment from serving: a secret anyone could read, the sandbox (where anyone
 * can approve a payment) on the development secret, or no public address to build links from.
 * Empty when it may start.
 */
export function deploymentProblems(e: Env = env()): string[] {
  const problems: string[] = [];
  const demo = isDemo(e);
  if (e.SESSION_SECRET === developmentSecret && !demo) {
    problems.push(
      'SESSION_SECRET is the published development secret; set a secret of your own (at least 32 random characters)',
    );
  } else if (!e.SESSION_SECRET && !demo) {
    problems.push(
      'SESSION_SECRET must be set (at least 32 random characters), or DEMO=true for the demo mode with its published secret',
    );
  } else if (!e.SESSION_SECRET && isSecureDeployment(e)) {
    problems.push(
      'SESSION_SECRET must be set (at least 32 random characters) for an HTTPS deployment, also in the demo mode',
    );
  }
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) {
    problems.push('S3_BUCKET must be set for FILE_STORAGE=s3');
  }
  if (!demo && !e.PUBLIC_BASE_URL) {
    problems.push(
      'PUBLIC_BASE_URL must be set (e.g. https://portal.example): every link the portal sends is built from it',
    );
  }
  return problems;
}

/** Throws one readable error naming every problem of `deploymentProblems`. */
export function assertDeployable(e: Env = env()): void {
  const problems = deploymentProblems(e);
  if (problems.length > 0) throw new Error(`The portal cannot start: ${problems.join('; ')}.`);
}

/** The signing secret; the development secret only in the demo mode (and not behind HTTPS). */
export function sessionSecret(e: Env = env()): string {
  if (e.SESSION_SECRET) return e.SESSION_SECRET;
  if (!isDemo(e) || isSecureDeployment(e))
    throw new Error('SESSION_SECRET must be set (at least 32 characters) outside the demo mode and behind HTTPS');
  return developmentSecret;
}

/** For tests: forget the parsed environment so that a changed process.env is read again. */
export function resetEnvCache(): void {
  cached = undefined;
}
