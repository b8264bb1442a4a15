/**
 * Issue 11, finding 13 (decision 019): while a measure is running (status 40 or 41, measures in
 * progress; 42, enforcement) nobody signs in to the file, by any door (reference number,
 * password, letter link), and switching files never reaches it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLetterToken, redeemLetterLink } from '#server/auth/letter-links.ts';
import { signIn } from '#server/auth/sign-in.ts';
import { listDebtorCases, switchCase } from '#server/claims/cases.ts';
import { measureRunning } from '#server/claims/rules.ts';
import { findSession } from '#server/auth/session.ts';
import * as t from '#server/db/schema.ts';
import { statusCodes } from '#server/db/schema.ts';
import { action as claimsAction, loader as claimsList } from '~/routes/$portal.claims-list';
import { demoFiles, formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
const setStatus = async (refno: string, statusCode: (typeof statusCodes)[number], subcase = 1) => {
  const file = await fileOf(refno, subcase);
  await database.db.update(t.files).set({ statusCode }).where(eq(t.files.id, file.id));
  return file;
};

describe('measureRunning', () => {
  it.each(statusCodes.map((code) => [code, ['40', '41', '42'].includes(code)] as const))(
    'status %s: %s',
    (code, expected) => {
      expect(measureRunning(code)).toBe(expected);
    },
  );
});

describe('sign-in while a measure is running', () => {
  it.each(['40', '41', '42'] as const)('refuses reference-only and password sign-in under status %s', async (code) => {
    await setStatus('100000004', code);
    for (const input of [
      { mode: 'reference' as const, reference: '100000004' },
      { mode: 'password' as const, reference: '100000004', password: 'Demo-Pass1' },
    ]) {
      const result = await signIn(input, { db: database.db, clientAddress: `198.51.100.${code}` });
      expect(result, `${code} ${input.mode}`).toEqual({ ok: false, error: 'measureRunning' });
    }
    const link = await redeemLetterLink(database.db, createLetterToken('100000004', 1), {
      clientAddress: '198.51.100.1',
    });
    expect(link).toEqual({ ok: false, error: 'measureRunning' });
    await setStatus('100000004', '2');
  });

  it('still signs in once the measure is over', async () => {
    await setStatus('100000004', '1');
    const result = await signIn(
      { mode: 'reference', reference: '100000004' },
      { db: database.db, clientAddress: '198.51.100.77' },
    );
    expect(result.ok).toBe(true);
    await setStatus('100000004', '2');
  });
});

describe('switching files while a measure is running', () => {
  it('lists the file without opening it, and refuses the switch', async () => {
    const target = await setStatus('100000010', '41', 3);
    const cookie = await cookieFor('100000010');
    const list = await run(claimsList, getRequest('/serviceportal/claims-list', { Cookie: cookie }), params);
    const cases = (list.data as { cases: Array<{ fileId: number; available: boolean }> }).cases;
    expect(cases.find((c) => c.fileId === target.id)?.available).toBe(false);
    expect(cases.filter((c) => c.fileId !== target.id).every((c) => c.available)).toBe(true);

    const refused = await run(
      claimsAction,
      formRequest('/serviceportal/claims-list', { fileId: String(target.id) }, { Cookie: cookie }),
      params,
    );
    expect(refused.status).toBe(403);
    const session = await findSession(getRequest('/', { Cookie: cookie }), database.db);
    expect(session?.fileId).not.toBe(target.id);

    const direct = await switchCase(database.db, session!, { fileId: target.id });
    expect(direct).toEqual({ ok: false, error: 'measureRunning' });
    expect((await listDebtorCases(database.db, session!)).find((c) => c.fileId === target.id)?.available).toBe(false);
    await setStatus('100000010', '1', 3);
  });
});
