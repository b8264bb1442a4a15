import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLetterToken } from '#server/auth/letter-links.ts';
import * as t from '#server/db/schema.ts';
import { demoFiles, solvedCaptcha } from '../helpers/routes.ts';
import { apiCall, apiSignIn, endpointOf, expectProblem, expectSchema, useApiDatabase } from './helpers.ts';

const database = useApiDatabase();
beforeEach(async () => {
  await database.db.delete(t.loginAttempts);
});

describe('Account/Login and LoginAzOnly', () => {
  it('answers a full bearer token for the right password, kept on the server as an API session', async () => {
    const answer = await apiCall('POST', '/api/Account/Login', {
      json: { refno: '100000001', subcase: null, pw: 'Demo-Pass1', usedAutoLogin: false, token: await solvedCaptcha() },
    });
    expect(answer.status).toBe(200);
    expectSchema(endpointOf('Account', 'Login').response, answer.body);
    expect(answer.body.level).toBe('full');
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('Set-Cookie')).toBeNull();
    const sessions = await database.db.select().from(t.sessions);
    expect(sessions.some((s) => s.channel === 'api' && s.level === 'full')).toBe(true);
  });

  it('answers a limited token for the reference number only', async () => {
    const answer = await apiCall('POST', '/api/Account/LoginAzOnly', {
      json: { refno: 100000001, token: await solvedCaptcha() },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.level).toBe('limited');
  });

  it('refuses without a valid captcha proof, and a proof is good once', async () => {
    expectProblem(
      await apiCall('POST', '/api/Account/Login', { json: { refno: '100000001', pw: 'Demo-Pass1', token: 'x' } }),
      400,
      'captcha',
    );
    const proof = await solvedCaptcha();
    const first = await apiCall('POST', '/api/Account/LoginAzOnly', { json: { refno: '100000001', token: proof } });
    expect(first.status).toBe(200);
    const again = await apiCall('POST', '/api/Account/LoginAzOnly', { json: { refno: '100000001', token: proof } });
    expectProblem(again, 400, 'captcha');
  });

  it('says wrong credentials with 401 in the requested language', async () => {
    const answer = await apiCall('POST', '/api/Account/Login', {
      json: { refno: '100000001', pw: 'wrong', token: await solvedCaptcha() },
      hl: 'en',
    });
    expectProblem(answer, 401, 'wrongCredentials');
    expect(answer.body.title).toMatch(/not correct/);
    expect(answer.headers.get('Content-Language')).toBe('en');
  });

  it('names the invalid fields', async () => {
    const answer = await apiCall('POST', '/api/Account/Login', { json: { refno: '100000001' }, hl: 'en' });
    expectProblem(answer, 400, 'invalid');
    const paths = (answer.body.issues as Array<{ path: string; message: string }>).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['pw', 'token']));
    expect(JSON.stringify(answer.body.issues)).not.toMatch(/expected string/);
  });
});

describe('Account/GetSchuldnerName', () => {
  it("answers the debtor's name for a limited token, private for 15 minutes", async () => {
    const token = await apiSignIn('100000001', { level: 'limited' });
    const answer = await apiCall('GET', '/api/Account/GetSchuldnerName', { token });
    expect(answer.status).toBe(200);
    expectSchema(endpointOf('Account', 'GetSchuldnerName').response, answer.body);
    expect(answer.headers.get('Cache-Control')).toBe('private, max-age=900');
  });

  it('answers 401 without a token and with a session cookie only', async () => {
    expectProblem(await apiCall('GET', '/api/Account/GetSchuldnerName'), 401, 'signIn');
    const cookie = await demoFiles(database).cookieFor('100000001');
    expectProblem(
      await apiCall('GET', '/api/Account/GetSchuldnerName', { headers: { Cookie: cookie } }),
      401,
      'signIn',
    );
    // The web session's token as a bearer token opens nothing either: the API keeps its own sessions.
    const webToken = cookie.split('=')[1]!;
    expectProblem(await apiCall('GET', '/api/Account/GetSchuldnerName', { token: webToken }), 401, 'tokenInvalid');
  });
});

const files = demoFiles(database);
async function debtorOf(refno: string) {
  const file = await files.fileOf(refno);
  const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
  return debtor!;
}

