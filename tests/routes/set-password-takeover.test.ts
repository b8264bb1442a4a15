/**
 * Issue 10, finding 1: a reference-only (limited) session must never set a password. Only a
 * full session of a debtor whose password change is forced may set one without the old password.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '#server/auth/sessions.ts';
import * as t from '#server/db/schema.ts';
import { action as setPassword, loader as setPasswordPage } from '~/routes/$portal.signin_.set-password';
import { demoFiles, formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf } = demoFiles(database);

async function referenceOnlySession(refno: string) {
  const file = await fileOf(refno);
  const { cookie } = await createSession(database.db, {
    debtorId: file.debtorId,
    fileId: file.id,
    loginType: 'reference',
    level: 'limited',
  });
  return { cookie: cookie.split(';')[0]!, debtorId: file.debtorId };
}
const hashOf = async (debtorId: number) =>
  (await database.db.select({ hash: t.debtors.passwordHash }).from(t.debtors).where(eq(t.debtors.id, debtorId)))[0]!
    .hash;
const post = (cookie: string, password = 'Lindenbaum-Kaffee-42') =>
  run(
    setPassword,
    formRequest(
      '/serviceportal/signin/set-password',
      { newPassword: password, confirmPassword: password },
      { Cookie: cookie },
    ),
    params,
  );

describe('set-password with a reference-only session (account takeover)', () => {
  it('refuses a limited session of a debtor without a forced change, and changes nothing', async () => {
    const { cookie, debtorId } = await referenceOnlySession('100000001');
    const before = await hashOf(debtorId);
    const result = await post(cookie);
    expect(result.headers.get('Set-Cookie')).toBeNull();
    expect(await hashOf(debtorId)).toBe(before);
    const sessions = await database.db.select().from(t.sessions).where(eq(t.sessions.debtorId, debtorId));
    expect(sessions.every((s) => s.level === 'limited')).toBe(true);
  });

  it('refuses a limited session even when the debtor must change the password (100000009)', async () => {
    const { cookie, debtorId } = await referenceOnlySession('100000009');
    const before = await hashOf(debtorId);
    const page = await run(
      setPasswordPage,
      getRequest('/serviceportal/signin/set-password', { Cookie: cookie }),
      params,
    );
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?returnTo=/);
    const result = await post(cookie);
    expect(result.status).toBe(302);
    expect(result.headers.get('Set-Cookie')).toBeNull();
    expect(result.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?returnTo=/);
    expect(await hashOf(debtorId)).toBe(before);
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, debtorId));
    expect(debtor!.mustChangePassword).toBe(true);
  });

  it('refuses a full session whose password change is not forced (it changes the password in the profile, with the old one)', async () => {
    const file = await fileOf('100000002');
    const { cookie } = await createSession(database.db, {
      debtorId: file.debtorId,
      fileId: file.id,
      loginType: 'password',
      level: 'full',
    });
    const before = await hashOf(file.debtorId);
    const result = await post(cookie.split(';')[0]!);
    expect(result.headers.get('Set-Cookie')).toBeNull();
    expect(await hashOf(file.debtorId)).toBe(before);
  });
});
