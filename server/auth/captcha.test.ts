/**
 * Issue 10, finding 6: a solved captcha is redeemed by its challenge, once. The same solution
 * sent again in another encoding (another `took`, whitespace, the number as text, the fields in
 * another order) is the same challenge and is refused.
 */
import { solveChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { captchaMaxNumber, newCaptchaChallenge, redeemCaptcha, redeemCaptchaAfter } from './captcha.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => database?.dispose());

async function solved(failures = 0) {
  const challenge = await newCaptchaChallenge(failures);
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('not solvable');
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
}
const encode = (value: unknown, space?: number) => Buffer.from(JSON.stringify(value, null, space)).toString('base64');

describe('redeemCaptcha', () => {
  it('accepts a solution once', async () => {
    const payload = encode(await solved());
    expect(await redeemCaptcha(database.db, payload)).toBe(true);
    expect(await redeemCaptcha(database.db, payload)).toBe(false);
  });

  it('refuses the same solution re-encoded', async () => {
    const solution = await solved();
    expect(await redeemCaptcha(database.db, encode({ ...solution, took: 120 }))).toBe(true);
    const reencoded = [
      encode({ ...solution, took: 121 }),
      encode(solution),
      encode(solution, 2),
      encode({ ...solution, number: String(solution.number) }),
      encode({
        signature: solution.signature,
        salt: solution.salt,
        number: solution.number,
        challenge: solution.challenge,
        algorithm: solution.algorithm,
      }),
      ` ${encode(solution)}`.trim() + '\n',
    ];
    for (const payload of reencoded) expect(await redeemCaptcha(database.db, payload), payload).toBe(false);
  });

  it('accepts each of two different challenges once', async () => {
    expect(await redeemCaptcha(database.db, encode(await solved()))).toBe(true);
    expect(await redeemCaptcha(database.db, encode(await solved()))).toBe(true);
  });

  it('refuses garbage and a forged signature', async () => {
    const solution = await solved();
    expect(await redeemCaptcha(database.db, 'not base64 json')).toBe(false);
    expect(await redeemCaptcha(database.db, encode({ ...solution, signature: '0'.repeat(64) }))).toBe(false);
  });
});

/**
 * Issue 25, finding 7: a small puzzle for a first attempt, a larger one after each failed sign-in,
 * and the size checked when the solution is redeemed (it is in the signed salt).
 */
describe('the puzzle grows with failed sign-ins', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.CAPTCHA_MAX_NUMBER = '1000';
    process.env.CAPTCHA_HARDEST_NUMBER = '8000';
  });
  afterAll(() => {
    process.env.CAPTCHA_MAX_NUMBER = saved.CAPTCHA_MAX_NUMBER;
    process.env.CAPTCHA_HARDEST_NUMBER = saved.CAPTCHA_HARDEST_NUMBER;
  });

  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 8000],
    [500, 8000],
    [-1, 1000],
  ])('after %i failures the bound is %i', async (failures, bound) => {
    expect(captchaMaxNumber(failures)).toBe(bound);
    expect((await newCaptchaChallenge(failures)).maxnumber).toBe(bound);
  });

  it('defaults to a small first puzzle that grows to sixteen times its size', () => {
    process.env.CAPTCHA_MAX_NUMBER = '';
    process.env.CAPTCHA_HARDEST_NUMBER = '';
    try {
      expect(captchaMaxNumber(0)).toBe(20_000);
      expect(captchaMaxNumber(4)).toBe(320_000);
      expect(captchaMaxNumber(9)).toBe(320_000);
    } finally {
      process.env.CAPTCHA_MAX_NUMBER = '1000';
      process.env.CAPTCHA_HARDEST_NUMBER = '8000';
    }
  });

  it('refuses a solution of a smaller puzzle than the failures call for, and accepts one of the right size', async () => {
    const easy = encode(await solved(0));
    expect(await redeemCaptchaAfter(database.db, easy, 2)).toBe('tooSmall');
    const fitting = encode(await solved(2));
    expect(await redeemCaptchaAfter(database.db, fitting, 2)).toBe('redeemed');
    // A larger puzzle than needed is fine; the small one is still good for a first attempt.
    expect(await redeemCaptchaAfter(database.db, encode(await solved(3)), 1)).toBe('redeemed');
    expect(await redeemCaptchaAfter(database.db, easy, 0)).toBe('redeemed');
  });

  it('refuses a solution whose size was edited in the salt', async () => {
    const solution = await solved(0);
    const forged = { ...solution, salt: solution.salt.replace(/max=\d+/, 'max=8000') };
    expect(forged.salt).not.toBe(solution.salt);
    expect(await redeemCaptchaAfter(database.db, encode(forged), 3)).toBe('refused');
  });
});
