import { z } from 'zod';

/** The environment, read once and validated. Server-only. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Public base URL; https here turns on Secure cookies, __Host- names and HSTS. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** PostgreSQL connection; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Host to variant map, e.g. "portal.paycare.example=paycare". */
  VARIANT_HOSTS: z.string().optional(),
  /** Secret for signatures (letter links, captcha, webhooks). Required in production. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Self-hosted analytics endpoint; without it no event leaves the browser. */
  ANALYTICS_URL: z.string().url().optional(),
  MAINTENANCE_FILE: z.string().default('./public/maintenance.json'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example:587 or smtps://…; without it mail
   * goes to the development mailbox (DATA_DIR/mailbox) outside production and stays queued in
   * production. */
  SMTP_URL: z.string().url().optional(),
  /** Sender of every mail; default: the variant's brand name with its support address. */
  MAIL_FROM: z.string().optional(),
  /** Where messages, callbacks and announced payments go; default: the variant's support address. */
  AGENCY_MAIL_TO: z.string().email().optional(),
  /** How often the mail worker looks for pending mail. */
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(1000).default(15_000),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function isSecureDeployment(e: Env = env()): boolean {
  return e.PUBLIC_BASE_URL?.startsWith('https://') ?? false;
}

/** The signing secret; a development default only outside production. */
export function sessionSecret(e: Env = env()): string {
  if (e.SESSION_SECRET) return e.SESSION_SECRET;
  if (e.NODE_ENV === 'production' && isSecureDeployment(e)) {
    throw new Error('SESSION_SECRET must be set (at least 32 characters) for an HTTPS deployment');
  }
  return 'development-secret-not-for-production-use-0123456789';
}

/** For tests: forget the parsed environment so that a changed process.env is read again. */
export function resetEnvCache(): void {
  cached = undefined;
}
