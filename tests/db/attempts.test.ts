/**
 * Issue 10, finding 5: the sign-in limits hold under parallel attempts. 40 wrong passwords for one
 * file sent at once are evaluated at most up to the limit (5 per reference number, 10 per client
 * address); the rest are refused as locked without looking at the password. The count and the
 * decision happen under a lock in the database, so this holds across app instances too (run with
 * TEST_DATABASE_URL for PostgreSQL and a pool of real connections).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmPassword } from '#server/auth/reauth.ts';
import { createSession } from '#server/auth/sessions.ts';
import { signIn } from '#server/auth/sign-in.ts';
import { findSession } from '#server/auth/session.ts';
import * as t from '#server/db/schema.ts';
import { and, eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.dispose());
beforeEach(async () => {
  await database.db.delete(t.loginAttempts);
});

const wrong = (reference: string, clientAddress: string) =>
  signIn({ mode: 'password', reference, password: 'Falsch-123' }, { db: database.db, clientAddress });

describe('parallel sign-in attempts', () => {
  it('evaluates at most 5 of 40 parallel wrong passwords for one file (40 client addresses)', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => wrong('100000001', `198.51.100.${i + 1}`)));
    const evaluated = results.filter((r) => !r.ok && r.error === 'wrongCredentials').length;
    const locked = results.filter((r) => !r.ok && r.error === 'locked').length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated + locked).toBe(40);
    // Even the right password waits now.
    const right = await signIn(
      { mode: 'password', reference: '100000001', password: 'Demo-Pass1' },
      { db: database.db, clientAddress: '198.51.100.200' },
    );
    expect(right.ok).toBe(false);
  });

  it('evaluates at most 10 of 40 parallel unknown reference numbers from one client address', async () => {
    const references = Array.from({ length: 40 }, (_, i) => `9999990${String(i).padStart(2, '0')}`);
    const results = await Promise.all(
      references.map((reference) =>
        signIn({ mode: 'reference', reference }, { db: database.db, clientAddress: '198.51.100.99' }),
      ),
    );
    const evaluated = results.filter((r) => !r.ok && r.error !== 'locked').length;
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(evaluated).toBeGreaterThan(0);
  });

  it('a right password does not use up an attempt', async () => {
    for (let i = 0; i < 8; i++) {
      const result = await signIn(
        { mode: 'password', reference: '100000002', password: 'Demo-Pass1' },
        { db: database.db, clientAddress: '198.51.100.150' },
      );
      expect(result.ok).toBe(true);
    }
  });

  it('parallel wrong passwords when confirming the password (re-authentication) are limited as well', async () => {
    const [file] = await database.db
      .select()
      .from(t.files)
      .where(and(eq(t.files.refno, '100000004'), eq(t.files.subcase, 1)));
    const { cookie } = await createSession(database.db, {
      debtorId: file!.debtorId,
      fileId: file!.id,
      loginType: 'reference',
      level: 'limited',
    });
    const session = (await findSession(
      new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0]! } }),
      database.db,
    ))!;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        confirmPassword(database.db, session, 'Falsch-123', { clientAddress: `198.51.101.${i + 1}` }),
      ),
    );
    expect(results.filter((r) => !r.ok && r.error === 'wrongPassword').length).toBeLessThanOrEqual(5);
  });
});
