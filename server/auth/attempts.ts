/**
 * Failed sign-in attempts, counted per client address and per reference number in the database
 * so that the limits hold across several app instances. Keys are stored as keyed hashes only.
 *
 * An attempt is counted before it is evaluated: `beginAttempt` takes a transaction-scoped
 * advisory lock per key (client address, then reference number, always in that order), counts
 * the failures of the window, and, below the limits, writes the attempt as a failure, all before
 * the lock is released. Parallel attempts for one key therefore queue on the lock and each sees
 * the ones before it, so 40 wrong passwords sent at once are evaluated at most up to the limit
 * (issue 10, finding 5). A successful attempt is then settled, which makes it no failure.
 */
import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import { securityConfig } from '../config/security.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { keyedHash } from '../security/crypto.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AttemptKeys {
  client: string;
  reference?: string;
  /** A staff account's e-mail (lower case): limited like a reference number (server/staff/sign-in.ts). */
  staff?: string;
}

type KeyType = (typeof t.loginAttempts.$inferSelect)['keyType'];

/** The keys of an attempt as [type, keyed hash, limit], the client address first. */
function keyList(keys: AttemptKeys): Array<[KeyType, string, number]> {
  const { clientMaxFailures, referenceMaxFailures } = securityConfig().signIn;
  const list: Array<[KeyType, string, number]> = [
    ['client', keyedHash('attempt-client', keys.client), clientMaxFailures],
  ];
  if (keys.reference) list.push(['reference', keyedHash('attempt-reference', keys.reference), referenceMaxFailures]);
  if (keys.staff) list.push(['staff', keyedHash('attempt-staff', keys.staff), referenceMaxFailures]);
  return list;
}

export type LockState = { locked: false } | { locked: true; retryAfterSeconds: number };

/** The failures of the window for one key, and when the oldest of them was. */
async function failuresOf(db: Database | Tx, keyType: KeyType, keyHash: string, now: Date) {
  const { windowMinutes } = securityConfig().signIn;
  const since = new Date(now.getTime() - windowMinutes * 60_000);
  const [row] = await db
    .select({ failures: count(), oldest: min(t.loginAttempts.attemptedAt) })
    .from(t.loginAttempts)
    .where(
      and(
        eq(t.loginAttempts.keyType, keyType),
        eq(t.loginAttempts.keyHash, keyHash),
        eq(t.loginAttempts.succeeded, false),
        gt(t.loginAttempts.attemptedAt, since),
      ),
    );
  return row;
}

async function lockStateOf(db: Database | Tx, list: Array<[KeyType, string, number]>, now: Date): Promise<LockState> {
  const { windowMinutes } = securityConfig().signIn;
  let retryAfterSeconds = 0;
  for (const [keyType, keyHash, max] of list) {
    const row = await failuresOf(db, keyType, keyHash, now);
    if (row && row.failures >= max && row.oldest) {
      const oldest = row.oldest instanceof Date ? row.oldest : new Date(row.oldest);
      retryAfterSeconds = Math.max(
        retryAfterSeconds,
        Math.max(1, Math.ceil((oldest.getTime() + windowMinutes * 60_000 - now.getTime()) / 1000)),
      );
    }
  }
  return retryAfterSeconds > 0 ? { locked: true, retryAfterSeconds } : { locked: false };
}

/** Whether this client or this reference number has to wait, and for how long (a read, no lock). */
export async function lockState(db: Database, keys: AttemptKeys, now = new Date()): Promise<LockState> {
  return lockStateOf(db, keyList(keys), now);
}

/**
 * The most failed attempts of the window among the keys (a read, no lock): how hard the captcha of
 * the next attempt from this client, or for this reference number, is (server/auth/captcha.ts).
 */
export async function recentFailures(db: Database, keys: AttemptKeys, now = new Date()): Promise<number> {
  let most = 0;
  for (const [keyType, keyHash] of keyList(keys)) {
    const row = await failuresOf(db, keyType, keyHash, now);
    most = Math.max(most, Number(row?.failures ?? 0));
  }
  return most;
}

/** An attempt counted as a failure until it is settled as a success. */
export interface AttemptTicket {
  ids: number[];
}

export type BeginAttempt = { locked: true; retryAfterSeconds: number } | { locked: false; ticket: AttemptTicket };

/**
 * Counts and decides in one transaction under a lock per key: past a limit the attempt is refused
 * (and not counted again); below it, it is written as a failure before anything is evaluated.
 */
export async function beginAttempt(db: Database, keys: AttemptKeys, now = new Date()): Promise<BeginAttempt> {
  const list = keyList(keys);
  const result = await db.transaction(async (tx): Promise<BeginAttempt> => {
    for (const [keyType, keyHash] of list) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`login-attempt:${keyType}:${keyHash}`}, 0))`,
      );
    }
    const state = await lockStateOf(tx, list, now);
    if (state.locked) return state;
    const rows = await tx
      .insert(t.loginAttempts)
      .values(list.map(([keyType, keyHash]) => ({ keyType, keyHash, succeeded: false, attemptedAt: now })))
      .returning({ id: t.loginAttempts.id });
    return { locked: false, ticket: { ids: rows.map((r) => r.id) } };
  });
  // Keep the table small: attempts older than a day are of no use to any limit.
  await db.delete(t.loginAttempts).where(lt(t.loginAttempts.attemptedAt, new Date(now.getTime() - 86_400_000)));
  return result;
}

/** A successful attempt is no failure; a failed one stays counted as it was written. */
export async function settleAttempt(db: Database, ticket: AttemptTicket, succeeded: boolean): Promise<void> {
  if (!succeeded || ticket.ids.length === 0) return;
  await db.update(t.loginAttempts).set({ succeeded: true }).where(inArray(t.loginAttempts.id, ticket.ids));
}

/** recentFailures as a page calls it: it opens the database itself (decision 077). */
export const recentFailuresForPage = withDatabase(recentFailures);
