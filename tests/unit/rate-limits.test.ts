/**
 * The shared rate limits: counted in the database (PGlite here, PostgreSQL with
 * TEST_DATABASE_URL) or in Redis, so that two instances of the portal share one count. The two
 * instances run on a real PostgreSQL server (TEST_DATABASE_URL, or one the test starts with
 * initdb) and on a Redis (TEST_REDIS_URL, or a redis-server the test starts on a free port).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { Redis } from 'ioredis';
import pg from 'pg';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { resetEnvCache } from '#server/env.ts';
import { keyedHash } from '#server/security/crypto.ts';
import { consume, consumeAll, policies, resetRateLimiters } from '#server/limits/rate-limits.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { recordStatements } from '../helpers/statements.ts';
import { startTestRedis, redisUnavailable, type TestRedis } from '../helpers/redis.ts';
import { skipReason } from '../helpers/skip.ts';
import { postgresServerForTest, postgresUnavailable } from '../helpers/temp-postgres.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => database.dispose());
const saved = { ...process.env };
afterEach(async () => {
  process.env = { ...saved };
  resetEnvCache();
  await resetRateLimiters();
});
const unique = (name: string) => `${name}-${crypto.randomUUID()}`;

describe('rate limits in the database', () => {
  it('allow the policy’s number in a window, then refuse with the time to wait', async () => {
    const { db } = database;
    const { points, seconds } = policies.resetReference;
    const reference = unique('ref');
    for (let i = 0; i < points; i++) expect(await consume(db, 'resetReference', reference)).toEqual({ ok: true });
    const refused = await consume(db, 'resetReference', reference);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(seconds - 60);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(seconds);
    }
    // Another key and another limit have their own counts.
    expect(await consume(db, 'resetReference', unique('ref'))).toEqual({ ok: true });
    expect(await consume(db, 'planMail', reference)).toEqual({ ok: true });
  });

  it('keep no reference number, address or e-mail in clear', async () => {
    await consume(database.db, 'resetAddress', 'anna.schneider@example.org');
    const keys = (await database.db.select().from(schema.rateLimits)).map((r) => r.key);
    expect(keys.find((k) => k.startsWith('portal-limit:resetAddress:'))).toMatch(
      /^portal-limit:resetAddress:[0-9a-f]{64}$/,
    );
    expect(keys.join()).not.toContain('example.org');
  });

  it('refuse parallel requests beyond the limit: the count is one atomic statement', async () => {
    const key = unique('file');
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => consume(database.db, 'planMail', key)));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(policies.planMail.points);
  });

  it('refuse when any of several limits is used up', async () => {
    const file = unique('file');
    for (let i = 0; i < policies.contactFile.points; i++) await consume(database.db, 'contactFile', file);
    const verdict = await consumeAll(database.db, [
      ['contactFile', file],
      ['contactClient', unique('client')],
    ]);
    expect(verdict.ok).toBe(false);
  });

  it('count several limits in one statement, into the same counts as one at a time', async () => {
    const file = unique('file');
    const client = unique('client');
    const { result, statements } = await recordStatements(database.db, () =>
      consumeAll(database.db, [
        ['contactFile', file],
        ['contactClient', client],
      ]),
    );
    expect(result).toEqual({ ok: true });
    expect(statements, statements.join('\n')).toHaveLength(1);
    // One counted together, then the rest of the file's five one at a time: the sixth is refused by both ways.
    for (let i = 1; i < policies.contactFile.points; i++)
      expect((await consume(database.db, 'contactFile', file)).ok).toBe(true);
    expect((await consume(database.db, 'contactFile', file)).ok).toBe(false);
    const refused = await consumeAll(database.db, [
      ['contactFile', file],
      ['contactClient', client],
    ]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(policies.contactFile.seconds - 60);
    // The client's count went on with every call: 3 so far of its 20.
    const clientKey = `portal-limit:contactClient:${keyedHash('rate-limit', `contactClient\u0000${client}`)}`;
    const [row] = await database.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, clientKey));
    expect(row?.points).toBe(2);
  });

  it('start a window that has ended again at one, when counted together', async () => {
    const file = unique('file');
    for (let i = 0; i < policies.contactFile.points; i++) await consume(database.db, 'contactFile', file);
    expect(
      (
        await consumeAll(database.db, [
          ['contactFile', file],
          ['contactClient', unique('client')],
        ])
      ).ok,
    ).toBe(false);
    await database.db
      .update(schema.rateLimits)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(like(schema.rateLimits.key, 'portal-limit:contactFile:%'));
    expect(
      await consumeAll(database.db, [
        ['contactFile', file],
        ['contactClient', unique('client')],
      ]),
    ).toEqual({ ok: true });
  });
});

describe.skipIf(skipReason('rate limits of two instances on PostgreSQL', postgresUnavailable()))(
  'two instances on one PostgreSQL database',
  () => {
    // Two instances are two processes with a pool each: PGlite is one connection in one process,
    // where statements never overlap, so only a real server can show a count that is not atomic.
    let server: Awaited<ReturnType<typeof postgresServerForTest>>;
    let shared: TestDatabase;
    beforeAll(async () => {
      server = await postgresServerForTest();
      shared = await createTestDatabase({ seed: false, serverUrl: server.url });
    });
    afterAll(async () => {
      await shared?.dispose();
      await server?.dispose();
    });

    /** A second instance: a pool of its own on the same database. */
    async function withSecondInstance(run: (second: Database) => Promise<void>): Promise<void> {
      const url = (shared.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      try {
        await run(drizzlePg(pool, { schema }) as unknown as Database);
      } finally {
        await pool.end();
      }
    }

    it('share one count: of twelve requests at once, spread over both, exactly the policy’s number pass', async () => {
      await withSecondInstance(async (second) => {
        const key = unique('file');
        const verdicts = await Promise.all(
          Array.from({ length: 12 }, (_, i) => consume(i % 2 ? shared.db : second, 'transferMail', key)),
        );
        expect(verdicts.filter((v) => v.ok)).toHaveLength(policies.transferMail.points);
        expect((await consume(second, 'transferMail', key)).ok).toBe(false);
        expect((await consume(shared.db, 'transferMail', key)).ok).toBe(false);
      });
    });

    it('counted together: of twelve requests at once, spread over both, exactly the policy’s number pass', async () => {
      await withSecondInstance(async (second) => {
        const file = unique('file');
        const verdicts = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            consumeAll(i % 2 ? shared.db : second, [
              ['contactFile', file],
              ['contactClient', unique('client')],
            ]),
          ),
        );
        expect(verdicts.filter((v) => v.ok)).toHaveLength(policies.contactFile.points);
      });
    });
  },
);

