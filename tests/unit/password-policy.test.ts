import { describe, expect, it } from 'vitest';
import { basicPasswordProblem, checkPassword } from '#server/auth/password-policy.ts';
import { parseReference } from '#server/auth/reference.ts';

describe('password rules', () => {
  it.each([
    ['', 'tooShort'],
    ['abc1', 'tooShort'],
    ['abcdefgh', 'notComplex'],
    ['12345678', 'notComplex'],
    ['ÄÖÜäöüß1', null],
    ['Lindenbaum-42', null],
  ])('basic rules for %j', (password, problem) => {
    expect(basicPasswordProblem(password)).toBe(problem);
  });

  it.each(['Passwort1', 'passwort123', 'Sommer2024', 'qwertz123', 'abcdefg1', 'Hallo1234'])(
    'refuses the common password %s',
    async (password) => {
      await expect(checkPassword(password)).resolves.toMatchObject({ ok: false, problem: 'tooWeak' });
    },
  );

  it('refuses passwords built from the debtor’s own data', async () => {
    await expect(checkPassword('Xq7!Schneider-Wald', ['Schneider'])).resolves.toMatchObject({
      ok: false,
      problem: 'tooWeak',
    });
    await expect(checkPassword('Xq7!Schneider-Wald', ['Becker'])).resolves.toMatchObject({ ok: true });
  });

  it('accepts a long passphrase', async () => {
    await expect(checkPassword('Gr8-Lindenbaum-42')).resolves.toMatchObject({ ok: true });
  });
});

describe('reference numbers', () => {
  it.each([
    ['100000001', { ok: true, refno: '100000001', subcase: null }],
    ['100000010-2', { ok: true, refno: '100000010', subcase: 2 }],
    ['100000010/2', { ok: true, refno: '100000010', subcase: 2 }],
    ['100 000 010 / 3', { ok: true, refno: '100000010', subcase: 3 }],
    ['', { ok: false, error: 'required' }],
    ['12345', { ok: false, error: 'tooShort' }],
    ['12345-2', { ok: false, error: 'tooShort' }],
    ['1234567890', { ok: false, error: 'format' }],
    ['10000000A', { ok: false, error: 'format' }],
    ['100000010-2-3', { ok: false, error: 'format' }],
    ['100000010-1234', { ok: false, error: 'format' }],
  ])('%j', (input, expected) => {
    expect(parseReference(input)).toEqual(expected);
  });
});
