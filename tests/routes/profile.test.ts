import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '#server/auth/sessions.ts';
import { findSession } from '#server/auth/session.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import * as t from '#server/db/schema.ts';
import { todayInBerlin } from '#server/profile/rules.ts';
import { action, loader } from '~/routes/$portal.debtor.profile';
import { action as passwordAction, loader as passwordLoader } from '~/routes/$portal.debtor.profile_.password';
import { formRequest, getRequest, run, sessionCookieFrom, useRouteDatabase } from '../helpers/routes.ts';
import { file, multipartRequest, pdfBytes, useUploadFolder } from '../helpers/uploads.ts';

const params = { portal: 'serviceportal' };
const path = '/serviceportal/debtor/profile';
const passwordPath = '/serviceportal/debtor/profile/password';
const database = useRouteDatabase();
useUploadFolder();

async function fileOf(refno: string) {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, 1)));
  return row!;
}
async function cookieFor(refno: string, level: 'limited' | 'full' = 'full') {
  const f = await fileOf(refno);
  const { cookie } = await createSession(database.db, {
    debtorId: f.debtorId,
    fileId: f.id,
    loginType: 'password',
    level,
  });
  return cookie.split(';')[0]!;
}
async function debtorOf(refno: string) {
  const [row] = await database.db
    .select()
    .from(t.debtors)
    .where(eq(t.debtors.id, (await fileOf(refno)).debtorId));
  return row!;
}
async function requestsOf(refno: string) {
  return database.db
    .select()
    .from(t.profileChangeRequests)
    .where(eq(t.profileChangeRequests.debtorId, (await fileOf(refno)).debtorId));
}

/** The debtor's data as the form sends them back unchanged. */
async function currentFields(refno: string): Promise<Record<string, string>> {
  const d = await debtorOf(refno);
  return {
    salutation: String(d.salutation),
    companyName: d.companyName ?? '',
    firstName: d.firstName ?? '',
    lastName: d.lastName ?? '',
    birthday: d.birthdate ?? '',
    streetName: d.streetName,
    houseNumber: d.houseNumber,
    zipCode: d.postalCode,
    city: d.city,
    country: d.countryCode,
    email: d.email ?? '',
    phone: d.mobile ?? d.phone ?? '',
  };
}

type LoaderData = {
  profile: Record<string, unknown>;
  allowed: boolean;
  refusal: string | null;
  pending: {
    reason: string;
    changes: Record<string, string>;
    relocationDate: string | null;
    attachments: string[];
  } | null;
  edit: boolean;
  editRefused: boolean;
  sent: boolean;
};
type Reply = {
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  refusal: string | null;
  kept: Array<{ id: number; name: string }>;
};