describe.skipIf(skipReason('rate limits in Redis', redisUnavailable()))('two instances on one Redis', () => {
  let redisServer: TestRedis;
  beforeAll(async () => {
    redisServer = await startTestRedis();
  });
  afterAll(async () => redisServer?.stop());

  it('share one count through Redis when REDIS_URL is set', async () => {
    const url = redisServer.url;
    process.env.REDIS_URL = url;
    resetEnvCache();
    await resetRateLimiters();
    // The second instance: the module loaded afresh, with its own Redis connection and limiters.
    vi.resetModules();
    const other = await import('#server/limits/rate-limits.ts');
    const key = unique('file');
    const rowsInDatabase = async () => (await database.db.select().from(schema.rateLimits)).length;
    const before = await rowsInDatabase();
    try {
      const verdicts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? consume : other.consume)(database.db, 'planMail', key)),
      );
      expect(verdicts.filter((v) => v.ok)).toHaveLength(policies.planMail.points);
      expect((await consume(database.db, 'planMail', key)).ok).toBe(false);
      expect((await other.consume(database.db, 'planMail', key)).ok).toBe(false);
      // The count is in Redis, not in the database.
      expect(await rowsInDatabase()).toBe(before);
      const redis = new Redis(url);
      expect((await redis.keys('portal-limit:planMail:*')).length).toBeGreaterThan(0);
      await redis.quit();
    } finally {
      await other.resetRateLimiters();
    }
  });
});
