import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { changeStaffAccount, createStaffAccount } from './accounts.ts';
import { staffCreate } from './cli.ts';
import { findStaffSession } from './sessions.ts';
import { staffCodeStep, staffPasswordStep } from './sign-in.ts';
import { currentTotp, openSecret } from './totp.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => database.dispose());

const requestWith = (cookie: string) =>
  new Request('http://portal.test/staff', { headers: { Cookie: cookie.split(';')[0]! } });

async function account(email: string, role: 'reviewer' | 'admin' = 'reviewer') {
  const result = await createStaffAccount(
    database.db,
    { email, role, password: 'correct horse battery' },
    { fastHash: true },
  );
  if (!result.ok) throw new Error('not created');
  return result.account;
}

describe('staff:create', () => {
  it('prints one JSON line with the e-mail, a generated password and the TOTP secret', async () => {
    const result = await staffCreate(database.db, ['--email', 'New.Reviewer@Agency.example', '--role', 'reviewer'], {
      fastHash: true,
    });
    expect(result.code).toBe(0);
    if (result.code !== 0) return;
    const line = JSON.parse(result.line) as Record<string, string>;
    expect(Object.keys(line)).toEqual(['email', 'password', 'totpSecret']);
    expect(line.email).toBe('new.reviewer@agency.example');
    expect(line.password!.length).toBeGreaterThanOrEqual(20);
    expect(line.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const [row] = await database.db.select().from(t.staffAccounts).where(eq(t.staffAccounts.email, line.email!));
    expect(row?.role).toBe('reviewer');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash, line.password!)).toBe(true);
    // Stored sealed, never in clear.
    expect(row?.totpSecret).not.toContain(line.totpSecret);
    expect(openSecret(row!.totpSecret)).toBe(line.totpSecret);
  });

  it('takes a given password, and refuses a second account for the same address or a bad role', async () => {
    const given = await staffCreate(
      database.db,
      ['--email', 'admin2@agency.example', '--role', 'admin', '--password', 'a long given password'],
      { fastHash: true },
    );
    expect(given.code === 0 && JSON.parse(given.line).password).toBe('a long given password');
    expect((await staffCreate(database.db, ['--email', 'admin2@agency.example', '--role', 'admin'])).code).toBe(1);
    expect((await staffCreate(database.db, ['--email', 'x@agency.example', '--role', 'boss'])).code).toBe(2);
    expect((await staffCreate(database.db, ['--role', 'admin'])).code).toBe(2);
  });
});

describe('staff sign-in with password and TOTP', () => {
  const ctx = () => ({ db: database.db, clientAddress: '198.51.100.4' });

  it('needs the password, then a code; the full session reaches the desk, a code is not taken twice', async () => {
    const staff = await account('totp@agency.example');
    const first = await staffPasswordStep({ email: 'TOTP@agency.example', password: 'correct horse battery' }, ctx());
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const half = await findStaffSession(database.db, requestWith(first.cookie));
    expect(half).toMatchObject({ stage: 'password', enrolled: false, role: 'reviewer' });

    expect(await staffCodeStep(half!, { code: '000000' }, ctx())).toEqual({ ok: false, error: 'wrongCode' });
    const code = currentTotp(staff.totpSecret);
    const second = await staffCodeStep(half!, { code }, ctx());
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    // The half session is gone; the new one is full, and the account is enrolled.
    expect(await findStaffSession(database.db, requestWith(first.cookie))).toBeNull();
    expect(await findStaffSession(database.db, requestWith(second.cookie))).toMatchObject({
      stage: 'full',
      enrolled: true,
    });

    // The same code in a new sign-in is refused (replay).
    const again = await staffPasswordStep({ email: 'totp@agency.example', password: 'correct horse battery' }, ctx());
    if (!again.ok) throw new Error('password step failed');
    const halfAgain = await findStaffSession(database.db, requestWith(again.cookie));
    expect(await staffCodeStep(halfAgain!, { code }, ctx())).toEqual({ ok: false, error: 'wrongCode' });

    const audited = await database.db.select({ action: t.auditLog.action }).from(t.auditLog);
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.signin.password', 'staff.signin.failed.code', 'staff.signin.enrolled']),
    );
  });

  it('locks the account after 5 failures, wrong passwords and wrong codes alike', async () => {
    await account('locked@agency.example');
    const wrong = { email: 'locked@agency.example', password: 'wrong password!!' };
    for (let i = 0; i < 3; i += 1)
      expect(await staffPasswordStep(wrong, ctx())).toMatchObject({ error: 'wrongCredentials' });
    const right = await staffPasswordStep({ email: 'locked@agency.example', password: 'correct horse battery' }, ctx());
    if (!right.ok) throw new Error('password step failed');
    const half = await findStaffSession(database.db, requestWith(right.cookie));
    expect(await staffCodeStep(half!, { code: '123456' }, ctx())).toMatchObject({ error: 'wrongCode' });
    expect(await staffCodeStep(half!, { code: '654321' }, ctx())).toMatchObject({ error: 'wrongCode' });
    // Five failures: now even the right password waits.
    const locked = await staffPasswordStep(
      { email: 'locked@agency.example', password: 'correct horse battery' },
      ctx(),
    );
    expect(locked).toMatchObject({ ok: false, error: 'locked' });
    // Another account from the same address is not locked by it.
    await account('other@agency.example');
    expect(
      (await staffPasswordStep({ email: 'other@agency.example', password: 'correct horse battery' }, ctx())).ok,
    ).toBe(true);
  });

  it('refuses a disabled account, and an admin cannot disable themself', async () => {
    const admin = await account('boss@agency.example', 'admin');
    const reviewer = await account('gone@agency.example');
    expect(await changeStaffAccount(database.db, admin.id, admin.id, { kind: 'disable' })).toEqual({
      ok: false,
      error: 'self',
    });
    expect(await changeStaffAccount(database.db, admin.id, reviewer.id, { kind: 'disable' })).toEqual({ ok: true });
    expect(
      await staffPasswordStep({ email: 'gone@agency.example', password: 'correct horse battery' }, ctx()),
    ).toMatchObject({ ok: false, error: 'wrongCredentials' });
  });
});
