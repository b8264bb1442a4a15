import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verify } from 'argon2';
import { createResetToken, readResetToken } from '#server/auth/password-reset.ts';
import { findSession } from '#server/auth/session.ts';
import * as t from '#server/db/schema.ts';
import { resetEnvCache } from '#server/env.ts';
import { action as requestReset } from '~/routes/$portal.password.reset';
import { action as completeReset, loader as resetPage } from '~/routes/$portal.password.reset_.$token';
import { formRequest, getRequest, run, sessionCookieFrom, solvedCaptcha, useRouteDatabase } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();

const outbox = () => database.db.select().from(t.mailOutbox);

describe('password reset', () => {
  it('mails a link when the file has an e-mail address, and answers the same when it has none', async () => {
    const withMail = await run(
      requestReset,
      formRequest('/serviceportal/password/reset?hl=en', { reference: '100000001', altcha: await solvedCaptcha() }),
      params,
    );
    const withoutMail = await run(
      requestReset,
      formRequest('/serviceportal/password/reset', { reference: '100000013', altcha: await solvedCaptcha() }),
      params,
    );
    const unknown = await run(
      requestReset,
      formRequest('/serviceportal/password/reset', { reference: '999999999', altcha: await solvedCaptcha() }),
      params,
    );
    for (const r of [withMail, withoutMail, unknown]) {
      expect(r.status).toBe(200);
      expect((r.data as { sent: boolean }).sent).toBe(true);
    }
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: 'anna.schneider@example.org',
      template: 'passwordReset',
      language: 'en',
      variant: 'de',
      status: 'pending',
    });
    // Tests run in the demo mode without PUBLIC_BASE_URL: links go to http://localhost:PORT.
    expect(String(mails[0]!.data.link)).toMatch(
      /^http:\/\/localhost:3000\/serviceportal\/password\/reset\/[\w-]+\.[\w-]+$/,
    );
  });

  it('builds the link from PUBLIC_BASE_URL, never from the Host or X-Forwarded-Host of the request', async () => {
    const saved = { ...process.env };
    process.env.PUBLIC_BASE_URL = 'https://portal.example';
    resetEnvCache();
    try {
      const hostile = new Request('http://evil.example/serviceportal/password/reset', {
        method: 'POST',
        body: new URLSearchParams({ reference: '100000002', altcha: await solvedCaptcha() }),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Host: 'evil.example',
          'X-Forwarded-Host': 'evil.example',
          Origin: 'http://evil.example',
        },
      });
      const r = await run(requestReset, hostile, params);
      expect(r.status).toBe(200);
      const [mail] = (await outbox()).filter((m) => m.toAddress !== 'anna.schneider@example.org');
      expect(String(mail!.data.link)).toMatch(
        /^https:\/\/portal\.example\/serviceportal\/password\/reset\/[\w-]+\.[\w-]+$/,
      );
      expect(JSON.stringify(mail!.data)).not.toContain('evil.example');
    } finally {
      process.env = saved;
      resetEnvCache();
    }
  });

  it('requires the captcha', async () => {
    const r = await run(requestReset, formRequest('/serviceportal/password/reset', { reference: '100000001' }), params);
    expect(r.status).toBe(400);
  });

  it('sets the new password through the link once, and signs the debtor in', async () => {
    const [mail] = await outbox();
    const token = String(mail!.data.link).split('/').pop()!;
    const page = await run(resetPage, getRequest(`/serviceportal/password/reset/${token}`), { ...params, token });
    expect((page.data as { state: string }).state).toBe('valid');
    const weak = await run(
      completeReset,
      formRequest(`/serviceportal/password/reset/${token}`, {
        newPassword: 'Passwort123',
        confirmPassword: 'Passwort123',
      }),
      { ...params, token },
    );
    expect(weak.status).toBe(400);
    const done = await run(
      completeReset,
      formRequest(`/serviceportal/password/reset/${token}`, {
        newPassword: 'Gr8-Lindenbaum-42',
        confirmPassword: 'Gr8-Lindenbaum-42',
      }),
      { ...params, token },
    );
    expect(done.status).toBe(302);
    // The dashboard says the password was changed.
    expect(done.headers.get('Location')).toBe('/serviceportal/dashboard?password=changed');
    const session = await findSession(getRequest('/x', { Cookie: sessionCookieFrom(done.headers) }), database.db);
    expect(session?.level).toBe('full');
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, session!.debtorId));
    expect(await verify(debtor!.passwordHash!, 'Gr8-Lindenbaum-42')).toBe(true);
    const again = await run(
      completeReset,
      formRequest(`/serviceportal/password/reset/${token}`, {
        newPassword: 'Other-Lindenbaum-43',
        confirmPassword: 'Other-Lindenbaum-43',
      }),
      { ...params, token },
    );
    expect(again.status).toBe(400);
    expect((again.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      'reset.errors.used',
    ]);
    // Opened again, the used link says so at once (no form to fill in first), with the way on.
    const reopened = await run(resetPage, getRequest(`/serviceportal/password/reset/${token}`), { ...params, token });
    expect((reopened.data as { state: string }).state).toBe('used');
  });

  it('sends an opaque link: no readable ids or expiry, and no part of it can be changed', async () => {
    const token = createResetToken(4711, 815, new Date('2026-01-01T10:00:00Z'));
    const readable = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join(' ');
    expect(readable).not.toMatch(/"d":4711|"f":815|"e":\d/);
    for (const part of token.split('.')) expect(() => JSON.parse(Buffer.from(part, 'base64url').toString())).toThrow();
    expect(readResetToken(token, new Date('2026-01-01T10:30:00Z'))).toMatchObject({ d: 4711, f: 815 });
    // Two links for the same file share nothing a reader could compare.
    expect(createResetToken(4711, 815, new Date('2026-01-01T10:00:00Z')).split('.')[0]).not.toBe(token.split('.')[0]);
    // Any changed character, and the link no longer opens.
    const [iv, body] = token.split('.') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    for (const changed of [`${flip(iv, 3)}.${body}`, `${iv}.${flip(body, 5)}`, `${iv}.${flip(body, body.length - 2)}`])
      expect(readResetToken(changed, new Date('2026-01-01T10:30:00Z'))).toBeNull();
    expect(readResetToken(token, new Date('2026-01-01T11:00:01Z'))).toBeNull();
  });

  it('refuses forged and expired links', async () => {
    const expired = createResetToken(1, 1, new Date('2020-01-01T00:00:00Z'));
    const page = await run(resetPage, getRequest(`/serviceportal/password/reset/${expired}`), {
      ...params,
      token: expired,
    });
    expect((page.data as { state: string }).state).toBe('invalid');
    const forged = await run(
      completeReset,
      formRequest('/serviceportal/password/reset/abc.def', {
        newPassword: 'Gr8-Lindenbaum-42',
        confirmPassword: 'Gr8-Lindenbaum-42',
      }),
      { ...params, token: 'abc.def' },
    );
    expect((forged.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      'reset.errors.invalidLink',
    ]);
  });
});