describe('profile: personal data', () => {
  it('shows the profile; edit=true enters edit mode', async () => {
    const cookie = await cookieFor('100000001');
    const view = (await run(loader, getRequest(path, { Cookie: cookie }), params)).data as LoaderData;
    expect(view.profile).toMatchObject({
      salutation: 2,
      firstName: 'Anna',
      lastName: 'Schneider',
      streetName: 'Lindenallee',
      houseNumber: '14',
      zipCode: '50968',
      city: 'Köln',
      country: 'DE',
      email: 'anna.schneider@example.org',
    });
    expect(view).toMatchObject({ allowed: true, refusal: null, pending: null, edit: false });
    const edit = (await run(loader, getRequest(`${path}?edit=true`, { Cookie: cookie }), params)).data as LoaderData;
    expect(edit.edit).toBe(true);
  });

  it('sends visitors to sign in and asks a reference-only session for the password', async () => {
    for (const [p, fn] of [
      [path, loader],
      [passwordPath, passwordLoader],
    ] as const) {
      const visitor = await run(fn as typeof loader, getRequest(p), params);
      expect(visitor.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?action=AZonly&returnTo=/);
      const limited = await run(
        fn as typeof loader,
        getRequest(p, { Cookie: await cookieFor('100000001', 'limited') }),
        params,
      );
      expect(limited.status).toBe(302);
      expect(limited.headers.get('Location')).toBe(`/serviceportal/signin?returnTo=${encodeURIComponent(p)}`);
    }
    const post = await run(
      action,
      formRequest(
        path,
        { ...(await currentFields('100000001')), reason: 'misc', city: 'Bonn' },
        { Cookie: await cookieFor('100000001', 'limited') },
      ),
      params,
    );
    expect(post.status).toBe(302);
    expect(await requestsOf('100000001')).toHaveLength(0);
  });

  it('keeps what was typed and names every bad field', async () => {
    const cookie = await cookieFor('100000002');
    const fields = {
      ...(await currentFields('100000002')),
      reason: 'addressError',
      firstName: 'M.',
      lastName: 'Yılmaz3',
      houseNumber: '12345',
      zipCode: '44',
      city: 'Dortmund',
      email: '',
      phone: '',
    };
    const result = await run(action, formRequest(path, fields, { Cookie: cookie }), params);
    expect(result.status).toBe(400);
    const reply = result.data as Reply;
    expect(reply.result.error).toMatchObject({
      firstName: ['errors.firstName.tooShort'],
      lastName: ['errors.lastName.letters'],
      houseNumber: ['errors.houseNumber.format'],
      zipCode: ['errors.zipCode.format'],
      email: ['errors.reachable'],
    });
    expect(reply.result.initialValue).toMatchObject({
      firstName: 'M.',
      lastName: 'Yılmaz3',
      houseNumber: '12345',
      city: 'Dortmund',
    });
    expect(await requestsOf('100000002')).toHaveLength(0);
  });

  it('refuses a postal code that does not belong to the city, as a field error, keeping the input', async () => {
    const cookie = await cookieFor('100000002');
    const fields = { ...(await currentFields('100000002')), reason: 'addressError', zipCode: '50968', city: 'Berlin' };
    const result = await run(action, formRequest(path, fields, { Cookie: cookie }), params);
    expect(result.status).toBe(400);
    const reply = result.data as Reply;
    expect(reply.result.error).toMatchObject({ zipCode: ['errors.zipCity'] });
    expect(reply.result.initialValue).toMatchObject({ zipCode: '50968', city: 'Berlin' });
    expect(await requestsOf('100000002')).toHaveLength(0);
  });

  it('says every problem in one round: the missing reason and salutation with the fields, and a town too long', async () => {
    const cookie = await cookieFor('100000002');
    const fields = {
      ...(await currentFields('100000002')),
      reason: '',
      salutation: '',
      lastName: 'Yılmaz3',
      city: 'A'.repeat(300),
    };
    const result = await run(action, formRequest(path, fields, { Cookie: cookie }), params);
    expect(result.status).toBe(400);
    expect((result.data as Reply).result.error).toMatchObject({
      reason: ['errors.reason'],
      salutation: ['errors.salutation'],
      lastName: ['errors.lastName.letters'],
      city: ['errors.city.tooLong'],
    });
  });

  it('says a postal code that belongs elsewhere together with the other problems', async () => {
    const cookie = await cookieFor('100000002');
    const fields = {
      ...(await currentFields('100000002')),
      reason: '',
      firstName: 'M.',
      zipCode: '50968',
      city: 'Berlin',
    };
    const result = await run(action, formRequest(path, fields, { Cookie: cookie }), params);
    expect(result.status).toBe(400);
    expect((result.data as Reply).result.error).toMatchObject({
      reason: ['errors.reason'],
      firstName: ['errors.firstName.tooShort'],
      zipCode: ['errors.zipCity'],
    });
  });

  it('refuses a change that changes nothing', async () => {
    const cookie = await cookieFor('100000002');
    const result = await run(
      action,
      formRequest(path, { ...(await currentFields('100000002')), reason: 'misc' }, { Cookie: cookie }),
      params,
    );
    expect(result.status).toBe(400);
    expect((result.data as Reply).result.error).toMatchObject({ '': ['errors.noChange'] });
  });

  it('records a valid change as one pending request, leaves the debtor row untouched, mails a receipt', async () => {
    const cookie = await cookieFor('100000001');
    const before = await debtorOf('100000001');
    const f = await fileOf('100000001');
    const moveDate = todayInBerlin();
    const fields = {
      ...(await currentFields('100000001')),
      reason: 'move',
      relocationDate: moveDate,
      streetName: 'Bonner Straße',
      houseNumber: '12 b',
      zipCode: '01067',
      city: 'Dresden',
      phone: '+49 351 123456',
    };
    const result = await run(action, formRequest(path, fields, { Cookie: cookie, 'Accept-Language': 'en' }), params);
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe(`${path}?sent=1`);

    const requests = await requestsOf('100000001');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 'pending', reason: 'move', relocationDate: moveDate, fileId: f.id });
    expect(requests[0]!.changes).toEqual({
      streetName: 'Bonner Straße',
      houseNumber: '12b',
      zipCode: '01067',
      city: 'Dresden',
      phone: '+49 351 123456',
    });
    expect(await debtorOf('100000001')).toEqual(before);

    const mails = await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.fileId, f.id));
    expect(
      mails
        .filter((m) => m.template === 'receipt' && (m.data as { kind: string }).kind === 'profileChange')
        .map((m) => m.toAddress),
    ).toEqual(['anna.schneider@example.org']);
    const audits = await database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.fileId, f.id), eq(t.auditLog.action, 'profile.changeRequested')));
    expect(audits).toHaveLength(1);

    const view = (await run(loader, getRequest(`${path}?sent=1`, { Cookie: cookie }), params)).data as LoaderData;
    expect(view).toMatchObject({ allowed: false, refusal: 'pending', sent: true, edit: false });
    expect(view.pending).toMatchObject({
      reason: 'move',
      relocationDate: moveDate,
      changes: { city: 'Dresden', zipCode: '01067' },
    });
  });

  it('blocks further changes while one is pending: no edit mode, and the server refuses with 409', async () => {
    const cookie = await cookieFor('100000001');
    const edit = (await run(loader, getRequest(`${path}?edit=true`, { Cookie: cookie }), params)).data as LoaderData;
    expect(edit).toMatchObject({ edit: false, editRefused: true, refusal: 'pending' });
    const second = await run(
      action,
      formRequest(
        path,
        { ...(await currentFields('100000001')), reason: 'nameError', lastName: 'Schneider-Weber' },
        { Cookie: cookie },
      ),
      params,
    );
    expect(second.status).toBe(409);
    expect((second.data as Reply).refusal).toBe('pending');
    expect(await requestsOf('100000001')).toHaveLength(1);
  });

  it('refuses changes on a file whose functions are blocked (403, with the reason)', async () => {
    const cookie = await cookieFor('100000007');
    const view = (await run(loader, getRequest(`${path}?edit=true`, { Cookie: cookie }), params)).data as LoaderData;
    expect(view).toMatchObject({ allowed: false, refusal: 'blocked', edit: false });
    const post = await run(
      action,
      formRequest(
        path,
        { ...(await currentFields('100000007')), reason: 'addressError', houseNumber: '7' },
        { Cookie: cookie },
      ),
      params,
    );
    expect(post.status).toBe(403);
    expect((post.data as Reply).refusal).toBe('blocked');
    expect(await requestsOf('100000007')).toHaveLength(0);
  });

  it('needs a marriage certificate for a marriage and attaches it to the request', async () => {
    const cookie = await cookieFor('100000003');
    const fields = { ...(await currentFields('100000003')), reason: 'marriage', lastName: 'Becker-Li' };
    const without = await run(action, formRequest(path, fields, { Cookie: cookie }), params);
    expect(without.status).toBe(400);
    expect((without.data as Reply).result.error).toMatchObject({ uploadId: ['errors.proof.certificate'] });
    expect(await requestsOf('100000003')).toHaveLength(0);

    const withFile = await run(
      action,
      multipartRequest(path, [...Object.entries(fields), ['files', file('urkunde.pdf', pdfBytes())]], {
        Cookie: cookie,
      }),
      params,
    );
    expect(withFile.status).toBe(302);
    const [request] = await requestsOf('100000003');
    expect(request).toMatchObject({ reason: 'marriage', changes: { lastName: 'Becker-Li' } });
    const attached = await database.db
      .select()
      .from(t.uploads)
      .where(and(eq(t.uploads.context, 'profileChange'), eq(t.uploads.ownerId, request!.id)));
    expect(attached.map((u) => u.originalName)).toEqual(['urkunde.pdf']);
  });

  it('needs a move date for a move', async () => {
    const cookie = await cookieFor('100000004');
    const result = await run(
      action,
      formRequest(
        path,
        { ...(await currentFields('100000004')), reason: 'move', streetName: 'Marktplatz', houseNumber: '3' },
        { Cookie: cookie },
      ),
      params,
    );
    expect(result.status).toBe(400);
    expect((result.data as Reply).result.error).toMatchObject({ relocationDate: ['errors.relocationDate.required'] });
  });
});

