import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPassword, hasRecentReauth } from '#server/auth/reauth.ts';
import { createSession } from '#server/auth/sessions.ts';
import { findSession } from '#server/auth/session.ts';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { getRequest } from '../helpers/routes.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

async function session(refno: string) {
  const [file] = await database.db.select().from(t.files).where(eq(t.files.refno, refno));
  const { cookie } = await createSession(database.db, {
    debtorId: file!.debtorId,
    fileId: file!.id,
    loginType: 'password',
    level: 'full',
  });
  return (await findSession(getRequest('/x', { Cookie: cookie.split(';')[0]! }), database.db))!;
}

describe('password asked again before sensitive changes', () => {
  it('marks the session for five minutes after the right password', async () => {
    const s = await session('100000011');
    const now = new Date();
    expect(await hasRecentReauth(database.db, s, now)).toBe(false);
    expect(await confirmPassword(database.db, s, 'Demo-Pass1', { clientAddress: '203.0.113.1', now })).toEqual({
      ok: true,
    });
    expect(await hasRecentReauth(database.db, s, new Date(now.getTime() + 4 * 60_000))).toBe(true);
    expect(await hasRecentReauth(database.db, s, new Date(now.getTime() + 6 * 60_000))).toBe(false);
  });

  it('refuses a wrong password and locks after repeated failures', async () => {
    const s = await session('100000012');
    for (let i = 0; i < 5; i++) {
      expect(await confirmPassword(database.db, s, `wrong-${i}`, { clientAddress: `203.0.113.${10 + i}` })).toEqual({
        ok: false,
        error: 'wrongPassword',
      });
    }
    expect(await confirmPassword(database.db, s, 'Demo-Pass1', { clientAddress: '203.0.113.99' })).toMatchObject({
      ok: false,
      error: 'locked',
    });
    expect(await hasRecentReauth(database.db, s)).toBe(false);
  });
});
