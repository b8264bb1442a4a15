/**
 * Issue 10, finding 6: a solved captcha is redeemed by its challenge, once. The same solution
 * sent again in another encoding (another `took`, whitespace, the number as text, the fields in
 * another order) is the same challenge and is refused.
 */
import { solveChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { newCaptchaChallenge, redeemCaptcha } from './captcha.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => database?.dispose());

async function solved() {
  const challenge = await newCaptchaChallenge();
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
