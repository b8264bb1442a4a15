/**
 * Limits on what sends mail or accepts posts from anyone: reset mails, plan and bank-transfer
 * mails, feedback, messages and callbacks, uploads, captcha challenges. Counted with
 * rate-limiter-flexible (fixed windows, one atomic upsert per count) in the table rate_limits
 * of the portal's own database (PGlite or PostgreSQL, through its Drizzle store), or in Redis
 * when REDIS_URL is set; either way every instance shares the count (decision 021). Several
 * limits counted at once in the database (`consumeAll`) are one statement of the same upsert
 * (decision 113).
 *
 * If the store fails, an in-memory limiter with the same numbers decides for this instance
 * (the library's insurance strategy): a broken counter neither stops the debtor nor the limit.
 * Keys are keyed hashes; no address, e-mail or reference number is stored in clear.
 * The sign-in attempt limits are not here: they live in server/auth/attempts.ts.
 */
import { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { sql } from 'drizzle-orm';
import { withDatabase, type Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import * as t from '../db/schema.ts';
import { env } from '../env.ts';
import { keyedHash } from '../security/crypto.ts';

export interface Policy {
  /** How many in one window. */
  points: number;
  /** The window, in seconds. */
  seconds: number;
  /** Per client address: many debtors may share one (an office, a carrier's NAT), and the browser journeys all come from one. */
  perClient?: true;
}

const hour = 3600;

/** Each limit: what it counts and how much of it one window allows. */
export const policies = {
  /** Reset requests from one client address. */
  resetClient: { points: 10, seconds: hour, perClient: true },
  /** Reset requests for one reference number (whether or not the file exists: the answer reveals nothing). */
  resetReference: { points: 3, seconds: hour },
  /** Reset mails to one e-mail address; over it no mail goes out, and the answer stays the same. */
  resetAddress: { points: 3, seconds: hour },
  /** The instalment plan by e-mail, per file. */
  planMail: { points: 3, seconds: hour },
  /** The bank-transfer details by e-mail, per file. */
  transferMail: { points: 3, seconds: hour },
  /** Feedback from one client address. */
  feedbackClient: { points: 10, seconds: hour, perClient: true },
  /** Messages and callback requests, per file and per client address. */
  contactFile: { points: 5, seconds: hour },
  contactClient: { points: 20, seconds: hour, perClient: true },
  /** Uploaded files, per file and per client address. */
  uploadFile: { points: 30, seconds: hour },
  uploadClient: { points: 60, seconds: hour, perClient: true },
  /** Assistant turns (the chat pane and /chatbot), per conversation and per client address: each is classified and logged. */
  chatConversation: { points: 30, seconds: 600 },
  chatClient: { points: 120, seconds: 600, perClient: true },
  /** Captcha challenges from one client address. */
  captchaClient: { points: 30, seconds: 60, perClient: true },
} as const satisfies Record<string, Policy>;

export type LimitName = keyof typeof policies;

export type LimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** RATE_LIMIT_CLIENT_SCALE multiplies the per-client limits (the browser journeys all come from 127.0.0.1). */
function pointsOf(policy: Policy): number {
  const scale = Number(process.env.RATE_LIMIT_CLIENT_SCALE);
  return policy.perClient && Number.isFinite(scale) && scale >= 1 ? Math.floor(policy.points * scale) : policy.points;
}

let redis: Redis | undefined;
/** Limiters per database (tests open one per file) and limit. */
const limiters = new WeakMap<object, Map<string, RateLimiterAbstract>>();
const redisOwner = {};

function limiterFor(db: Database, name: LimitName): RateLimiterAbstract {
  return limiterWith(db, `portal-limit:${name}`, policies[name]);
}

function limiterWith(db: Database, keyPrefix: string, policy: Policy): RateLimiterAbstract {
  const redisUrl = env().REDIS_URL;
  const owner = redisUrl ? redisOwner : db;
  let byName = limiters.get(owner);
  if (!byName) limiters.set(owner, (byName = new Map()));
  const cacheKey = `${keyPrefix}\u0000${policy.points}\u0000${policy.seconds}`;
  let limiter = byName.get(cacheKey);
  if (!limiter) {
    const common = { keyPrefix, points: pointsOf(policy), duration: policy.seconds };
    const insuranceLimiter = new RateLimiterMemory(common);
    if (redisUrl) {
      // Commands wait for the connection; after one failed retry the insurance limiter decides.
      redis ??= new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
      limiter = new RateLimiterRedis({ ...common, storeClient: redis, insuranceLimiter });
    } else {
      // Inside an action's transaction (server/actions/run.ts) the count joins that transaction.
      // Ended windows are deleted by the retention job (server/retention/purge.ts, once for all
      // instances), not by a timer per limiter, which would outlive a transaction or a closed
      // database.
      limiter = new RateLimiterDrizzle({
        ...common,
        storeClient: db,
        schema: t.rateLimits,
        insuranceLimiter,
        clearExpiredByTimeout: false,
      });
    }
    byName.set(cacheKey, limiter);
  }
  return limiter;
}

/**
 * Counts one event for `key` under a limit given by its figures (an agency client's calls per
 * minute, decision 086); refuses when the window's points are used up.
 */
export async function consumeWithin(
  db: Database,
  keyPrefix: string,
  policy: { points: number; seconds: number },
  key: string,
): Promise<LimitVerdict> {
  try {
    await limiterWith(db, `portal-limit:${keyPrefix}`, policy).consume(
      keyedHash('rate-limit', `${keyPrefix}\u0000${key}`),
    );
    return { ok: true };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes)
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    throw refusal;
  }
}

/** A limit's key as it is counted: keyed-hashed, never in clear. */
function hashedKey(name: LimitName, key: string): string {
  return keyedHash('rate-limit', `${name}\u0000${key.trim().toLowerCase()}`);
}

/** Counts one event for `key` under the limit `name`; refuses when the window's points are used up. */
export async function consume(db: Database, name: LimitName, key: string): Promise<LimitVerdict> {
  try {
    await limiterFor(db, name).consume(hashedKey(name, key));
    return { ok: true };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes)
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    throw refusal;
  }
}