describe('the other Account calls', () => {
  it('GetProfile, GetFullProfile and GetEmail need a full token and answer their schemas', async () => {
    const full = await apiSignIn('100000001');
    const limited = await apiSignIn('100000001', { level: 'limited' });
    for (const name of ['GetProfile', 'GetFullProfile', 'GetEmail']) {
      const answer = await apiCall('GET', `/api/Account/${name}`, { token: full });
      expect(answer.status, name).toBe(200);
      expectSchema(endpointOf('Account', name).response, answer.body);
      expectProblem(await apiCall('GET', `/api/Account/${name}`, { token: limited }), 403, 'stepUp');
    }
    const email = await apiCall('GET', '/api/Account/GetEmail', { token: full });
    expect(email.body.email).toBe((await debtorOf('100000001')).email);
  });

  it('GetAdressChangeReasons lists the reasons with labels in the requested language, public for 15 minutes', async () => {
    const answer = await apiCall('GET', '/api/Account/GetAdressChangeReasons', { hl: 'en' });
    expect(answer.status).toBe(200);
    expectSchema(endpointOf('Account', 'GetAdressChangeReasons').response, answer.body);
    expect(answer.body.find((r: { id: string }) => r.id === 'move').label).toBe('Move');
    expect(answer.headers.get('Cache-Control')).toBe('public, max-age=900');
  });

  it('GetCasesForDebtor: all files for a full token, the subcases of the given number for a limited one', async () => {
    const full = await apiCall('GET', '/api/Account/GetCasesForDebtor', { token: await apiSignIn('100000010') });
    expect(full.status).toBe(200);
    expectSchema(endpointOf('Account', 'GetCasesForDebtor').response, full.body);
    expect(full.body.length).toBeGreaterThanOrEqual(3);
    const limited = await apiCall('GET', '/api/Account/GetCasesForDebtor', {
      token: await apiSignIn('100000010', { level: 'limited' }),
    });
    expect(limited.body.every((c: { reference: string }) => c.reference.startsWith('100000010'))).toBe(true);
  });

  it('GetCasesforPersonalNumber is refused for a password sign-in', async () => {
    expectProblem(
      await apiCall('GET', '/api/Account/GetCasesforPersonalNumber', { token: await apiSignIn('100000001') }),
      403,
      'notBankIdSession',
    );
  });

  it('GetDebtorInformation and HasActiveContactInformation tell whether, never what', async () => {
    const token = await apiSignIn('100000001', { level: 'limited' });
    for (const name of ['GetDebtorInformation', 'HasActiveContactInformation']) {
      const answer = await apiCall('GET', `/api/Account/${name}`, { token });
      expect(answer.status, name).toBe(200);
      expectSchema(endpointOf('Account', name).response, answer.body);
      expect(JSON.stringify(answer.body)).not.toContain('@');
    }
  });

  it('IsPlzEqualToDb compares with the file and counts a wrong code as a sign-in attempt', async () => {
    const token = await apiSignIn('100000001', { level: 'limited' });
    const { postalCode } = await debtorOf('100000001');
    const right = await apiCall('GET', `/api/Account/IsPlzEqualToDb/${postalCode}`, { token });
    expect(right.body).toEqual({ equal: true, passwordRequired: false });
    const before = await database.db.select().from(t.loginAttempts);
    const wrong = await apiCall('GET', '/api/Account/IsPlzEqualToDb/99999', { token });
    expect(wrong.status).toBe(200);
    expect(wrong.body.equal).toBe(false);
    const after = await database.db.select().from(t.loginAttempts);
    expect(after.filter((a) => !a.succeeded).length).toBeGreaterThan(before.filter((a) => !a.succeeded).length);
  });

  it('IsIbanEqualToDB validates with ibantools and compares with the stored IBAN (full only)', async () => {
    const token = await apiSignIn('100000011');
    const { iban } = await debtorOf('100000011');
    const other = await apiCall('GET', '/api/Account/IsIbanEqualToDB/GB82WEST12345698765432', { token });
    expect(other.body).toEqual({ valid: true, equal: false });
    const broken = await apiCall('GET', '/api/Account/IsIbanEqualToDB/DE00123', { token });
    expect(broken.body).toEqual({ valid: false, equal: false });
    if (iban) {
      const spaced = iban.replace(/(.{4})/g, '$1 ').trim();
      const same = await apiCall('GET', `/api/Account/IsIbanEqualToDB/${encodeURIComponent(spaced)}`, { token });
      expect(same.body).toEqual({ valid: true, equal: true });
    }
    const limited = await apiSignIn('100000011', { level: 'limited' });
    expectProblem(
      await apiCall('GET', '/api/Account/IsIbanEqualToDB/GB82WEST12345698765432', { token: limited }),
      403,
      'stepUp',
    );
  });

  it('IsFullLoggedIn and GetLoginStatus are never cached and say what the token is', async () => {
    const none = await apiCall('GET', '/api/Account/IsFullLoggedIn');
    expect(none.body).toEqual({ isFullLoggedIn: false });
    expect(none.headers.get('Cache-Control')).toBe('no-store');
    const limited = await apiSignIn('100000001', { level: 'limited' });
    expect((await apiCall('GET', '/api/Account/IsFullLoggedIn', { token: limited })).body.isFullLoggedIn).toBe(false);
    const full = await apiSignIn('100000001');
    expect((await apiCall('GET', '/api/Account/IsFullLoggedIn', { token: full })).body.isFullLoggedIn).toBe(true);
    const status = await apiCall('GET', '/api/Account/GetLoginStatus', { token: full });
    expectSchema(endpointOf('Account', 'GetLoginStatus').response, status.body);
    expect(status.body).toMatchObject({ signedIn: true, level: 'full', loginType: 'password' });
  });

  it('logout ends the token with 200', async () => {
    const token = await apiSignIn('100000001');
    const answer = await apiCall('POST', '/api/Account/logout', { token });
    expect(answer.status).toBe(200);
    expectProblem(await apiCall('GET', '/api/Account/GetSchuldnerName', { token }), 401, 'tokenInvalid');
  });

  it('UpdatePassword takes the passwords in the *Hash fields, rotates the token and counts wrong old passwords', async () => {
    const token = await apiSignIn('100000002');
    const wrong = await apiCall('POST', '/api/Account/UpdatePassword', {
      token,
      json: { oldPasswordHash: 'not-it', newPasswordHash: 'Neues-Passwort-2026!' },
    });
    expectProblem(wrong, 400, 'invalid');
    expect(wrong.body.issues[0].path).toBe('oldPasswordHash');
    const weak = await apiCall('POST', '/api/Account/UpdatePassword', {
      token,
      json: { oldPasswordHash: 'Demo-Pass1', newPasswordHash: 'abc' },
    });
    expectProblem(weak, 400, 'invalid');
    const changed = await apiCall('POST', '/api/Account/UpdatePassword', {
      token,
      json: { oldPasswordHash: 'Demo-Pass1', newPasswordHash: 'Neues-Passwort-2026!' },
    });
    expect(changed.status).toBe(200);
    expectSchema(endpointOf('Account', 'UpdatePassword').response, changed.body);
    expectProblem(await apiCall('GET', '/api/Account/GetSchuldnerName', { token }), 401, 'tokenInvalid');
    expect((await apiCall('GET', '/api/Account/GetSchuldnerName', { token: changed.body.token })).status).toBe(200);
    expect(await apiSignIn('100000002', { password: 'Neues-Passwort-2026!' })).toBeTruthy();
  });

  it('a forced password change: only UpdatePassword (without the old one) and the status calls until then', async () => {
    const token = await apiSignIn('100000009');
    expectProblem(await apiCall('GET', '/api/Account/GetProfile', { token }), 403, 'mustChangePassword');
    expect((await apiCall('GET', '/api/Account/GetLoginStatus', { token })).body.mustChangePassword).toBe(true);
    const changed = await apiCall('POST', '/api/Account/UpdatePassword', {
      token,
      json: { newPasswordHash: 'Ganz-neues-Passwort-77' },
    });
    expect(changed.status).toBe(200);
    expect((await apiCall('GET', '/api/Account/GetProfile', { token: changed.body.token })).status).toBe(200);
  });

  it('ResetPassword takes the captcha proof and answers alike for every file', async () => {
    const answer = await apiCall('POST', '/api/Account/ResetPassword', {
      json: { refno: '100000001', token: await solvedCaptcha() },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ requested: true });
    expectProblem(
      await apiCall('POST', '/api/Account/ResetPassword', { json: { refno: '100000001', token: 'x' } }),
      400,
      'captcha',
    );
    expectProblem(
      await apiCall('POST', '/api/Account/ResetPassword', { json: { refno: '12', token: await solvedCaptcha() } }),
      400,
      'tooShort',
    );
  });

  it('Autologin redeems a letter link once, for the file it names', async () => {
    const link = createLetterToken('100000001', 1);
    const answer = await apiCall('GET', `/api/Account/Autologin/100000001/1/${link}`);
    expect(answer.status).toBe(200);
    expectSchema(endpointOf('Account', 'Autologin').response, answer.body);
    expectProblem(await apiCall('GET', `/api/Account/Autologin/100000001/1/${link}`), 409, 'linkUsed');
    const other = createLetterToken('100000002', 1);
    expectProblem(await apiCall('GET', `/api/Account/Autologin/100000001/1/${other}`), 400, 'invalidLink');
  });

  it('AddEmailIfNotExists stores an address only where none is stored', async () => {
    expectProblem(
      await apiCall('POST', '/api/Account/AddEmailIfNotExists', {
        token: await apiSignIn('100000001'),
        json: { email: 'neu@example.org' },
      }),
      409,
      'emailExists',
    );
    const token = await apiSignIn('100000013');
    const invalid = await apiCall('POST', '/api/Account/AddEmailIfNotExists', { token, json: { email: 'no' } });
    expect([400, 403]).toContain(invalid.status);
    const stored = await apiCall('POST', '/api/Account/AddEmailIfNotExists', {
      token,
      json: { email: 'neu@example.org' },
    });
    if (stored.status === 200) {
      expectSchema(endpointOf('Account', 'AddEmailIfNotExists').response, stored.body);
      expect((await debtorOf('100000013')).email).toBe('neu@example.org');
    } else expectProblem(stored, 403, 'notOffered');
  });

  it('PostalCodeMatchesLocation checks German postal codes against the town', async () => {
    const match = await apiCall('GET', '/api/Account/PostalCodeMatchesLocation/20457/Hamburg');
    expect(match.body).toEqual({ verdict: 'match', matches: true });
    const mismatch = await apiCall('GET', '/api/Account/PostalCodeMatchesLocation/20457/M%C3%BCnchen');
    expect(mismatch.body.verdict).toBe('mismatch');
  });

  it('DisableErinnerungsdienst switches reminders off for the token’s debtor', async () => {
    const token = await apiSignIn('100000003', { level: 'limited' });
    const answer = await apiCall('POST', '/api/Account/DisableErinnerungsdienst', {
      token,
      json: { eventId: 'ev-1', email: 'whoever@example.org' },
    });
    expect(answer.status).toBe(200);
    expect((await debtorOf('100000003')).remindersDisabledAt).not.toBeNull();
    expectProblem(await apiCall('POST', '/api/Account/DisableErinnerungsdienst', { token, json: {} }), 400, 'invalid');
  });

  it('SetCollectionBatchNumber and the third-party token are refused honestly', async () => {
    const token = await apiSignIn('100000001');
    expectProblem(
      await apiCall('POST', '/api/Account/SetCollectionBatchNumber', { token, json: { collectionBatchNumber: 'B-1' } }),
      403,
      'notOffered',
    );
    expectProblem(await apiCall('GET', '/api/Account/GetThirdPartyToken', { token }), 403, 'providerNotAvailable');
  });

  it('UpdateProfile takes multipart and makes a pending request', async () => {
    const token = await apiSignIn('100000004');
    const profile = (await apiCall('GET', '/api/Account/GetProfile', { token })).body;
    const answer = await apiCall('POST', '/api/Account/UpdateProfile', {
      token,
      form: {
        reason: 'addressError',
        salutation: String(profile.salutation),
        companyName: profile.companyName,
        firstName: profile.firstName,
        lastName: profile.lastName,
        birthday: profile.birthday,
        streetName: 'Neue Straße',
        houseNumber: '5',
        zipCode: profile.zipCode,
        city: profile.city,
        country: profile.country,
        email: profile.email,
        phone: profile.phone,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectSchema(endpointOf('Account', 'UpdateProfile').response, answer.body);
    const json = await apiCall('POST', '/api/Account/UpdateProfile', { token, json: { reason: 'misc' } });
    expectProblem(json, 415, 'unsupportedMediaType');
  });
});