describe('profile: change password', () => {
  type PasswordReply = { result: { error?: Record<string, string[] | null> } };
  const change = (cookie: string, fields: Record<string, string>) =>
    run(passwordAction, formRequest(passwordPath, fields, { Cookie: cookie }), params);

  it('refuses a wrong old password and a weak new one; a good one ends the other sessions and keeps this one', async () => {
    const cookie = await cookieFor('100000005');
    const other = await cookieFor('100000005');

    const wrong = await change(cookie, {
      oldPassword: 'Not-the-Pass9',
      newPassword: 'Kaffee-Mühle-2049',
      confirmPassword: 'Kaffee-Mühle-2049',
    });
    expect(wrong.status).toBe(400);
    expect((wrong.data as PasswordReply).result.error).toMatchObject({ oldPassword: ['errors.password.wrongOld'] });

    const weak = await change(cookie, {
      oldPassword: 'Demo-Pass1',
      newPassword: 'password1',
      confirmPassword: 'password1',
    });
    expect(weak.status).toBe(400);
    expect((weak.data as PasswordReply).result.error).toMatchObject({ newPassword: ['errors.password.tooWeak'] });

    const simple = await change(cookie, {
      oldPassword: 'Demo-Pass1',
      newPassword: 'nurbuchstaben',
      confirmPassword: 'nurbuchstaben',
    });
    expect((simple.data as PasswordReply).result.error).toMatchObject({ newPassword: ['errors.password.notComplex'] });

    const mismatch = await change(cookie, {
      oldPassword: 'Demo-Pass1',
      newPassword: 'Kaffee-Mühle-2049',
      confirmPassword: 'Kaffee-Mühle-2048',
    });
    expect((mismatch.data as PasswordReply).result.error).toMatchObject({
      confirmPassword: ['errors.confirmMismatch'],
    });
    expect(await verifyPassword((await debtorOf('100000005')).passwordHash, 'Demo-Pass1')).toBe(true);

    const ok = await change(cookie, {
      oldPassword: 'Demo-Pass1',
      newPassword: 'Kaffee-Mühle-2049',
      confirmPassword: 'Kaffee-Mühle-2049',
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('Location')).toBe(`${passwordPath}?changed=1`);
    expect(await verifyPassword((await debtorOf('100000005')).passwordHash, 'Kaffee-Mühle-2049')).toBe(true);
    const fresh = sessionCookieFrom(ok.headers);
    expect(await findSession(getRequest('/x', { Cookie: fresh }), database.db)).not.toBeNull();
    expect(await findSession(getRequest('/x', { Cookie: other }), database.db)).toBeNull();
    const page = (await run(passwordLoader, getRequest(`${passwordPath}?changed=1`, { Cookie: fresh }), params))
      .data as { changed: boolean };
    expect(page.changed).toBe(true);
  });
});
