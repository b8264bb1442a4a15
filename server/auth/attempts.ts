/**
 * Failed sign-in attempts, counted per client address and per reference number in the database
 * so that the limits hold across several app instances. Keys are stored as keyed hashes only.
 */
import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import { securityConfig } from '../config/security.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { keyedHash } from '../security/crypto.ts';

export interface AttemptKeys {
  client: string;
  reference?: string;
}

const hashes = (keys: AttemptKeys) => ({
  client: keyedHash('attempt-client', keys.client),
  reference: keys.reference ? keyedHash('attempt-reference', keys.reference) : undefined,
});

export type LockState = { locked: false } | { locked: true; retryAfterSeconds: number };

/** Whether this client or this reference number has to wait, and for how long. */
export async function lockState(db: Database, keys: AttemptKeys, now = new Date()): Promise<LockState> {
  const { clientMaxFailures, referenceMaxFailures, windowMinutes } = securityConfig().signIn;
  const since = new Date(now.getTime() - windowMinutes * 60_000);
  const h = hashes(keys);
  const checks: Array<[(typeof t.loginAttempts.$inferSelect)['keyType'], string, number]> = [['client', h.client, clientMaxFailures]];
  if (h.reference) checks.push(['reference', h.reference, referenceMaxFailures]);
  let retryAfterSeconds = 0;
  for (const [keyType, keyHash, max] of checks) {
    const [row] = await db
      .select({ failures: count(), oldest: min(t.loginAttempts.attemptedAt) })
      .from(t.loginAttempts)
      .where(and(eq(t.loginAttempts.keyType, keyType), eq(t.loginAttempts.keyHash, keyHash), eq(t.loginAttempts.succeeded, false), gt(t.loginAttempts.attemptedAt, since)));
    if (row && row.failures >= max && row.oldest) {
      const oldest = row.oldest instanceof Date ? row.oldest : new Date(row.oldest);
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((oldest.getTime() + windowMinutes * 60_000 - now.getTime()) / 1000));
    }
  }
  return retryAfterSeconds > 0 ? { locked: true, retryAfterSeconds } : { locked: false };
}

export async function recordAttempt(db: Database, keys: AttemptKeys, succeeded: boolean, now = new Date()): Promise<void> {
  const h = hashes(keys);
  const rows: Array<typeof t.loginAttempts.$inferInsert> = [{ keyType: 'client', keyHash: h.client, succeeded, attemptedAt: now }];
  if (h.reference) rows.push({ keyType: 'reference', keyHash: h.reference, succeeded, attemptedAt: now });
  await db.insert(t.loginAttempts).values(rows);
  // Keep the table small: attempts older than a day are of no use to any limit.
  await db.delete(t.loginAttempts).where(lt(t.loginAttempts.attemptedAt, new Date(now.getTime() - 86_400_000)));
}