/** The key a limit's count is stored under: its limiter's prefix and the hashed key, as `consume` counts it. */
function storedKey(name: LimitName, key: string): string {
  return `portal-limit:${name}:${hashedKey(name, key)}`;
}

/**
 * Several counts in one statement (issue 28: a chat turn counts its conversation and its client
 * address, two round trips before): the upsert of rate-limiter-flexible's Drizzle store, one row per
 * count, on the same table and keys, so both ways count together. A window that has ended starts
 * again at the count, as the library's does.
 */
const countMany = preparedPerDatabase((db: Database) =>
  db
    .insert(t.rateLimits)
    .select(
      sql`select * from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('points')}::int[], ${sql.placeholder('expires')}::timestamptz[])`,
    )
    .onConflictDoUpdate({
      target: t.rateLimits.key,
      set: {
        points: sql`case when ${t.rateLimits.expire} <= ${sql.placeholder('now')}::timestamptz then excluded.points else ${t.rateLimits.points} + excluded.points end`,
        expire: sql`case when ${t.rateLimits.expire} <= ${sql.placeholder('now')}::timestamptz then excluded.expire else ${t.rateLimits.expire} end`,
      },
    })
    .returning({ key: t.rateLimits.key, points: t.rateLimits.points, expire: t.rateLimits.expire })
    .prepare('rate_limits_count'),
);

/**
 * Counts one event under each of several limits (per file and per client, say); refused when any
 * is used up, with the longest wait. Every limit counts, so a refused attempt still costs. In the
 * database the counts are one statement; if it fails, each limit is counted as `consume` counts
 * it, whose in-memory insurance decides when the store is away.
 */
export async function consumeAll(
  db: Database,
  checks: ReadonlyArray<readonly [LimitName, string | null | undefined]>,
): Promise<LimitVerdict> {
  const wanted = checks.filter((check): check is readonly [LimitName, string] => Boolean(check[1]));
  const verdicts = wanted.length > 1 && !env().REDIS_URL ? await countTogether(db, wanted).catch(() => null) : null;
  const all = verdicts ?? (await Promise.all(wanted.map(([name, key]) => consume(db, name, key))));
  const waits = all.flatMap((v) => (v.ok ? [] : [v.retryAfterSeconds]));
  return waits.length > 0 ? { ok: false, retryAfterSeconds: Math.max(...waits) } : { ok: true };
}

async function countTogether(
  db: Database,
  checks: ReadonlyArray<readonly [LimitName, string]>,
): Promise<LimitVerdict[]> {
  const now = Date.now();
  const counts = new Map<string, LimitName>();
  for (const [name, key] of checks) counts.set(storedKey(name, key), name);
  const keys = [...counts.keys()];
  const rows = await countMany(db, undefined).execute({
    keys,
    points: keys.map(() => 1),
    expires: keys.map((key) => new Date(now + policies[counts.get(key)!].seconds * 1000).toISOString()),
    now: new Date(now).toISOString(),
  });
  return rows.map((row): LimitVerdict => {
    const policy = policies[counts.get(row.key)!];
    if (row.points <= pointsOf(policy)) return { ok: true };
    const msBeforeNext = row.expire ? Math.max(row.expire.getTime() - Date.now(), 0) : 0;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
  });
}

/** For tests: forget the limiters (after a change of REDIS_URL or RATE_LIMIT_CLIENT_SCALE) and close Redis. */
export async function resetRateLimiters(): Promise<void> {
  limiters.delete(redisOwner);
  const client = redis;
  redis = undefined;
  await client?.quit().catch(() => client.disconnect());
}

/** consume as a page calls it: it opens the database itself (decision 077). */
export const consumeForPage = withDatabase(consume);
